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

/// Finds the code of the apps an entitlements file signs: the Xcode targets that sign with it
/// (their Sources build phase and synchronized folders, and their Info.plist), else the Swift and
/// Objective-C files under the entitlements file's folder. Reading is bounded in files and bytes;
/// past a bound the app's code counts as not wholly seen.
struct AppCodeLocator {
    /// A source larger than this is not hand-written code to judge.
    static let largestSource = 2 << 20
    /// An app with more sources than this is not read (its code counts as not wholly seen).
    static let mostSources = 4_000
    /// Entries a folder walk looks at before giving up.
    static let mostFolderEntries = 50_000

    let context: LintContext
    let cache: AppCodeCache

    /// The apps whose code `file` speaks for; empty for files that claim no `applinks:`. When
    /// several entitlements files sign the same code (Debug and Release), the first by path
    /// speaks for it, so that each finding is reported once.
    func apps(claimedBy file: LintFile) -> [AppCode] {
        guard Self.claimsApplinks(file) else { return [] }
        let targets = signingTargets(of: file)
        if targets.isEmpty {
            // A file that is not where its path says (standard input, a corpus of bare names) has no folder of sources.
            guard PathStatus.of(file.path) == .other else { return [] }
            let folder = XcodeProject.parentFolder(of: file.path)
            let sharing = context.files.filter { Self.claimsApplinks($0) && XcodeProject.parentFolder(of: $0.path) == folder && signingTargets(of: $0).isEmpty }
            guard sharing.map(\.path).min() == file.path else { return [] }
            return [cache.app(key: "folder " + folder) { folderApp(folder) }]
        }
        return targets.compactMap { project, target, configuration in
            let sharing = context.files.filter { Self.claimsApplinks($0) && signingTargets(of: $0).contains { $0.0.path == project.path && $0.1.name == target.name } }
            guard sharing.map(\.path).min() == file.path else { return nil }
            return cache.app(key: "target " + project.path + " " + target.name) { targetApp(project: project, target: target, configuration: configuration) }
        }
    }

    static func claimsApplinks(_ file: LintFile) -> Bool {
        file.kind == .entitlements && file.signedBundle == nil && (file.entitlements?.associatedDomains.contains { $0.value.service == "applinks" } ?? false)
    }

    /// The targets that sign with `file`, each with its configuration (a release one first).
    private func signingTargets(of file: LintFile) -> [(XcodeProject, XcodeTarget, XcodeBuildConfiguration)] {
        var found: [(XcodeProject, XcodeTarget, XcodeBuildConfiguration)] = []
        for project in context.xcodeProjects {
            let signing = project.configurations.filter { $0.entitlementsPaths.contains(file.path) }
            let ordered = signing.filter { ReleaseFiles.defaultConfigurationNames.contains($0.name) } + signing
            // Entitlements written inside a project file are those of one target.
            for target in project.targets where file.embeddingTarget.map({ $0 == target.name }) ?? true {
                guard let configuration = ordered.first(where: { $0.target == target.name }),
                      !found.contains(where: { $0.0.path == project.path && $0.1.name == target.name })
                else { continue }
                found.append((project, target, configuration))
            }
        }
        return found
    }

    private func targetApp(project: XcodeProject, target: XcodeTarget, configuration: XcodeBuildConfiguration) -> AppCode {
        var paths = target.sourceFiles.filter { AppSourceFile.language(ofPath: $0) != nil }
        var missing = target.unresolvedSourceCount
        for folder in target.synchronizedFolders {
            var walk = SourceFolderWalk()
            walk.visit(folder.path, relative: "")
            paths += walk.sources.filter { !folder.exceptions.contains($0.relative) }.map(\.path)
            if walk.isCut { missing += 1 }
        }
        // Headers are not compiled on their own; the one beside an implementation declares its class.
        paths += paths.compactMap(Self.header(of:)).filter { PathStatus.of($0) == .other }
        let (files, unread) = read(paths)
        return AppCode(origin: "the sources of target \(target.name) (\(project.path))", files: files, infoPlist: infoPlist(of: configuration),
                       missingFiles: missing + unread)
    }

    /// `X.h` beside `X.m` or `X.mm`.
    private static func header(of path: String) -> String? {
        guard path.hasSuffix(".m") || path.hasSuffix(".mm"), let dot = path.lastIndex(of: ".") else { return nil }
        return path[..<dot] + ".h"
    }

    /// What the build's Info.plist says: the file `INFOPLIST_FILE` names, with the keys that
    /// `INFOPLIST_KEY_` settings generate.
    private func infoPlist(of configuration: XcodeBuildConfiguration) -> InfoPlistFacts {
        let settings = configuration.buildSettings.values
        var facts = InfoPlistFacts.unknown
        if let path = configuration.path(ofSetting: "INFOPLIST_FILE") {
            if case .bytes(let bytes)? = try? FileReader().contents(ofFile: path) { facts = InfoPlistFacts(plist: bytes) }
        } else if settings["GENERATE_INFOPLIST_FILE"] == "YES" {
            facts = InfoPlistFacts(isSceneBased: false, declaresURLTypes: false)
        }
        if settings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"] == "YES" { facts.isSceneBased = true }
        return facts
    }

