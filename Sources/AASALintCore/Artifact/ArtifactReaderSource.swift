#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Bytes read by range, so that an archive of hundreds of megabytes is never read whole: the
/// readers ask only for the records and entries they need.
protocol ArtifactReaderSource: Sendable {
    var count: Int { get }
    /// The bytes in `range`, which lies inside `0..<count`.
    func bytes(in range: Range<Int>) throws(ArtifactReaderError) -> [UInt8]
}

extension ArtifactReaderSource {
    /// The bytes at `offset`, `length` of them, or an error naming `what` when they lie past the end.
    func bytes(at offset: Int, length: Int, what: String) throws(ArtifactReaderError) -> [UInt8] {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw ArtifactReaderError("\(what): \(length) bytes at offset \(offset), past the end of the \(count) there are")
        }
        return try bytes(in: offset..<(offset + length))
    }
}

/// A file on disk read through its descriptor with `pread`, counting the bytes read.
final class FileArtifactSource: ArtifactReaderSource, @unchecked Sendable {
    package let count: Int
    private let descriptor: Int32
    private let lock = Lock()
    private var read = 0

    package init(path: String) throws(ArtifactReaderError) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ArtifactReaderError("cannot read \(path): not a regular file")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ArtifactReaderError("cannot open \(path) for reading (check its permissions)") }
        self.descriptor = descriptor
        count = Int(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// How many bytes the readers asked for so far.
    package var bytesRead: Int {
        lock.lock()
        defer { lock.unlock() }
        return read
    }

    package func bytes(in range: Range<Int>) throws(ArtifactReaderError) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let got = result.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            }
            guard got > 0 else { throw ArtifactReaderError("the file ended or failed while reading \(range.count) bytes at offset \(range.lowerBound)") }
            done += got
        }
        lock.lock()
        read += range.count
        lock.unlock()
        return result
    }
}

/// Bytes already in memory (a deflated zip entry, standard input, a fuzzer's input).
struct MemoryArtifactSource: ArtifactReaderSource {
    package let contents: [UInt8]

    package init(_ contents: [UInt8]) {
        self.contents = contents
    }

    package var count: Int { contents.count }

    package func bytes(in range: Range<Int>) throws(ArtifactReaderError) -> [UInt8] {
        Array(contents[range])
    }
}

/// A range of another source: a stored zip entry, or one slice of a fat binary.
struct ArtifactReaderSubrange: ArtifactReaderSource {
    let base: any ArtifactReaderSource
    let offset: Int
    package let count: Int

    init(_ base: any ArtifactReaderSource, offset: Int, count: Int) {
        self.base = base
        self.offset = offset
        self.count = count
    }

    package func bytes(in range: Range<Int>) throws(ArtifactReaderError) -> [UInt8] {
        try base.bytes(in: (offset + range.lowerBound)..<(offset + range.upperBound))
    }
}
