#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A file or standard input, read through its descriptor (Foundation's FileHandle, which the
/// binary does not link).
public final class InputDescriptor: Sendable {
    public let descriptor: Int32
    private let closesOnDeinit: Bool

    public static let standardInput = InputDescriptor(descriptor: STDIN_FILENO, closesOnDeinit: false)

    private init(descriptor: Int32, closesOnDeinit: Bool) {
        self.descriptor = descriptor
        self.closesOnDeinit = closesOnDeinit
    }

    /// Nil when the file cannot be opened for reading.
    public convenience init?(forReadingAtPath path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.init(descriptor: descriptor, closesOnDeinit: true)
    }

    /// `-` is standard input.
    public static func opening(_ path: String) -> InputDescriptor? {
        path == "-" ? standardInput : InputDescriptor(forReadingAtPath: path)
    }

    deinit {
        if closesOnDeinit { close(descriptor) }
    }

    /// Up to `count` bytes, fewer only at the end of the input; nil when reading fails.
    public func read(upToCount count: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: Swift.min(count, 1 << 16))
        while bytes.count < count {
            let wanted = Swift.min(chunk.count, count - bytes.count)
            let read = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            bytes += chunk[0..<read]
        }
        return bytes
    }
}

/// The C library's `read`, which the method of the same name hides.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
