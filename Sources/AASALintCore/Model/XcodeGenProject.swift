/// What aasalint reads from an XcodeGen project spec (`project.yml`, or `project.json`, with the
/// files it `include:`s): per target and configuration the settings that sign it (project
/// `settings`, then the target's, each flat or as `base` and `configs`), the target's
/// `entitlements` (a `path`, and `properties` written inline), and which configurations are
/// releases (`configs` types; XcodeGen's `Debug` and `Release` without them). An included file
/// comes first and the including file's values win, as XcodeGen merges them. `settingGroups`,
/// `targetTemplates` and `.xcconfig` files are not read.
struct XcodeGenProject {
    static let fileNames: Set<String> = ["project.yml", "project.yaml", "project.json"]
    /// Included files followed, at most: a spec includes a handful.
    static let maximumIncludedFiles = 64

    /// The project, for release decisions and appIDs, as an Xcode project's would be.
    let project: XcodeProject
    /// The inline `properties` of each target that has them, linted as entitlements files.
    let inlineEntitlements: [LintFile]

    /// One file of the spec, parsed.
    struct SpecFile {
        let path: String
        let bytes: [UInt8]
        let root: PositionedValue
    }

    /// What only an XcodeGen target holds, among the keys of a target: Nx's `project.json` has
    /// `targets` too, of `executor`s and `command`s.
    static let targetKeys = ["type", "platform", "entitlements", "settings", "sources", "templates", "info"]

    /// Nil when the main file is not an XcodeGen spec (no `targets` mapping of XcodeGen targets).
    init?(files: [SpecFile]) {
        let declared = files.flatMap { $0.root.member("targets")?.value.members ?? [] }
        guard let main = files.last, declared.contains(where: { target in Self.targetKeys.contains { target.value.member($0) != nil } }) else {
            return nil
        }
        var configurationTypes: [(name: String, isRelease: Bool)] = []
        var projectName = PathNames.lastComponent(of: PathNames.folder(of: main.path))
        var bundleIDPrefix: String?
        var projectSettings: [PositionedValue] = []
        var targets: [String: TargetSpec] = [:]
        var targetOrder: [String] = []
        for file in files {
            let root = file.root
            if let name = root.member("name")?.value.stringValue { projectName = name }
            if let prefix = root.member("options")?.value.member("bundleIdPrefix")?.value.stringValue { bundleIDPrefix = prefix }
            if let configs = root.member("configs")?.value.members {
                for config in configs where !configurationTypes.contains(where: { $0.name == config.key }) {
                    configurationTypes.append((config.key, config.value.stringValue?.lowercased() == "release"))
                }
            }
            if let settings = root.member("settings")?.value { projectSettings.append(settings) }
            for member in root.member("targets")?.value.members ?? [] {
                if targets[member.key] == nil { targetOrder.append(member.key) }
                targets[member.key, default: TargetSpec()].add(member.value, from: file)
            }
        }
        if configurationTypes.isEmpty { configurationTypes = [("Debug", false), ("Release", true)] }
        let spec = PathNames.folder(of: main.path)
        var configurations: [XcodeBuildConfiguration] = []
        var sourceFolders: [String: [String]] = [:]
        var codeTargets: [XcodeTarget] = []
        var inlineFiles: [(target: String, path: String, bytes: [UInt8], root: PositionedValue)] = []
        for name in targetOrder {
            guard let target = targets[name] else { continue }
            sourceFolders[name] = target.sources
            // A source entry is a folder (compiled whole) or a file. With options aasalint does not
            // follow, the files read could hold some the target does not compile: none is read.
            let sources = target.sourcesWithOptions == 0 ? target.sources : []
            codeTargets.append(XcodeTarget(name: name, sourceFiles: sources.filter { AppSourceFile.language(ofPath: $0) != nil },
                                           synchronizedFolders: sources.filter { AppSourceFile.language(ofPath: $0) == nil }
                                               .map { XcodeTarget.SynchronizedFolder(path: $0, exceptions: []) },
                                           unresolvedSourceCount: target.sourcesWithOptions))
            if let inline = target.properties { inlineFiles.append((name, inline.path, inline.bytes, inline.root)) }
            for (configuration, isRelease) in configurationTypes {
                var implicit = ["TARGET_NAME": name, "PRODUCT_NAME": name, "PROJECT_NAME": projectName, "CONFIGURATION": configuration]
                if let bundleIDPrefix { implicit["PRODUCT_BUNDLE_IDENTIFIER"] = bundleIDPrefix + "." + name }
                let settings = (projectSettings + target.settings).reduce(BuildSettings(implicit)) { merged, node in
                    merged.merging(Self.settings(in: node, configuration: configuration))
                }
                // A CODE_SIGN_ENTITLEMENTS setting wins over `entitlements.path`, as in XcodeGen.
                let path = settings.values[XcodeBuildConfiguration.entitlementsSetting] == nil ? target.entitlementsPath : nil
                let signedFiles = [path, target.properties?.path].compactMap { $0 }
                configurations.append(XcodeBuildConfiguration(name: configuration, target: name, buildSettings: settings,
                                                              sourceRoot: spec.isEmpty ? "." : spec, declaresRelease: isRelease,
                                                              entitlementsFiles: signedFiles))
            }
        }
        self.project = XcodeProject(path: main.path, kind: .xcodeGen, configurations: configurations, sourceFolders: sourceFolders,
                                    targets: codeTargets)
        let finished = self.project
        inlineEntitlements = inlineFiles.map { LintFile(entitlements: $0.root, at: $0.path, in: finished, target: $0.target, bytes: $0.bytes) }
    }

