/// What aasalint reads from a project (an Xcode project's `project.pbxproj`, or what XcodeGen,
/// Expo or .NET MAUI generate one from): for each target and build configuration, the settings
/// that sign it, so that the entitlements file of a release configuration is known to ship, and
/// an app's appID can come from `DEVELOPMENT_TEAM` and `PRODUCT_BUNDLE_IDENTIFIER`. Settings
/// from `.xcconfig` files are not read.
package struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder (or the project file of another kind), in the form reports show paths.
    package let path: String
    package let kind: ProjectKind
    package let configurations: [XcodeBuildConfiguration]
    /// The source folders of each target, by target name, as the project names them (XcodeGen's
    /// `sources`); empty for the other kinds.
    package let sourceFolders: [String: [String]]
    /// The targets with the files they compile, for the rules that read an app's code (Xcode
    /// projects, and XcodeGen's source folders).
    let targets: [XcodeTarget]

    init(path: String, kind: ProjectKind, configurations: [XcodeBuildConfiguration], sourceFolders: [String: [String]] = [:],
         targets: [XcodeTarget] = []) {
        self.path = DisplayPath.of(path)
        self.kind = kind
        self.configurations = configurations
        self.sourceFolders = sourceFolders
        self.targets = targets
    }

    /// How messages name the project: "Xcode project ios/Shop.xcodeproj".
    package var label: String { "\(kind.name) \(path)" }

    /// `bytes` are the contents of `project.pbxproj` inside the `.xcodeproj` at `path`.
    package init(path: String, pbxproj bytes: [UInt8]) throws(PlistSyntaxError) {
        self.path = DisplayPath.of(path)
        kind = .xcode
        sourceFolders = [:]
        let root = try OpenStepPlistReader.parse(bytes)
        let objects = ProjectObjects(root: root)
        let projectName = String((self.path.split(separator: "/").last ?? "").prefix { $0 != "." })
        let sourceRoot = Self.parentFolder(of: self.path)
        let project = objects.object(root.member("rootObject")?.value.stringValue)
        let projectSettings = objects.configurations(listedBy: project)
        let targets = (project?.member("targets")?.value.elements ?? []).compactMap { objects.object($0.stringValue) }
        var configurations: [XcodeBuildConfiguration] = []
        let members = TargetMembership(objects: objects, sourceRoot: sourceRoot)
        self.targets = targets.map(members.target)
        for target in targets {
            let targetName = target.member("name")?.value.stringValue ?? ""
            for (name, settings) in objects.configurations(listedBy: target) {
                let inherited = projectSettings.first { $0.name == name }?.settings ?? [:]
                let implicit = [
                    "TARGET_NAME": targetName, "PRODUCT_NAME": targetName, "PROJECT_NAME": projectName, "CONFIGURATION": name,
                ]
                let merged = BuildSettings(implicit).merging(BuildSettings(inherited)).merging(BuildSettings(settings))
                configurations.append(XcodeBuildConfiguration(name: name, target: targetName, buildSettings: merged, sourceRoot: sourceRoot))
            }
        }
        self.configurations = configurations
    }

    /// The folder holding `path`, `.` for a bare name.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// One build configuration of one target, with the project's settings under the target's.
package struct XcodeBuildConfiguration: Sendable {
    /// Xcode's names for the project folder, which entitlements paths often start with.
    static let sourceRootSettings = ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"]
    static let entitlementsSetting = "CODE_SIGN_ENTITLEMENTS"

    package let name: String
    package let target: String
    package let buildSettings: BuildSettings
    /// Whether the project itself says this configuration builds what ships (XcodeGen's
    /// `configs` types, Expo's one configuration); nil when only the name tells.
    package let declaresRelease: Bool?
    /// The folder that holds the project, which relative paths in settings start from.
    let sourceRoot: String
    /// The entitlements files this configuration signs with, in the form reports show paths
    /// (one per SDK condition, such as `CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]`).
    package let entitlementsPaths: [String]
    /// `CODE_SIGN_ENTITLEMENTS` values that still hold a setting aasalint cannot resolve.
    package let unresolvedEntitlements: [String]

    init(name: String, target: String, buildSettings: BuildSettings, sourceRoot: String, declaresRelease: Bool? = nil,
         entitlementsFiles: [String] = []) {
        self.name = name
        self.target = target
        self.buildSettings = buildSettings
        self.declaresRelease = declaresRelease
        self.sourceRoot = sourceRoot
        let values = buildSettings.values
            .filter { $0.key == Self.entitlementsSetting || $0.key.hasPrefix(Self.entitlementsSetting + "[") }
            .sorted { $0.key < $1.key }
            .map { Self.rootRelative(buildSettings).resolve($0.value) }
            .filter { !$0.isEmpty }
        entitlementsPaths = Array(Set(values.filter { !BuildSettings.containsReference($0) }
            .map { PathNames.joined(sourceRoot, $0) } + entitlementsFiles)).sorted()
        unresolvedEntitlements = values.filter(BuildSettings.containsReference)
    }

    /// Whether this configuration builds what ships: as the project declares, else by its name.
    package func isRelease(names: Set<String> = ReleaseFiles.defaultConfigurationNames) -> Bool {
        declaresRelease ?? names.contains(name)
    }

    /// The settings with the project folder's names standing for the folder the paths are relative to.
    private static func rootRelative(_ settings: BuildSettings) -> BuildSettings {
        settings.merging(BuildSettings(Dictionary(uniqueKeysWithValues: sourceRootSettings.map { ($0, ".") })))
    }

    /// The file a path setting (such as `INFOPLIST_FILE`) names, in the form reports show paths;
    /// nil when the setting is not set or holds a reference aasalint cannot resolve.
    func path(ofSetting name: String) -> String? {
        guard let value = buildSettings.values[name].map(Self.rootRelative(buildSettings).resolve), !value.isEmpty,
              !BuildSettings.containsReference(value)
        else { return nil }
        return PathNames.joined(sourceRoot, value)
    }

    /// `DEVELOPMENT_TEAM.PRODUCT_BUNDLE_IDENTIFIER`, when both are set and resolve.
    package var appID: String? {
        guard let team = buildSettings.values["DEVELOPMENT_TEAM"], let bundleID = buildSettings.values["PRODUCT_BUNDLE_IDENTIFIER"] else {
            return nil
        }
        let appID = buildSettings.resolve(team) + "." + buildSettings.resolve(bundleID)
        return BuildSettings.containsReference(appID) ? nil : appID
    }
}

