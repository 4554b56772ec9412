import AASALintCore

struct AssetlinksMissingForDomainRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-missing-for-domain",
        summary: "A host a manifest asks Android to verify, with no `assetlinks.json` configured, so nothing could be cross-checked",
        rationale: """
            aasalint checks that an app and a website name each other only for hosts whose \
            `assetlinks.json` the configuration names (`domains: {example.com: {assetlinks: \
            web/.well-known/assetlinks.json}}`), and only when it knows the app's package name. \
            This note says which verified hosts were left unchecked, so that a green run is not \
            mistaken for a verified App Link. Map the host to its file under `domains`, or give \
            the app a `package`. A manifest that only the linted paths declare (not in `apps`) \
            is noted once the configuration names some `assetlinks.json`: without any, the run \
            did not ask for Android cross-checks.
            """,
        severity: .note,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, "apps: [{module: android/app}] claiming example.com, with no assetlinks.json under domains", fixture: "unconfigured-host"),
            RuleExample(triggers: false, "domains: {example.com: {assetlinks: web/.well-known/assetlinks.json}}", fixture: "all-configured"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for app in context.androidApps where app.manifestFile?.isSameFile(as: file) == true
            && (app.isConfigured || !context.configuration.assetLinksDomains.isEmpty) {
            let claims = app.claimedHosts
            if app.packageName == nil, let first = claims.first {
                diagnostics.append(diagnostic(
                    "the package name of this app is unknown (no package in the configuration, no literal applicationId in the module's build.gradle, no package attribute), so aasalint could not check that the assetlinks.json files grant it; give the app a package in .aasalint.yml",
                    at: file.location(of: first.host)))
            }
            for claim in claims where context.assetLinksFiles(for: claim.verifiedHost).isEmpty {
                let configured = context.configuration.assetLinksDomains.first { $0.host.value == claim.verifiedHost }
                let message = if let configured {
                    "the assetlinks.json configured for \(claim.verifiedHost) (\(configured.path.value)) was not read, so aasalint could not check that it grants this app"
                } else {
                    "no assetlinks.json is configured for \(claim.shownHost), so aasalint could not check that it grants this app; map the host to its file under domains: in .aasalint.yml"
                }
                diagnostics.append(diagnostic(message, at: file.location(of: claim.host)))
            }
        }
        return diagnostics
    }
}
