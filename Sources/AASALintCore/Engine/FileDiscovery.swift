import Foundation

/// A file chosen for linting: where it is, how reports name it, and what it is.
public struct DiscoveredFile: Hashable, Sendable {
    public let path: String
    public let kind: FileKind

    public init(path: String, kind: FileKind) {
        self.path = path
        self.kind = kind
    }
}

/// Finds AASA and entitlements files under the paths a user names (DESIGN.md, "File discovery").
///
/// A file named explicitly is always linted (its kind comes from its name); inside folders,
/// only files whose names say what they are. Folders that hold build products or
/// dependencies are skipped, and a symlink that leads back to a folder already being walked
/// is not followed again.
public struct FileDiscovery: Sendable {
    public static let skippedFolders: Set<String> = [".git", ".build", "node_modules", "Pods", "DerivedData"]
    static let aasaName = "apple-app-site-association"

    public init() {}

    /// What `discover` found: every file, and which of them each folder named on the command line holds.
    public struct Discovery: Sendable {
        /// Sorted and without repeats.
        public let files: [DiscoveredFile]
        /// Unreadable folders and missing paths, which do not stop the walk.
        public let problems: [UsageError]
        public let folders: [(path: String, files: [DiscoveredFile])]
    }

    public func discover(_ paths: [String]) -> Discovery {
        var files = Set<DiscoveredFile>()
        var problems: [UsageError] = []
        var folders: [(path: String, files: [DiscoveredFile])] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(UsageError("\(path.isEmpty ? "''" : path): no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                var walk = FolderWalk(manager: manager)
                walk.visit(folder: path, shownAs: Self.displayPath(path))
                files.formUnion(walk.found)
                problems += walk.problems
                folders.append((Self.displayPath(path), walk.found))
            } else {
                files.insert(DiscoveredFile(path: Self.displayPath(path), kind: Self.kind(ofExplicitName: path)))
            }
        }
        return Discovery(files: files.sorted { $0.path < $1.path }, problems: problems, folders: folders)
    }

    /// Whether the file at display path `file` lies inside the folder at display path `folder`.
    public static func path(_ file: String, isInside folder: String) -> Bool {
        let folderPath = URL(fileURLWithPath: folder).standardizedFileURL.path
        return URL(fileURLWithPath: file).standardizedFileURL.path.hasPrefix(folderPath == "/" ? "/" : folderPath + "/")
    }

    /// The kind of a file met inside a folder, or nil when its name says it is neither.
    public static func kind(ofDiscoveredName name: String) -> FileKind? {
        if name.hasSuffix(".entitlements") { return .entitlements }
        guard let range = name.range(of: aasaName, options: [.caseInsensitive, .backwards]) else { return nil }
        // Also accept copies such as `apple-app-site-association (2)` and prefixed names such
        // as `web__apple-app-site-association`, which exports and corpora produce.
        let rest = name[range.upperBound...]
        return rest.isEmpty || rest.lowercased() == ".json" || rest.hasPrefix(" ") ? .aasa : nil
    }

    public static func kind(ofExplicitName path: String) -> FileKind {
        path.hasSuffix(".entitlements") ? .entitlements : .aasa
    }

    public static func displayPath(_ path: String) -> String {
        var shown = path
        while shown.hasPrefix("./") { shown.removeFirst(2) }
        while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
        return shown.isEmpty ? "." : shown
    }

    /// The absolute form of a path relative to the working directory, for comparing paths
    /// that name the same file in different ways.
    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

private struct FolderWalk {
    let manager: FileManager
    var found: [DiscoveredFile] = []
    var problems: [UsageError] = []
    private var foldersOnPath = Set<String>()

    init(manager: FileManager) {
        self.manager = manager
    }

    mutating func visit(folder: String, shownAs shown: String) {
        let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard foldersOnPath.insert(real).inserted else { return }
        defer { foldersOnPath.remove(real) }
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: folder)
        } catch {
            problems.append(UsageError("\(shown): cannot read this folder (\(reason(error)))"))
            return
        }
        for name in names.sorted() {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let shownPath = shown == "." ? name : shown + "/" + name
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if let problem = unreachableEntryProblem(named: name, path: path, shownAs: shownPath) { problems.append(problem) }
                continue
            }
            if isDirectory.boolValue {
                if !FileDiscovery.skippedFolders.contains(name) { visit(folder: path, shownAs: shownPath) }
            } else if let kind = FileDiscovery.kind(ofDiscoveredName: name) {
                found.append(DiscoveredFile(path: shownPath, kind: kind))
            }
        }
    }

    /// Why an entry that cannot be followed matters: it would have been linted, or its name is
    /// not UTF-8 (Foundation then cannot even name it, so whether it holds files is unknown).
    /// Other broken links are none of aasalint's business.
    private func unreachableEntryProblem(named name: String, path: String, shownAs shown: String) -> UsageError? {
        if name.unicodeScalars.contains("\u{FFFD}") {
            return UsageError("\(shown): cannot read this entry: its name is not valid UTF-8 (shown with \u{FFFD}); rename it")
        }
        guard FileDiscovery.kind(ofDiscoveredName: name) != nil else { return nil }
        let target = (try? manager.destinationOfSymbolicLink(atPath: path)).map { " to \($0)" } ?? ""
        return UsageError("\(shown): cannot read this file: it is a symbolic link\(target) that leads nowhere or back to itself")
    }

    private func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? "permission denied or not a folder"
    }
}
