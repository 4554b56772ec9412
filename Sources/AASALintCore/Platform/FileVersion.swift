#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which version of a file a path names: the file (device and inode), its size and the time its
/// inode last changed. A rewrite in place changes the size or that time, even within one second
/// (the time has nanoseconds), and a file replaced by a rename is another inode; the change time,
/// unlike the modification time, cannot be set back.
package struct FileVersion: Equatable {
    package let identity: FileIdentity
    package let size: Int64
    package let changedSeconds: Int
    package let changedNanoseconds: Int

    /// The file at `path` as it is now, through symbolic links; nil when there is none.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        identity = FileIdentity(info)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        changedSeconds = Int(info.st_ctimespec.tv_sec)
        changedNanoseconds = Int(info.st_ctimespec.tv_nsec)
        #else
        changedSeconds = Int(info.st_ctim.tv_sec)
        changedNanoseconds = Int(info.st_ctim.tv_nsec)
        #endif
    }
}
