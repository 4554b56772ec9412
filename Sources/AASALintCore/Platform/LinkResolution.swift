#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a write to a path lands, followed component by component as `open` follows it, so that
/// a path whose last link dangles (`open(O_CREAT)` creates what it names) is placed too, which
/// `realpath` cannot do.
package enum LinkResolution {
    /// A symbolic link met on the way: where it stands, and where the write ends up.
    package struct Escape: Equatable {
        package let link: String
        package let destination: String
    }

    /// The first symbolic link lying inside `root` that the way to `path` (absolute, or from the
    /// working folder) goes through, when the way ends outside `root`; nil when it ends inside,
    /// or meets no such link (a link the user named outside `root`, such as `/dev/stdout`, is
    /// theirs to name), or cannot be followed (then `open` fails on its own).
    package static func escape(of path: String, from root: String) -> Escape? {
        guard let root = CanonicalPath.resolved(root) else { return nil }
        var current = path.hasPrefix("/") ? "/" : (CanonicalPath.resolved(".") ?? "/")
        var pending = Array(path.split(separator: "/").reversed().map(String.init))
        var firstInnerLink: String?
        var hops = 0
        while let component = pending.popLast() {
            switch component {
            case ".":
                continue
            case "..":
                current = PathNames.folder(of: current).isEmpty ? "/" : PathNames.folder(of: current)
                continue
            default:
                break
            }
            let candidate = PathNames.appending(component, to: current)
            guard let destination = linkDestination(candidate) else {
                current = candidate
                continue
            }
            hops += 1
            guard hops <= 40 else { return nil }  // ELOOP, as the kernel counts
            if firstInnerLink == nil, isInside(current, root) { firstInnerLink = candidate }
            if destination.hasPrefix("/") { current = "/" }
            pending += destination.split(separator: "/").reversed().map(String.init)
        }
        guard let link = firstInnerLink, !isInside(current, root) else { return nil }
        return Escape(link: link, destination: current)
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || PathContainment.path(path, isBelow: root)
    }

    /// What the symbolic link at `path` holds; nil when `path` is not a link.
    private static func linkDestination(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
