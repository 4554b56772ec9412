/// An app of the configuration as the project rules see it: its appID, configured or derived,
/// and its entitlements with build settings resolved.
package struct ProjectApp: Sendable {
    /// Where the appID came from, for messages.
    package enum AppIDSource: Sendable, Equatable {
        case configuration
        case applicationIdentifier
        case xcodeProject(String)
        /// A project of another kind than Xcode's (XcodeGen, Expo), at its path.
        case project(String, ProjectKind)
    }

    package let configured: ConfiguredApp
    package let appID: String?
    package let appIDSource: AppIDSource?
    package let entitlementsFile: LintFile?
    package let entitlements: EntitlementsDocument?
    /// False for an app that only a project declares (not in the configuration's `apps`).
    package var isConfigured = true

    /// Where the appID came from, for messages: empty when configured.
    package var appIDOrigin: String {
        switch appIDSource {
        case .configuration?, nil: ""
        case .applicationIdentifier?: " (from its application-identifier)"
        case .xcodeProject(let project)?: " (from DEVELOPMENT_TEAM and PRODUCT_BUNDLE_IDENTIFIER in \(project))"
        case .project(let project, let kind)?: " (from \(kind.appIDSettings) in \(kind.name) \(project))"
        }
    }

    /// The entries that name a host with an AASA section: valid, resolved, one per service
    /// and host.
    package var checkableDomains: [Located<AssociatedDomain>] {
        var seen = Set<String>()
        return (entitlements?.associatedDomains ?? []).filter { entry in
            let domain = entry.value
            guard let service = domain.service, AASADocument.services.contains(service), domain.problem == nil,
                  !domain.hasUnresolvedReference
            else { return false }
            return seen.insert(service + ":" + domain.hostName.lowercased()).inserted
        }
    }
}

/// A build configuration of an Xcode project that signs with a given entitlements file.
private typealias SigningConfiguration = (project: XcodeProject, configuration: XcodeBuildConfiguration)

extension LintContext {
    /// The apps of the configuration, with appIDs from `id`, else from the entitlements'
    /// `application-identifier`, else from the project that signs with the entitlements
    /// (`DEVELOPMENT_TEAM.PRODUCT_BUNDLE_IDENTIFIER`, a release configuration first); then the
    /// apps the projects declare on their own: each linted entitlements file that a project signs
    /// an appID with, when no configured app names it. `apps:` is needed only where the
    /// projects do not say (settings in `.xcconfig` files, a team set only in Xcode's UI).
    package var projectApps: [ProjectApp] {
        let configured = configuration.apps.map(projectApp)
        let bound = Set(configured.compactMap(\.entitlementsFile?.path))
        return configured + declaredApps(excluding: bound)
    }

    private func declaredApps(excluding bound: Set<String>) -> [ProjectApp] {
        guard !xcodeProjects.isEmpty else { return [] }
        var apps: [ProjectApp] = []
        for file in files where file.kind == .entitlements && file.signedBundle == nil && !bound.contains(file.path) {
            guard let (appID, source) = xcodeAppID(signedWith: file) else { continue }
            let declared = ConfiguredApp(pointer: .root, id: nil, entitlements: Located(file.path, at: .root), buildSettings: [:])
            apps.append(ProjectApp(configured: declared, appID: appID, appIDSource: source,
                                   entitlementsFile: file, entitlements: entitlements(of: file, for: nil), isConfigured: false))
        }
        return apps
    }

    private func projectApp(_ app: ConfiguredApp) -> ProjectApp {
        let signingFile = app.entitlements.flatMap { file(atConfiguredPath: $0.value) }
        let document = signingFile.flatMap { entitlements(of: $0, for: app) }
        var appID: (String, ProjectApp.AppIDSource)?
        if let id = app.id?.value {
            appID = (id, .configuration)
        } else if let signed = document?.appID {
            appID = (signed.description, .applicationIdentifier)
        } else if let signingFile {
            appID = xcodeAppID(signedWith: signingFile)
        }
        return ProjectApp(configured: app, appID: appID?.0, appIDSource: appID?.1,
                          entitlementsFile: signingFile, entitlements: document)
    }

    /// The executables of the linted artifacts, as apps whose appID is the signed
    /// application-identifier: what ships, for the cross-checks with the configured domains.
    package var signedApps: [ProjectApp] {
        files.filter { $0.signedBundle != nil }.compactMap { file in
            guard let entitlements = file.entitlements, let identifier = entitlements.applicationIdentifier, let appID = entitlements.appID else { return nil }
            let configured = ConfiguredApp(pointer: .root, id: nil, entitlements: Located(file.path, at: identifier.pointer), buildSettings: [:])
            return ProjectApp(configured: configured, appID: appID.description, appIDSource: .applicationIdentifier,
                              entitlementsFile: file, entitlements: entitlements)
        }
    }

