#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Flushes a written file to disk (`fsync`), so that a rename over the original never leaves
/// an empty file after a crash. Only a regular file has blocks to flush: for a pipe, a socket
/// or a terminal (`--output /dev/stdout`), Linux's `fsync` fails with EINVAL and Darwin's with
/// ENOTSUP, and neither means that anything written was lost.
package enum DiskFlush {
    /// Flushes the file open at `descriptor` when it is a regular file. Nil when it was flushed
    /// or has nothing to flush; otherwise the errno of the failure.
    package static func flush(_ descriptor: Int32) -> Int32? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return errno }
        guard flushes(fileType: info.st_mode & S_IFMT), fsync(descriptor) != 0 else { return nil }
        let reason = errno
        return losesWrites(fsyncError: reason) ? reason : nil
    }

    /// Whether a file of this type (`st_mode & S_IFMT`) is flushed.
    package static func flushes(fileType: mode_t) -> Bool {
        fileType == S_IFREG
    }

    /// Whether `fsync` failing with `error` means the written bytes may not reach the disk.
    /// A file system that cannot flush at all (EINVAL, ENOTSUP) or is read-only (EROFS) kept
    /// what `write` accepted; an I/O error or a full disk did not.
    package static func losesWrites(fsyncError error: Int32) -> Bool {
        error != EINVAL && error != ENOTSUP && error != EROFS
    }
}