    private func folderApp(_ folder: String) -> AppCode {
        var walk = SourceFolderWalk()
        walk.visit(folder, relative: "")
        let (files, unread) = read(walk.sources.map(\.path))
        let plists = walk.infoPlists
        var facts = InfoPlistFacts.unknown
        if plists.count == 1, case .bytes(let bytes)? = try? FileReader().contents(ofFile: plists[0]) { facts = InfoPlistFacts(plist: bytes) }
        return AppCode(origin: "the Swift and Objective-C sources under \(folder)", files: files, infoPlist: facts, missingFiles: unread + (walk.isCut ? 1 : 0))
    }

    /// The files at `paths`, each read once per run; and how many could not be read or were too large.
    private func read(_ paths: [String]) -> (files: [AppSourceFile], unread: Int) {
        guard paths.count <= Self.mostSources else { return ([], paths.count) }
        var files: [AppSourceFile] = []
        var unread = 0
        for path in Set(paths).sorted() {
            guard let language = AppSourceFile.language(ofPath: path),
                  let file = cache.source(path: path, read: { Self.readSource(path, language: language) })
            else {
                unread += 1
                continue
            }
            files.append(file)
        }
        return (files, unread)
    }

    private static func readSource(_ path: String, language: SourceLexer.Language) -> AppSourceFile? {
        guard case .bytes(let bytes)? = try? FileReader(readLimit: largestSource).contents(ofFile: path) else { return nil }
        return AppSourceFile(path: path, bytes: bytes, language: language)
    }
}

/// The Swift, Objective-C and Info.plist files under a folder, without following symbolic links
/// or going into the folders file discovery skips; bounded in entries.
private struct SourceFolderWalk {
    var sources: [(path: String, relative: String)] = []
    var infoPlists: [String] = []
    /// The walk stopped at its bound: some files were not seen.
    var isCut = false
    private var entries = 0

    mutating func visit(_ folder: String, relative: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            entries += 1
            guard entries <= AppCodeLocator.mostFolderEntries else {
                isCut = true
                return
            }
            let path = folder == "." ? name : folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var entry = stat()
            guard lstat(path, &entry) == 0 else { continue }
            if entry.st_mode & S_IFMT == S_IFDIR {
                if !FileDiscovery.skippedFolders.contains(name) { visit(path, relative: relativePath) }
            } else if entry.st_mode & S_IFMT == S_IFREG {
                if AppSourceFile.language(ofPath: name) != nil {
                    sources.append((path, relativePath))
                } else if name == "Info.plist" {
                    infoPlists.append(path)
                }
            }
        }
    }
}

/// The apps and source files read in one run, each once, whichever rule asks first. Rules of
/// several files may ask at once, so it is locked.
final class AppCodeCache: @unchecked Sendable {
    private let lock = Lock()
    private var apps: [String: AppCode] = [:]
    private var sources: [String: AppSourceFile?] = [:]
    private var gradleModules: [String: GradleModule?] = [:]

    init() {}

    func app(key: String, build: () -> AppCode) -> AppCode {
        cached(\.apps, key, build: build)
    }

    /// The sources read, for the lines of reports.
    var documents: [SourceDocument] {
        lock.lock()
        defer { lock.unlock() }
        return sources.values.compactMap { $0?.document }.sorted { $0.path < $1.path }
    }

    /// The source at `path`, or nil when it could not be read, read once.
    func source(path: String, read: () -> AppSourceFile?) -> AppSourceFile? {
        cached(\.sources, path, build: read)
    }

    /// The Gradle module of the manifest at `path`, read once.
    func gradleModule(forManifestAt path: String, read: () -> GradleModule?) -> GradleModule? {
        cached(\.gradleModules, path, build: read)
    }

    /// The value of `key` in `table`, built outside the lock the first time (two rules may
    /// build it at once; the first stored wins).
    private func cached<Value>(_ table: ReferenceWritableKeyPath<AppCodeCache, [String: Value]>, _ key: String, build: () -> Value) -> Value {
        lock.lock()
        if let known = self[keyPath: table][key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let built = build()
        lock.lock()
        defer { lock.unlock() }
        if let known = self[keyPath: table][key] { return known }
        self[keyPath: table][key] = built
        return built
    }
}

extension LintContext {
    /// The code of the apps that `file` (an entitlements file claiming `applinks:`) signs, read
    /// when a rule first asks: a lint without such a file reads no source.
    package func appCode(claimedBy file: LintFile) -> [AppCode] {
        AppCodeLocator(context: self, cache: appCodeCache).apps(claimedBy: file)
    }
}
