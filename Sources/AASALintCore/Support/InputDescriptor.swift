#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A file or standard input, read through its descriptor (Foundation's FileHandle, which the
/// binary does not link).
package final class InputDescriptor: Sendable {
    package let descriptor: Int32
    private let closesOnDeinit: Bool

    package static let standardInput = InputDescriptor(descriptor: STDIN_FILENO, closesOnDeinit: false)

    private init(descriptor: Int32, closesOnDeinit: Bool) {
        self.descriptor = descriptor
        self.closesOnDeinit = closesOnDeinit
    }

    /// Nil when the file cannot be opened for reading.
    package convenience init?(forReadingAtPath path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.init(descriptor: descriptor, closesOnDeinit: true)
    }

    /// `-` is standard input.
    package static func opening(_ path: String) -> InputDescriptor? {
        path == "-" ? standardInput : InputDescriptor(forReadingAtPath: path)
    }

    deinit {
        if closesOnDeinit { close(descriptor) }
    }

    /// Up to `count` bytes, fewer only at the end of the input; nil when reading fails. The first
    /// read asks for `expected` bytes and one more (a regular file's size at `stat`; the byte
    /// more tells a file that grew), so that such a file is read whole into the array returned:
    /// 64 KB chunks appended to each other copied a 128 KB file once more and touched twice its pages.
    package func read(upToCount count: Int, expecting expected: Int? = nil) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunkSize = expected.map { $0 + 1 } ?? 1 << 16
        while bytes.count < count {
            guard let chunk = readChunk(upToCount: Swift.min(count - bytes.count, chunkSize)) else { return nil }
            if chunk.isEmpty { break }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            chunkSize = 1 << 16
        }
        return bytes
    }

    /// One `read` into storage left uninitialised: a zero-filled buffer would cost a page fault
    /// and a page of writes for each 4 KB of it, whatever the size of the file.
    private func readChunk(upToCount count: Int) -> [UInt8]? {
        var failed = false
        let chunk = [UInt8](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            initializedCount = 0
            while true {
                let read = systemRead(descriptor, buffer.baseAddress, count)
                if read < 0 && errno == EINTR { continue }
                if read < 0 { failed = true } else { initializedCount = read }
                return
            }
        }
        return failed ? nil : chunk
    }
}

/// The C library's `read`, which the method of the same name hides.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
