/// An Android app as the cross-checks see it: its package name (configured, or what the project
/// says), the manifest whose verifying filters claim its hosts, and the fingerprints of its
/// release certificates when the configuration gives them.
package struct AndroidProjectApp: Sendable {
    /// Where the package name came from, for messages.
    package enum PackageSource: Sendable, Equatable {
        case configuration
        /// Gradle's `applicationId`, in this build file.
        case applicationID(String)
        /// The manifest's `package` attribute.
        case manifest
        /// Gradle's `namespace`, in this build file: the package when no `applicationId` is set.
        case namespace(String)
    }

    package let configured: ConfiguredAndroidApp?
    package let packageName: String?
    package let packageSource: PackageSource?
    package let manifestFile: LintFile?
    /// Normalized; empty when the configuration does not say.
    package let releaseFingerprints: [String]

    /// False for an app that only a manifest in the linted paths declares.
    package var isConfigured: Bool { configured != nil }

    /// Where the package name came from, for messages: empty when configured.
    package var packageOrigin: String {
        switch packageSource {
        case .configuration?, nil: ""
        case .applicationID(let buildFile)?: " (the applicationId in \(buildFile))"
        case .manifest?: " (the manifest's package attribute)"
        case .namespace(let buildFile)?: " (the namespace in \(buildFile), as there is no applicationId)"
        }
    }

    /// The hosts whose `assetlinks.json` Android reads to verify the app, one per host, each
    /// with the first `android:host` that claims it: the hosts of the filters Android collects
    /// for verification (ANDROID.md 2.1; for an app targeting API 30 or lower, the hosts of
    /// every web filter once one filter requests verification). A wildcard `*.example.com` is
    /// verified with `example.com`'s file. Placeholders (`${host}`) and hosts that are no domain
    /// name are left out: no file can be checked for them.
    package var claimedHosts: [ClaimedHost] {
        guard let manifest = manifestFile?.androidManifest else { return [] }
        let filters = manifest.filters
        let isLegacy = (manifest.targetSdkVersion ?? Self.restrictedDomainsSDK) < Self.restrictedDomainsSDK
            && filters.contains { $0.filter.isCollectedForVerification }
        var seen = Set<String>()
        var claims: [ClaimedHost] = []
        for (activity, filter) in filters where isLegacy ? filter.handlesWebURLs : filter.isCollectedForVerification {
            for authority in filter.authorities {
                guard let claim = ClaimedHost(authority.host, activity: activity, filter: filter), seen.insert(claim.verifiedHost).inserted else { continue }
                claims.append(claim)
            }
        }
        return claims
    }

    /// Whether a verifying filter names a host the build fills in (`${host}`): the app may claim any host.
    package var claimsUnknownHosts: Bool {
        manifestFile?.androidManifest?.filters.contains { $0.filter.requestsVerification && $0.filter.authorities.contains { $0.host.isPlaceholder } } ?? false
    }

    /// Android's `RESTRICT_DOMAINS` change: from target SDK 31, only verifying filters' hosts are collected.
    static let restrictedDomainsSDK = 31
}

/// A host an app's manifest asks Android to verify.
package struct ClaimedHost: Sendable {
    /// As written (`*.example.com`).
    package let host: ManifestValue
    package let activity: ManifestActivity
    package let filter: IntentFilter
    /// The host whose `assetlinks.json` verifies it, in lower case: the apex of a wildcard.
    package let verifiedHost: String

    init?(_ host: ManifestValue, activity: ManifestActivity, filter: IntentFilter) {
        let name = host.value.lowercased()
        let apex = name.hasPrefix("*.") ? String(name.dropFirst(2)) : name
        guard !host.isPlaceholder, apex.contains("."), !apex.contains("*"), !apex.contains("/"), !apex.contains(":") else { return nil }
        self.host = host
        self.activity = activity
        self.filter = filter
        verifiedHost = apex
    }

    /// How messages name the host: `example.com`, or `*.example.com (verified with example.com's file)`.
    package var shownHost: String {
        host.value.lowercased() == verifiedHost ? verifiedHost : "\(host.value) (which Android verifies with \(verifiedHost)'s file)"
    }
}

