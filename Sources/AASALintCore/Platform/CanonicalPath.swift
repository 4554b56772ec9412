#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one spelling of a path that comparisons use: whether a file lies in a configuration's
/// folder, and its path from there for globs, overrides, `ignore:` entries, baseline keys and
/// plugin requests. Reports keep the spelling the user gave.
///
/// `realpath` resolves symbolic links, `.`, `..` and repeated slashes on both systems. On macOS
/// it matters more: `/tmp`, `/var` and `/etc` are links into `/private`, so a file named
/// `/tmp/x/web/...` lies in a configuration found from the working directory `/private/tmp/x`;
/// and on a case-insensitive volume (APFS's default) Darwin's `realpath` also spells each
/// component as it is stored (it reads names with `getattrlist`), so `lint Web` and `lint web`
/// name one file with one baseline key.
package enum CanonicalPath {
    /// `path` (absolute, or relative to the working directory) resolved; nil when it does not
    /// exist. A last component that is a symbolic link to a file is kept by name: a linked file
    /// is placed where its link stands, as the configuration names it.
    package static func of(_ path: String) -> String? {
        // A configuration in the working directory has the folder "".
        let path = path.isEmpty ? "." : path
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFLNK, !isFolder(path) else { return resolved(path) }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return resolved(folder).map { $0 == "/" ? "/" + name : $0 + "/" + name }
    }

    /// `file` from `folder`, both absolute, by whole components; nil when it lies elsewhere.
    package static func path(_ file: String, from folder: String) -> String? {
        if folder == "/" { return String(file.dropFirst()) }
        guard PathContainment.path(file, isBelow: folder) else { return nil }
        return String(file.dropFirst(folder.count + 1))
    }

    /// `file` from `folder` (each absolute, or relative to the working directory): between
    /// their resolved forms (`resolve`) when both resolve and the file lies inside, otherwise
    /// between their absolute spellings (`absolute`), which place a file that does not exist,
    /// or one that a link inside the folder leads to from elsewhere.
    package static func path(_ file: String, from folder: String,
                     resolve: (String) -> String?, absolute: (String) -> String) -> String? {
        if let resolvedFile = resolve(file), let resolvedFolder = resolve(folder),
           let relative = path(resolvedFile, from: resolvedFolder) {
            return relative
        }
        return path(absolute(file), from: absolute(folder))
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `path` with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    package static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
