/// What aasalint reads from a project (an Xcode project's `project.pbxproj`, or what XcodeGen,
/// Expo or .NET MAUI generate one from): for each target and build configuration, the settings
/// that sign it, so that the entitlements file of a release configuration is known to ship, and
/// an app's appID can come from `DEVELOPMENT_TEAM` and `PRODUCT_BUNDLE_IDENTIFIER`. Settings
/// from `.xcconfig` files are not read.
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder (or the project file of another kind), in the form reports show paths.
    public let path: String
    public let kind: ProjectKind
    public let configurations: [XcodeBuildConfiguration]
    /// The source folders of each target, by target name, as the project names them (XcodeGen's
    /// `sources`); empty for the other kinds.
    public let sourceFolders: [String: [String]]

    init(path: String, kind: ProjectKind, configurations: [XcodeBuildConfiguration], sourceFolders: [String: [String]] = [:]) {
        self.path = DisplayPath.of(path)
        self.kind = kind
        self.configurations = configurations
        self.sourceFolders = sourceFolders
    }

    /// How messages name the project: "Xcode project ios/Shop.xcodeproj".
    public var label: String { "\(kind.name) \(path)" }

    /// `bytes` are the contents of `project.pbxproj` inside the `.xcodeproj` at `path`.
    public init(path: String, pbxproj bytes: [UInt8]) throws(PlistSyntaxError) {
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
public struct XcodeBuildConfiguration: Sendable {
    /// Xcode's names for the project folder, which entitlements paths often start with.
    static let sourceRootSettings = ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"]
    static let entitlementsSetting = "CODE_SIGN_ENTITLEMENTS"

    public let name: String
    public let target: String
    public let buildSettings: BuildSettings
    /// Whether the project itself says this configuration builds what ships (XcodeGen's
    /// `configs` types, Expo's one configuration); nil when only the name tells.
    public let declaresRelease: Bool?
    /// The entitlements files this configuration signs with, in the form reports show paths
    /// (one per SDK condition, such as `CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]`).
    public let entitlementsPaths: [String]
    /// `CODE_SIGN_ENTITLEMENTS` values that still hold a setting aasalint cannot resolve.
    public let unresolvedEntitlements: [String]

    init(name: String, target: String, buildSettings: BuildSettings, sourceRoot: String, declaresRelease: Bool? = nil,
         entitlementsFiles: [String] = []) {
        self.name = name
        self.target = target
        self.buildSettings = buildSettings
        self.declaresRelease = declaresRelease
        let rootRelative = BuildSettings(Dictionary(uniqueKeysWithValues: Self.sourceRootSettings.map { ($0, ".") }))
        let values = buildSettings.values
            .filter { $0.key == Self.entitlementsSetting || $0.key.hasPrefix(Self.entitlementsSetting + "[") }
            .sorted { $0.key < $1.key }
            .map { buildSettings.merging(rootRelative).resolve($0.value) }
            .filter { !$0.isEmpty }
        entitlementsPaths = Array(Set(values.filter { !BuildSettings.containsReference($0) }
            .map { PathNames.joined(sourceRoot, $0) } + entitlementsFiles)).sorted()
        unresolvedEntitlements = values.filter(BuildSettings.containsReference)
    }

    /// Whether this configuration builds what ships: as the project declares, else by its name.
    public func isRelease(names: Set<String> = ReleaseFiles.defaultConfigurationNames) -> Bool {
        declaresRelease ?? names.contains(name)
    }

    /// `DEVELOPMENT_TEAM.PRODUCT_BUNDLE_IDENTIFIER`, when both are set and resolve.
    public var appID: String? {
        guard let team = buildSettings.values["DEVELOPMENT_TEAM"], let bundleID = buildSettings.values["PRODUCT_BUNDLE_IDENTIFIER"] else {
            return nil
        }
        let appID = buildSettings.resolve(team) + "." + buildSettings.resolve(bundleID)
        return BuildSettings.containsReference(appID) ? nil : appID
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