extension LintContext {
    /// The Android apps of the configuration, then those the linted manifests declare on their
    /// own (a manifest no configured app names, in Gradle's `main` source set or outside any
    /// source set, whose package name the project says). A configured app without `package`
    /// takes it from Gradle's `applicationId`, else the manifest's `package`, else Gradle's
    /// `namespace`.
    package var androidApps: [AndroidProjectApp] {
        let configured = configuration.androidApps.map { app in
            let manifestFile = app.manifest.flatMap { file(atConfiguredPath: $0.value) }
            let package = app.packageName.map { ($0.value, AndroidProjectApp.PackageSource.configuration) } ?? manifestFile.flatMap(declaredPackage)
            return AndroidProjectApp(configured: app, packageName: package?.0, packageSource: package?.1, manifestFile: manifestFile,
                                     releaseFingerprints: app.releaseFingerprints.map(\.value))
        }
        let bound = Set(configured.compactMap(\.manifestFile?.path))
        let declared = files.filter { $0.kind == .androidManifest && !bound.contains($0.path) && Self.isMainManifest($0.path) }.compactMap { file in
            declaredPackage(of: file).map {
                AndroidProjectApp(configured: nil, packageName: $0.0, packageSource: $0.1, manifestFile: file, releaseFingerprints: [])
            }
        }
        return configured + declared
    }

    /// The `assetlinks.json` files for `host` (lower case), with the host: the configured one,
    /// then what the host served when `lint --remote` downloaded it.
    package func assetLinksFiles(for host: String) -> [(host: String, file: LintFile)] {
        let configured = configuration.assetLinksDomains.filter { $0.host.value == host }.compactMap { domain in
            file(atConfiguredPath: domain.path.value).map { (domain.host.value, $0) }
        }
        return configured + (servedAssetLinks[host].map { [(host, $0)] } ?? [])
    }

    /// The configured domains that serve `file` as their `assetlinks.json`.
    package func assetLinksDomains(servedBy file: LintFile) -> [ConfiguredAssetLinksDomain] {
        configuration.assetLinksDomains.filter { self.file(atConfiguredPath: $0.path.value)?.path == file.path }
    }

    /// A debug or flavour manifest (`src/debug/AndroidManifest.xml`) adds to the main one, under
    /// a package name that may carry a suffix: only the main manifest stands for the app.
    private static func isMainManifest(_ path: String) -> Bool {
        let sourceSet = PathNames.folder(of: path)
        return PathNames.lastComponent(of: PathNames.folder(of: sourceSet)) != "src" || PathNames.lastComponent(of: sourceSet) == "main"
    }

    /// The package name the project says, and where; the build file is read once per run.
    private func declaredPackage(of manifestFile: LintFile) -> (String, AndroidProjectApp.PackageSource)? {
        let module = appCodeCache.gradleModule(forManifestAt: manifestFile.path) { GradleModule.of(manifestAt: manifestFile.path) }
        if let module, let id = module.applicationID { return (id, .applicationID(module.buildFile)) }
        if let package = manifestFile.androidManifest?.packageName, !package.isPlaceholder { return (package.value, .manifest) }
        if let module, let namespace = module.namespace { return (namespace, .namespace(module.buildFile)) }
        return nil
    }
}

extension AssetLinksDocument {
    /// The `android_app` targets that grant `packageName` App Links
    /// (`delegate_permission/common.handle_all_urls`), as Google reads the file: statement by statement.
    package func appLinkTargets(for packageName: String) -> [AssetLinkTarget] {
        androidAppTargets.filter { statement, target in
            target.packageName?.value == packageName && statement.relations?.contains { $0.value == Self.handleAllURLs } == true
        }.map(\.target)
    }

    /// Whether the file includes other lists, which aasalint does not fetch: a grant may be there.
    package var hasIncludes: Bool { statements.contains(where: \.isInclude) }
}
