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

/// A file chosen for linting: where it is, how reports name it, and what it is.
package struct DiscoveredFile: Hashable, Sendable {
    package let path: String
    package let kind: FileKind

    package init(path: String, kind: FileKind) {
        self.path = path
        self.kind = kind
    }
}

/// Finds AASA and entitlements files under the paths a user names (DESIGN.md, "File discovery").
///
/// A file named explicitly is always linted (its kind comes from its name); inside folders,
/// only files whose names say what they are. Folders that hold build products or
/// dependencies are skipped; each real folder is walked once, and symbolic links lead neither
/// to a folder around the walk nor onto another file system (see `FolderWalk`).
package struct FileDiscovery: Sendable {
    package static let skippedFolders: Set<String> = [".git", ".build", "node_modules", "Pods", "DerivedData"]
    static let aasaName = "apple-app-site-association"
    static let assetLinksName = "assetlinks"

    package init() {}

    /// What `discover` found: every file, and which of them each folder named on the command line holds.
    package struct Discovery: Sendable {
        /// Sorted and without repeats.
        package let files: [DiscoveredFile]
        /// Unreadable folders and missing paths, which do not stop the walk.
        package let problems: [UsageError]
        /// Files the walk left out and says so, without failing the run: links to files outside the folder walked.
        package let notes: [String]
        package let folders: [(path: String, files: [DiscoveredFile])]
        /// The project sources the same walk met (Xcode projects, XcodeGen specs, Expo app configs,
        /// .NET projects), and those named, sorted and without repeats: what `ProjectDiscovery` reads.
        package let projectSources: [String]
    }

    package func discover(_ paths: [String]) -> Discovery {
        var files: [DiscoveredFile] = []
        var problems: [UsageError] = []
        var notes: [String] = []
        var folders: [(path: String, files: [DiscoveredFile])] = []
        var projectSources: [String] = []
        let manager = FileManager.default
        for path in paths {
            let status = PathStatus.of(path)
            guard status != .missing else {
                problems.append(UsageError("\(path.isEmpty ? "''" : path): no such file or directory"))
                continue
            }
            if status == .folder, ArtifactBundle.Layout(path: DisplayPath.of(path)) == nil {
                var walk = FolderWalk(manager: manager)
                walk.visit(root: path, shownAs: DisplayPath.of(path))
                files += walk.found
                problems += walk.problems
                notes += walk.notes
                projectSources += walk.projectSources
                folders.append((DisplayPath.of(path), walk.found))
            } else if ProjectDiscovery.isProjectSource(named: PathNames.lastComponent(of: path)) {
                // A project file (project.yml, app.json, a .csproj) is read as a project, and the
                // entitlements it holds are linted from there.
                projectSources.append(DisplayPath.of(path))
            } else {
                files.append(DiscoveredFile(path: DisplayPath.of(path), kind: Self.kind(ofExplicitName: path)))
            }
        }
        return Discovery(files: Self.sortedWithoutRepeats(files), problems: problems, notes: notes, folders: folders,
                         projectSources: Set(projectSources).sorted())
    }

    /// Sorted by path, each file once: repeats are found among the files of one path rather than
    /// through a set (start-up: scripts/check-startup-budget.sh).
    private static func sortedWithoutRepeats(_ files: [DiscoveredFile]) -> [DiscoveredFile] {
        var unique: [DiscoveredFile] = []
        var samePathStart = 0
        for file in files.sorted(by: { $0.path < $1.path }) {
            if unique.last?.path != file.path {
                samePathStart = unique.count
            } else if unique[samePathStart...].contains(file) {
                continue
            }
            unique.append(file)
        }
        return unique
    }

    /// Whether the file at display path `file` lies inside the folder at display path `folder`.
    package static func path(_ file: String, isInside folder: String) -> Bool {
        PathContainment.path(PathNames.absolute(file), isBelow: PathNames.absolute(folder))
    }

    /// The kind of the file at `path` met inside a folder (by the folder walk, or opened in an
    /// editor), or nil when its name says it is neither. `index.json` in
    /// `.well-known/apple-app-site-association/` is an AASA file that only a server mapping
    /// folders to index files answers for, through a redirect Apple does not follow: it is
    /// found, so that misplaced-aasa says where it must be.
    package static func kind(ofDiscoveredFileAt path: String) -> FileKind? {
        let name = PathNames.lastComponent(of: path)
        if let kind = kind(ofDiscoveredName: name) { return kind }
        let folder = PathNames.folder(of: path)
        let isFolderIndex = name == "index.json" && PathNames.lastComponent(of: folder) == aasaName
            && PathNames.lastComponent(of: PathNames.folder(of: folder)) == ".well-known"
        return isFolderIndex ? .aasa : nil
    }

    /// The kind of a file met inside a folder, or nil when its name says it is neither.
    static func kind(ofDiscoveredName name: String) -> FileKind? {
        if name.hasSuffix(".entitlements") || isDotNetEntitlements(name) { return .entitlements }
        if isProvisioningProfile(name) { return .provisioningProfile }
        if name.lowercased().hasSuffix(".ipa") || AndroidPackage.Format(path: name) != nil { return .artifact }
        if isAssetLinks(name) { return .assetLinks }
        if isAndroidManifest(name) { return .androidManifest }
        guard let range = name.lastRange(of: aasaName, ignoringASCIICase: true) else { return nil }
        // Also accept copies such as `apple-app-site-association (2)` and prefixed names such
        // as `web__apple-app-site-association`, which exports and corpora produce.
        let rest = name[range.upperBound...]
        return rest.isEmpty || rest.lowercased() == ".json" || rest.hasPrefix(" ") ? .aasa : nil
    }

    /// The kind of a file named on the command line: from its name, else from its content (a
    /// property list with entitlement keys is entitlements), else an AASA file.
    package static func kind(ofExplicitName path: String) -> FileKind {
        let kind = kind(ofNamed: path)
        let name = PathNames.lastComponent(of: path)
        let saysNothing = kind == .aasa && name.lastRange(of: aasaName, ignoringASCIICase: true) == nil && !name.lowercased().hasSuffix(".json")
        return saysNothing && EntitlementsSniffing.looksLikeEntitlements(atPath: path) ? .entitlements : kind
    }

    /// The kind of a named file from its name alone; an AASA file when the name says nothing.
    package static func kind(ofNamed path: String) -> FileKind {
        if isProvisioningProfile(path) { return .provisioningProfile }
        if ArtifactBundle.Layout(path: DisplayPath.of(path)) != nil || AndroidPackage.Format(path: path) != nil { return .artifact }
        if isAssetLinks(PathNames.lastComponent(of: path)) { return .assetLinks }
        if isAndroidManifest(PathNames.lastComponent(of: path)) { return .androidManifest }
        return path.hasSuffix(".entitlements") || isDotNetEntitlements(PathNames.lastComponent(of: path)) ? .entitlements : .aasa
    }

    /// `assetlinks.json`, and, as for AASA files, prefixed names (`web__assetlinks.json`,
    /// `example.com.assetlinks.json`) and copies (`assetlinks (2).json`). The extension is part
    /// of the served name, so a bare `assetlinks` is not one.
    static func isAssetLinks(_ name: String) -> Bool {
        guard let range = name.lastRange(of: assetLinksName, ignoringASCIICase: true) else { return false }
        let rest = name[range.upperBound...].lowercased()
        return rest == ".json" || rest.hasPrefix(" (") && rest.hasSuffix(").json")
    }

    /// `AndroidManifest.xml`, also with a prefix (`debug.AndroidManifest.xml`), as manifests are
    /// exported and kept in corpora.
    static func isAndroidManifest(_ name: String) -> Bool {
        name.hasSuffix("AndroidManifest.xml")
    }

    /// .NET MAUI's and Xamarin's `Entitlements.plist`, and `Entitlements.Release.plist` and the like.
    static func isDotNetEntitlements(_ name: String) -> Bool {
        name == "Entitlements.plist" || name.hasPrefix("Entitlements.") && name.hasSuffix(".plist")
    }

    /// `embedded.mobileprovision` inside iOS apps, `*.mobileprovision` and macOS's `*.provisionprofile`.
    static func isProvisioningProfile(_ name: String) -> Bool {
        name.hasSuffix(".mobileprovision") || name.hasSuffix(".provisionprofile")
    }

    /// `.app` bundles and `.xcarchive` archives: folders that are one input each.
    static func isArtifactFolder(named name: String) -> Bool {
        guard let layout = ArtifactBundle.Layout(path: name) else { return false }
        return layout != .ipa
    }

}