    /// The apps whose entitlements are `file`.
    package func apps(signedWith file: LintFile) -> [ProjectApp] {
        projectApps.filter { $0.entitlementsFile?.isSameFile(as: file) == true }
    }

    /// The entitlements of `file`, with build settings resolved as Xcode would: the settings
    /// of the Xcode configuration that signs with it, under the configured `build_settings`.
    package func entitlements(of file: LintFile) -> EntitlementsDocument? {
        let app = configuration.apps.first { app in
            app.entitlements.flatMap { self.file(atConfiguredPath: $0.value) }?.path == file.path
        }
        return entitlements(of: file, for: app)
    }

    /// The configured domains that `file` is served on.
    package func domains(servedBy file: LintFile) -> [ConfiguredDomain] {
        configuration.domains.filter { self.file(atConfiguredPath: $0.aasaPath.value)?.path == file.path }
    }

    /// The configured domains whose host `domain` speaks for.
    package func domains(coveredBy domain: AssociatedDomain) -> [ConfiguredDomain] {
        configuration.domains.filter { domain.covers(host: $0.host.value) }
    }

    /// The AASA files an app's `domain` entry is checked against, with their hosts: the files
    /// of the configured domains it covers, then what the hosts it covers served when
    /// `lint --remote` downloaded them. A developer-mode entry is not checked against a
    /// download: devices read it only in developer mode, from a host (often a staging server)
    /// that a release gate need not reach, and a distribution build that carries one already
    /// fails `distribution-signed-development`.
    package func aasaFiles(for domain: AssociatedDomain) -> [(host: String, file: LintFile)] {
        let configured = domains(coveredBy: domain).compactMap { configuredDomain in
            file(atConfiguredPath: configuredDomain.aasaPath.value).map { (configuredDomain.host.value, $0) }
        }
        guard !domain.isDeveloperMode else { return configured }
        let served = servedFiles.filter { domain.covers(host: $0.key) }.sorted { $0.key < $1.key }
        return configured + served.map { ($0.key, $0.value) }
    }

    private func entitlements(of file: LintFile, for app: ConfiguredApp?) -> EntitlementsDocument? {
        guard file.entitlements != nil, let root = file.root else { return nil }
        let settings = xcodeSettings(signedWith: file).merging(BuildSettings(app?.buildSettings ?? [:]))
        return settings.values.isEmpty ? file.entitlements : EntitlementsDocument(root: root, buildSettings: settings)
    }

    /// The Xcode configurations that sign with `file`, release configurations first.
    private func xcodeConfigurations(signedWith file: LintFile) -> [SigningConfiguration] {
        let uses = xcodeProjects.flatMap { project in
            project.configurations.filter { configuration in
                configuration.entitlementsPaths.contains(file.path) && (file.embeddingTarget == nil || configuration.target == file.embeddingTarget)
            }.map { (project, $0) }
        }
        let isRelease = { (use: SigningConfiguration) in use.configuration.isRelease() }
        return uses.filter(isRelease) + uses.filter { !isRelease($0) }
    }

    /// What Xcode substitutes in an entitlements file: the target's settings, plus the
    /// identifiers it derives from them.
    private func xcodeSettings(signedWith file: LintFile) -> BuildSettings {
        guard let settings = xcodeConfigurations(signedWith: file).first?.configuration.buildSettings else { return BuildSettings() }
        var derived: [String: String] = [:]
        if let team = settings.values["DEVELOPMENT_TEAM"].map(settings.resolve) {
            derived["AppIdentifierPrefix"] = team + "."
            derived["TeamIdentifierPrefix"] = team + "."
        }
        derived["CFBundleIdentifier"] = settings.values["PRODUCT_BUNDLE_IDENTIFIER"].map(settings.resolve)
        return settings.merging(BuildSettings(derived))
    }

    private func xcodeAppID(signedWith file: LintFile) -> (String, ProjectApp.AppIDSource)? {
        xcodeConfigurations(signedWith: file).lazy.compactMap { use in
            use.configuration.appID.map { appID in
                (appID, use.project.kind == .xcode ? .xcodeProject(use.project.path) : .project(use.project.path, use.project.kind))
            }
        }.first
    }
}