    /// A settings node as XcodeGen reads it: flat, or `base` with `configs` per configuration
    /// (names compared without regard to case).
    static func settings(in node: PositionedValue, configuration: String) -> BuildSettings {
        let isStructured = ["base", "configs", "groups"].contains { node.member($0) != nil }
        guard isStructured else { return BuildSettings(flat(node)) }
        let base = node.member("base").map { flat($0.value) } ?? [:]
        let specific = node.member("configs")?.value.members?.last { $0.key.lowercased() == configuration.lowercased() }
        return BuildSettings(base).merging(BuildSettings(specific.map { flat($0.value) } ?? [:]))
    }

    /// The scalar settings of a mapping, as Xcode writes them (`YES`/`NO` for booleans).
    private static func flat(_ node: PositionedValue) -> [String: String] {
        let pairs = (node.members ?? []).compactMap { member -> (String, String)? in
            switch member.value.value {
            case .string(let text), .number(let text): (member.key, text)
            case .bool(let value): (member.key, value ? "YES" : "NO")
            case .object, .array, .null: nil
            }
        }
        return Dictionary(pairs) { _, last in last }
    }

    /// What the files of the spec say about one target, later files over earlier ones.
    private struct TargetSpec {
        /// Keys of a `sources` entry that leave every file under its path compiled.
        static let plainSourceKeys: Set<String> = ["path", "name", "group", "createIntermediateGroups", "type"]

        var settings: [PositionedValue] = []
        var entitlementsPath: String?
        var properties: (path: String, bytes: [UInt8], root: PositionedValue)?
        var sources: [String] = []
        /// `sources` entries with options aasalint does not follow (`excludes`, `includes`,
        /// `buildPhase`, ...): the files the target compiles are then not known.
        var sourcesWithOptions = 0

        mutating func add(_ target: PositionedValue, from file: SpecFile) {
            let folder = PathNames.folder(of: file.path)
            let relativeTo = { (path: String) in PathNames.joined(folder.isEmpty ? "." : folder, path) }
            if let settings = target.member("settings")?.value { self.settings.append(settings) }
            if let entitlements = target.member("entitlements")?.value {
                if let path = entitlements.member("path")?.value.stringValue { entitlementsPath = relativeTo(path) }
                if let properties = entitlements.member("properties")?.value { self.properties = (file.path, file.bytes, properties) }
            }
            if let sources = target.member("sources")?.value {
                let entries = sources.elements ?? [sources]
                self.sources = entries.compactMap { $0.stringValue ?? $0.member("path")?.value.stringValue }.map(relativeTo)
                sourcesWithOptions = entries.filter { entry in
                    (entry.members ?? []).contains { !Self.plainSourceKeys.contains($0.key) }
                }.count
            }
        }
    }
}