/// One walk of a folder named on the command line. Each real folder is visited once (by device
/// and inode), however many links lead to it, so links cannot multiply the work: L levels of
/// two links to the same folder visit it once, not 2^L times. A symbolic link is not followed
/// to a folder that holds the walk (a link to `..` or `/` would walk everything around it),
/// nor onto another file system than the named folder's: that keeps `/proc`, `/sys`, `/dev`
/// and network mounts out of reach of a link, while a folder mounted inside the tree is walked.
/// A file reached by a link onto another file system is not linted either, and that is said;
/// nor is one reached by a link to a file outside the repository that holds the walk (or the
/// working folder, or the folder walked, when none does): a committed link to
/// `../.git-credentials` would be quoted in the report. That is noted.
private struct FolderWalk {
    let manager: FileManager
    var found: [DiscoveredFile] = []
    var problems: [UsageError] = []
    var notes: [String] = []
    /// Project sources met on the way, for `ProjectDiscovery`: one walk finds both.
    var projectSources: [String] = []
    private var visited = Set<FileIdentity>()
    private var rootDevice: dev_t?
    private var rootRealPath = ""
    /// Where a file link may lead: the repository, the working folder or the folder walked.
    private var boundary = (path: "", name: "")

    init(manager: FileManager) {
        self.manager = manager
    }

