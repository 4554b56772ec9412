/// Which entitlements files ship, and why. `--release` makes every one a release file;
/// otherwise a file is one when a `release_entitlements` glob matches it, or when a project
/// signs a release configuration with it: an Xcode project's configuration named `Release`
/// (`CODE_SIGN_ENTITLEMENTS`), an XcodeGen configuration of type `release`, a .NET project's
/// `Release` `CodesignEntitlements`, or an Expo app config (every EAS build signs with it). Inside an
/// artifact (`.app`, `.ipa`, `.xcarchive`), a bundle signed with a distribution profile (App
/// Store, ad hoc, enterprise) is a release: its signed entitlements and its profile are release
/// files. A bundle signed for development is one only when `--release` or a
/// `release_entitlements` glob on the artifact's path (or, with `!`, on the file inside it)
/// says so, since teams also build debug archives that never ship.
package struct ReleaseFiles: Sendable {
    package static let defaultConfigurationNames: Set<String> = ["Release"]

    package enum Reason: Sendable, Hashable, CustomStringConvertible {
        case everyFile
        case glob(String)
        case xcodeConfiguration(XcodeUse)
        case distributionSigned

        package var description: String {
            switch self {
            case .everyFile: "--release"
            case .distributionSigned: "signed into an app or archive with a distribution profile, which is what ships"
            case .glob(let pattern): "release_entitlements glob \"\(pattern)\""
            case .xcodeConfiguration(let use): use.description
            }
        }
    }

    /// A build configuration that signs with an entitlements file.
    package struct XcodeUse: Sendable, Hashable, CustomStringConvertible {
        package let project: String
        package let kind: ProjectKind
        package let target: String
        package let configuration: String

        package var description: String {
            "\(kind.name) \(project), target \(target), configuration \(configuration)"
        }
    }

    private let treatsAllAsRelease: Bool
    private let globs: [Glob]
    private let configuration: Configuration
    private let releaseUses: [String: [XcodeUse]]
    private let otherUses: [String: [XcodeUse]]
    private let unresolved: [(use: XcodeUse, value: String)]
    /// The signed entitlements and embedded profiles of bundles signed with a distribution profile.
    private let distributionSigned: Set<String>
    /// The same of bundles signed with a development profile or none.
    private let otherSigned: Set<String>

    package init(
        configuration: Configuration,
        options: RunOptions = RunOptions(),
        xcodeProjects: [XcodeProject] = [],
        files: [LintFile] = [],
        releaseConfigurationNames: Set<String> = ReleaseFiles.defaultConfigurationNames
    ) {
        self.configuration = configuration
        treatsAllAsRelease = options.treatsAllEntitlementsAsRelease
        globs = configuration.releaseEntitlements
        var releaseUses: [String: [XcodeUse]] = [:]
        var otherUses: [String: [XcodeUse]] = [:]
        var unresolved: [(XcodeUse, String)] = []
        for project in xcodeProjects {
            for buildConfiguration in project.configurations {
                let use = XcodeUse(project: project.path, kind: project.kind, target: buildConfiguration.target,
                                   configuration: buildConfiguration.name)
                let isRelease = buildConfiguration.isRelease(names: releaseConfigurationNames)
                for path in buildConfiguration.entitlementsPaths {
                    if isRelease { releaseUses[path, default: []].append(use) } else { otherUses[path, default: []].append(use) }
                }
                if isRelease { unresolved += buildConfiguration.unresolvedEntitlements.map { (use, $0) } }
            }
        }
        self.releaseUses = releaseUses
        self.otherUses = otherUses
        self.unresolved = unresolved
        let distributionProfiles = Set(files.filter { $0.profile?.kind.isDistribution == true }.map(\.path))
        var distributionSigned: Set<String> = []
        var otherSigned: Set<String> = []
        for file in files {
            guard let bundle = file.signedBundle else { continue }
            let profile = bundle.embeddedProfilePath
            if distributionProfiles.contains(profile) {
                distributionSigned.formUnion([file.path, profile])
            } else {
                otherSigned.formUnion([file.path, profile])
            }
        }
        self.distributionSigned = distributionSigned
        self.otherSigned = otherSigned
    }

    /// Why the file at `path` (as reports show it) is a release file; empty when it is not.
    package func reasons(for path: String) -> [Reason] {
        var reasons: [Reason] = treatsAllAsRelease ? [.everyFile] : []
        if distributionSigned.contains(path) { reasons.append(.distributionSigned) }
        if !globs.isEmpty, let relative = configuration.relativePath(ofDisplayPath: path) {
            reasons += globs.filter { $0.matches(relative) }.map { .glob($0.pattern) }
        }
        return reasons + (releaseUses[path] ?? []).map(Reason.xcodeConfiguration)
    }

    package func isRelease(_ path: String) -> Bool {
        !reasons(for: path).isEmpty
    }

    /// Why `path` is a release file, for a message (`--release`); nil when it is not one.
    package func reasonText(for path: String) -> String? {
        let reasons = reasons(for: path)
        return reasons.isEmpty ? nil : reasons.map(\.description).joined(separator: "; ")
    }

    /// For `lint --explain-release`: one line per entitlements file, provisioning profile and
    /// Android app (`.apk`, `.aab`) saying whether it is a release file and why, then the Xcode
    /// release configurations aasalint could not follow.
    package func explanation(for files: [LintFile]) -> [String] {
        var lines: [String] = []
        if treatsAllAsRelease { lines.append("--release: every entitlements file and provisioning profile is a release file") }
        // A project file that holds the entitlements of several targets is one file here.
        let paths = Set(files.filter { $0.kind == .entitlements || $0.kind == .provisioningProfile || $0.androidPackage != nil }.map(\.path)).sorted()
        for path in paths {
            if let reasons = reasonText(for: path) {
                lines.append("\(path): release file (\(reasons))")
            } else if otherSigned.contains(path) {
                lines.append("\(path): not a release file (signed for development, or without a profile; --release or a release_entitlements glob on the artifact makes it one)")
            } else if let uses = otherUses[path] {
                lines.append("\(path): not a release file (signs only \(uses.map(\.description).joined(separator: "; ")))")
            } else {
                lines.append("\(path): not a release file (no release_entitlements glob matches it and no release configuration of a project signs with it)")
            }
        }
        let linted = Set(paths)
        for (path, uses) in releaseUses.sorted(by: { $0.key < $1.key }) where !linted.contains(path) {
            lines.append("\(path): release file of \(uses.map(\.description).joined(separator: "; ")), but not among the linted files")
        }
        for (use, value) in unresolved {
            lines.append("\(use.project): \(use.target), configuration \(use.configuration): CODE_SIGN_ENTITLEMENTS = \"\(value)\" holds a build setting aasalint cannot resolve, so that file is not known as a release file")
        }
        return lines
    }
}
