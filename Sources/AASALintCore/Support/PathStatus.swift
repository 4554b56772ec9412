#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// What a path names, symbolic links followed: what `FileManager.fileExists(atPath:isDirectory:)`
/// tells, whose flag is an `ObjCBool` on Apple's platforms and a `Bool` elsewhere.
package enum PathStatus: Equatable {
    case missing
    case folder
    case other

    package static func of(_ path: String) -> PathStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .folder : .other
    }
}