    mutating func visit(root: String, shownAs shown: String) {
        var info = stat()
        guard stat(root, &info) == 0 else { return }
        rootDevice = info.st_dev
        rootRealPath = CanonicalPath.resolved(root) ?? root
        boundary = Self.boundary(of: rootRealPath, shownAs: shown)
        if PathNames.lastComponent(of: shown).hasSuffix(".xcodeproj") { recordXcodeProject(at: root, shownAs: shown) }
        visit(folder: root, shownAs: shown, info: info)
    }

    private mutating func visit(folder: String, shownAs shown: String, info: stat) {
        guard visited.insert(FileIdentity(info)).inserted else { return }
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
            var entry = stat()
            guard stat(path, &entry) == 0 else {
                if errno == ENAMETOOLONG {
                    problems.append(UsageError("\(shownPath): not searched: its path is longer than the system allows (PATH_MAX); lint it from a folder nearer to it"))
                } else if let problem = unreachableEntryProblem(named: name, path: path, shownAs: shownPath) {
                    problems.append(problem)
                }
                continue
            }
            if entry.st_mode & S_IFMT == S_IFDIR {
                guard !FileDiscovery.skippedFolders.contains(name), followsLink(at: path, to: entry) else { continue }
                // A bundle or an archive is one input, not a folder of loose files.
                if FileDiscovery.isArtifactFolder(named: name) {
                    found.append(DiscoveredFile(path: shownPath, kind: .artifact))
                } else {
                    if name.hasSuffix(".xcodeproj") { recordXcodeProject(at: path, shownAs: shownPath) }
                    visit(folder: path, shownAs: shownPath, info: entry)
                }
            } else {
                let kind = FileDiscovery.kind(ofDiscoveredFileAt: path)
                guard kind != nil || ProjectDiscovery.isProjectSource(named: name) else { continue }
                let use = kind == nil ? "read as a project" : "linted"
                // A link to /proc/self/environ would put the environment (CI secrets) in the report.
                guard entry.st_dev == rootDevice || !isSymbolicLink(path) else {
                    problems.append(UsageError("\(shownPath): not \(use): it is a symbolic link onto another file system; "
                        + "name it on the command line to lint it anyway"))
                    continue
                }
                guard !isSymbolicLink(path) || leadsInside(path) else {
                    notes.append("\(shownPath): not \(use): it is a symbolic link to a file outside \(boundary.name); name it on the command line to lint it anyway")
                    continue
                }
                if let kind {
                    found.append(DiscoveredFile(path: shownPath, kind: kind))
                } else {
                    projectSources.append(shownPath)
                }
            }
        }
    }

    /// An `.xcodeproj` folder is a project when it holds `project.pbxproj`.
    private mutating func recordXcodeProject(at path: String, shownAs shown: String) {
        if FileManager.default.fileExists(atPath: path + "/" + ProjectDiscovery.projectFile) { projectSources.append(shown) }
    }

    /// Whether the folder at `path` is walked into: always when it is not a symbolic link.
    private func followsLink(at path: String, to folder: stat) -> Bool {
        guard isSymbolicLink(path) else { return true }
        guard folder.st_dev == rootDevice else { return false }
        guard let target = CanonicalPath.resolved(path) else { return false }
        return !(rootRealPath == target || PathContainment.path(rootRealPath, isBelow: target))
    }

    /// Whether the link at `path` resolves to a file inside the boundary.
    private func leadsInside(_ path: String) -> Bool {
        CanonicalPath.resolved(path).map { PathContainment.path($0, isBelow: boundary.path) } ?? false
    }

    /// The repository holding `root` (the nearest folder upward with `.git`); else the working
    /// folder when it holds `root`; else `root`.
    private static func boundary(of root: String, shownAs shown: String) -> (path: String, name: String) {
        if let repository = SourceRoot.repositoryFolder(containing: root) { return (repository, "the repository") }
        if let working = CanonicalPath.resolved("."), working == root || PathContainment.path(root, isBelow: working) {
            return (working, "the working folder")
        }
        return (root, shown)
    }

    private func isSymbolicLink(_ path: String) -> Bool {
        var link = stat()
        return lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
    }

    /// Why an entry that cannot be followed matters: it would have been linted, or its name is
    /// not UTF-8 (Foundation then cannot even name it, so whether it holds files is unknown).
    /// Other broken links are none of aasalint's business.
    private func unreachableEntryProblem(named name: String, path: String, shownAs shown: String) -> UsageError? {
        if name.unicodeScalars.contains("\u{FFFD}") {
            return UsageError("\(shown): cannot read this entry: its name is not valid UTF-8 (shown with \u{FFFD}); rename it")
        }
        guard FileDiscovery.kind(ofDiscoveredFileAt: path) != nil else { return nil }
        let target = (try? manager.destinationOfSymbolicLink(atPath: path)).map { " to \($0)" } ?? ""
        return UsageError("\(shown): cannot read this file: it is a symbolic link\(target) that leads nowhere or back to itself")
    }

    private func reason(_ error: Error) -> String {
        FileErrorReason.of(error, otherwise: "permission denied or not a folder")
    }
}
