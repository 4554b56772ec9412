#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reads discovered files into `LintFile`s, refusing to load files too large to be real.
package struct FileReader: Sendable {
    /// Files above this are not read at all; `file-too-large` still reports their size.
    package static let defaultReadLimit = 64 * 1024 * 1024

    package let readLimit: Int

    package init(readLimit: Int = FileReader.defaultReadLimit) {
        self.readLimit = readLimit
    }

    /// What is in a file, unless it is too large to read.
    package enum Contents: Sendable {
        case bytes([UInt8])
        case tooLarge(byteCount: Int)
    }

    package func read(_ file: DiscoveredFile) throws(UsageError) -> LintFile {
        Self.file(path: file.path, kind: file.kind, try contents(ofFile: file.path))
    }

    /// The bytes of the regular file at `path` (symbolic links followed), read only when the
    /// file is within the limit.
    package func contents(ofFile path: String) throws(UsageError) -> Contents {
        let size = try Self.regularFileSize(path)
        guard size <= readLimit else { return .tooLarge(byteCount: size) }
        guard let handle = InputDescriptor(forReadingAtPath: path) else {
            throw UsageError("\(path): cannot open this file for reading (check its permissions)")
        }
        guard let contents = contents(of: handle, claimedSize: size) else {
            throw UsageError("\(path): cannot read this file (a read error)")
        }
        return contents
    }

    /// The size of the regular file at `path`, or why it is not one to read. `stat` follows
    /// symbolic links, so the size and type checked are those of the file that will be read:
    /// a link to a huge file, a FIFO or /dev/zero must not be opened.
    package static func regularFileSize(_ path: String) throws(UsageError) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw UsageError("\(path): cannot read this file (\(reason(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw UsageError("\(path): not a regular file (\(typeName(status.st_mode))); "
                + "aasalint reads only regular files, so remove it or exclude it")
        }
        return Int(status.st_size)
    }

    /// What `handle` holds (a file, or a pipe such as standard input), read up to one byte past
    /// the limit, which tells a file that grew since `stat` from one that did not; nil when
    /// reading fails. Over the limit, the size is that of the file (a pipe's is not known).
    package func contents(of handle: InputDescriptor, claimedSize: Int? = nil) -> Contents? {
        guard let data = handle.read(upToCount: readLimit + 1, expecting: claimedSize) else { return nil }
        guard data.count > readLimit else { return .bytes(data) }
        var status = stat()
        let size = claimedSize ?? (fstat(handle.descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0)
        return .tooLarge(byteCount: max(size, data.count))
    }

    /// The file for `contents` read from somewhere other than a discovered file.
    package static func file(path: String, kind: FileKind, _ contents: Contents) -> LintFile {
        switch contents {
        case .bytes(let bytes): LintFile(path: path, kind: kind, bytes: bytes)
        case .tooLarge(let byteCount): LintFile(path: path, kind: kind, bytes: [], byteCount: byteCount)
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "it does not exist, or is a symbolic link to nothing"
        case ELOOP: "it is a symbolic link that leads back to itself"
        default: String(cString: strerror(code))
        }
    }

    private static func typeName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }
}
