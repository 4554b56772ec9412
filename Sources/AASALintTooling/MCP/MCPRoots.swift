import AASALintCore
/// The folders an MCP client may name files in: its workspace roots. A path is inside when,
/// with every symbolic link and `..` resolved, it is a root or lies below one, so that neither
/// `../` nor a link in the workspace leads a tool out of it.
struct MCPRoots {
    /// Absolute, as given.
    let paths: [String]
    /// Resolved; a root that does not exist holds nothing.
    private let resolved: [String]

    init(paths: [String]) {
        self.paths = paths.map { PathNames.absolute($0) }
        resolved = self.paths.compactMap(CanonicalPath.resolved)
    }

    /// The file or folder at `path` (relative to the first root, or absolute), resolved; the
    /// error says why it cannot be used.
    func resolve(_ path: String, what: String) throws(CallFailure) -> String {
        guard !path.isEmpty, !path.utf8.contains(0) else { throw .invalid("\(what) is an empty path or holds a NUL byte") }
        let absolute = PathNames.absolute(path, from: paths.first ?? "/")
        guard let file = CanonicalPath.resolved(absolute) else {
            throw .invalid("\(what) \(path): no such file or folder in the workspace (\(paths.joined(separator: ", ")))")
        }
        guard contains(resolvedPath: file) else {
            throw .invalid("\(what) \(path) is outside the workspace roots (\(paths.joined(separator: ", "))): the server reads only files inside them")
        }
        return file
    }

    /// Whether `path` (absolute, `..` resolved) lies in a root: its nearest folder that exists,
    /// resolved, with the rest of the path, which no link can redirect since none of it exists.
    func contains(_ path: String) -> Bool {
        var existing = path
        var rest: [String] = []
        while CanonicalPath.resolved(existing) == nil {
            let folder = PathNames.folder(of: existing)
            guard !folder.isEmpty, folder != existing else { return false }
            rest.insert(PathNames.lastComponent(of: existing), at: 0)
            existing = folder
        }
        guard let resolvedFolder = CanonicalPath.resolved(existing) else { return false }
        return contains(resolvedPath: rest.reduce(resolvedFolder) { PathNames.appending($1, to: $0) })
    }

    private func contains(resolvedPath file: String) -> Bool {
        resolved.contains { root in file == root || PathContainment.path(file, isBelow: root) }
    }
}
