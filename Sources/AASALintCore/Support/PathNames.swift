#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The parts of a path as text, as NSString's path methods name them (Foundation's, which the
/// binary does not link): trailing slashes are ignored, `/` is its own last component.
package enum PathNames {
    /// `a/b` for `a/b/c`, `/` for `/a`, the empty string for a bare name.
    package static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(withoutTrailingSlashes(String(folder)))
    }

    /// `c` for `a/b/c/`, `/` for `/`.
    package static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `name` in `folder`, with one slash between them; `name` alone when `folder` is empty.
    package static func appending(_ name: String, to folder: String) -> String {
        guard !folder.isEmpty else { return name }
        return withoutTrailingSlashes(folder) == "/" ? "/" + name : withoutTrailingSlashes(folder) + "/" + name
    }

    /// `relative` under `base` (itself when absolute), with `.` and `..` resolved, in the form
    /// reports show paths; a `..` that climbs above a relative base is kept.
    package static func joined(_ base: String, _ relative: String) -> String {
        let combined = relative.hasPrefix("/") || base == "." ? relative : base + "/" + relative
        let isAbsolute = combined.hasPrefix("/")
        var parts: [Substring] = []
        for part in combined.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part != ".." || !isAbsolute {
                parts.append(part)
            }
        }
        // Appended as strings part by part: `[Substring].joined` and `String += Substring` are
        // generic code the compiler does not specialise, and their first call looks a conformance
        // up by scanning every one in the binary (scripts/check-startup-budget.sh).
        var joined = isAbsolute ? "/" : ""
        for (index, part) in parts.enumerated() {
            if index > 0 { joined += "/" }
            joined += String(part)
        }
        return DisplayPath.of(joined.isEmpty ? "." : joined)
    }

    /// `path` as an absolute path with `.` and `..` resolved and no link followed: the one form
    /// in which two spellings of a path are compared. A relative `path` is taken from
    /// `directory`, itself absolute or from the working folder (the default).
    package static func absolute(_ path: String, from directory: String = ".") -> String {
        let workingFolder = FileManager.default.currentDirectoryPath
        let base = directory.hasPrefix("/") ? directory : joined(workingFolder, directory)
        return joined(base, path)
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return String(trimmed)
    }
}