/// A target of an Xcode project and the files it compiles.
struct XcodeTarget: Sendable {
    /// A folder whose files all belong to the target (Xcode 16's synchronized folders), but the exceptions.
    struct SynchronizedFolder: Sendable {
        let path: String
        /// Paths relative to the folder that the target leaves out.
        let exceptions: Set<String>
    }

    let name: String
    /// The files of the Sources build phase, in the form reports show paths.
    let sourceFiles: [String]
    let synchronizedFolders: [SynchronizedFolder]
    /// Files of the Sources build phase whose place is not in the repository (built products,
    /// SDK paths): code the reader cannot see.
    let unresolvedSourceCount: Int
}

/// Which files each target compiles: the Sources build phase's file references, each placed by
/// walking its groups up to the project folder.
private struct TargetMembership {
    /// Deeper group chains than this (or cycles) leave a file unresolved.
    static let maximumGroupDepth = 64

    let objects: ProjectObjects
    let sourceRoot: String
    /// Each group's or file's parent group.
    let parents: [String: String]

    init(objects: ProjectObjects, sourceRoot: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        var parents: [String: String] = [:]
        for (id, object) in objects.objects {
            for child in object.member("children")?.value.elements ?? [] {
                if let childID = child.stringValue { parents[childID] = id }
            }
        }
        self.parents = parents
    }

    func target(_ target: PositionedValue) -> XcodeTarget {
        let name = target.member("name")?.value.stringValue ?? ""
        var files: [String] = []
        var unresolved = 0
        for phase in (target.member("buildPhases")?.value.elements ?? []).compactMap({ objects.object($0.stringValue) })
        where phase.member("isa")?.value.stringValue == "PBXSourcesBuildPhase" {
            for buildFile in (phase.member("files")?.value.elements ?? []).compactMap({ objects.object($0.stringValue) }) {
                if let path = path(of: buildFile.member("fileRef")?.value.stringValue) {
                    files.append(path)
                } else {
                    unresolved += 1
                }
            }
        }
        let folders = (target.member("fileSystemSynchronizedGroups")?.value.elements ?? []).compactMap { reference -> XcodeTarget.SynchronizedFolder? in
            guard let id = reference.stringValue, let group = objects.object(id) else { return nil }
            guard let path = path(of: id) else {
                unresolved += 1
                return nil
            }
            let exceptions = (group.member("exceptions")?.value.elements ?? []).compactMap { objects.object($0.stringValue) }
                .filter { $0.member("target")?.value.stringValue.flatMap(objects.object)?.member("name")?.value.stringValue == name }
                .flatMap { ($0.member("membershipExceptions")?.value.elements ?? []).compactMap(\.stringValue) }
            return XcodeTarget.SynchronizedFolder(path: path, exceptions: Set(exceptions))
        }
        return XcodeTarget(name: name, sourceFiles: files, synchronizedFolders: folders, unresolvedSourceCount: unresolved)
    }

    /// Where the file or group `id` is, in the form reports show paths; nil when it lies outside
    /// the project's folder tree (built products, SDKs) or its groups cannot be followed.
    private func path(of id: String?, depth: Int = 0) -> String? {
        guard let id, let object = objects.object(id), depth < Self.maximumGroupDepth else { return nil }
        let own = object.member("path")?.value.stringValue
        let base: String?
        switch object.member("sourceTree")?.value.stringValue ?? "<group>" {
        case "<group>": base = parents[id].map { path(of: $0, depth: depth + 1) } ?? sourceRoot
        case "SOURCE_ROOT": base = sourceRoot
        case "<absolute>": base = own == nil ? nil : ""
        default: base = nil
        }
        guard let base else { return nil }
        guard let own, !own.isEmpty else { return base }
        return base.isEmpty ? own : PathNames.joined(base, own)
    }
}

/// The `objects` table of a project file, looked up by ID.
private struct ProjectObjects {
    let objects: [String: PositionedValue]

    init(root: PositionedValue) {
        let members = root.member("objects")?.value.members ?? []
        objects = Dictionary(members.map { ($0.key, $0.value) }) { first, _ in first }
    }

    func object(_ id: String?) -> PositionedValue? {
        id.flatMap { objects[$0] }
    }

    /// The build configurations of a project or target, with their string settings.
    func configurations(listedBy owner: PositionedValue?) -> [(name: String, settings: [String: String])] {
        let list = object(owner?.member("buildConfigurationList")?.value.stringValue)
        return (list?.member("buildConfigurations")?.value.elements ?? []).compactMap { reference in
            guard let configuration = object(reference.stringValue),
                  let name = configuration.member("name")?.value.stringValue
            else { return nil }
            let settings = (configuration.member("buildSettings")?.value.members ?? []).compactMap { member in
                member.value.stringValue.map { (member.key, $0) }
            }
            return (name, Dictionary(settings) { _, last in last })
        }
    }
}
