import AASALintCore

struct AASAMissingForDomainRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "aasa-missing-for-domain",
        summary: "An entitled host with no AASA file configured, so nothing could be cross-checked",
        rationale: """
            aasalint checks that the app and the website name each other only for hosts whose \
            AASA file the configuration names (`domains: {example.com: web/.well-known/...}`), \
            and only when it knows the app's appID. This note says which declared hosts were \
            left unchecked, so that a green run is not mistaken for a verified association. Map \
            the host to its AASA file under `domains`, or give the app an `id`. An app that only \
            a project declares (its appID from an Xcode, XcodeGen or Expo project, not in \
            `apps`) is noted once the configuration names some `domains`: without any, the run \
            did not ask for cross-checks.
            """,
        severity: .note,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "apps: [{entitlements: App.entitlements}] declaring applinks:example.com, with no domains entry for example.com", fixture: "unconfigured-hosts"),
            RuleExample(triggers: false, "domains: {example.com: web/.well-known/apple-app-site-association}", fixture: "all-configured"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for app in context.apps(signedWith: file) where app.isConfigured || !context.configuration.domains.isEmpty {
            let entries = app.checkableDomains
            if app.appID == nil, let value = app.entitlements?.associatedDomainsValue,
               entries.contains(where: { !context.domains(coveredBy: $0.value).isEmpty }) {
                diagnostics.append(diagnostic(
                    "the appID of this app is unknown (no id in the configuration, no concrete application-identifier, no Xcode project that signs with this file), so aasalint could not check that the AASA files list it; give the app an id in .aasalint.yml",
                    at: file.location(value.pointer)
                ))
            }
            for entry in entries {
                let domains = context.domains(coveredBy: entry.value)
                let host = entry.value.isWildcard ? "any host under \(entry.value.hostName)" : entry.value.hostName
                if domains.isEmpty {
                    diagnostics.append(diagnostic(
                        "no AASA file is configured for \(host), so aasalint could not check that it lists this app; map the host to its file under domains: in .aasalint.yml",
                        at: file.location(entry.pointer)
                    ))
                }
                for domain in domains where context.file(atConfiguredPath: domain.aasaPath.value) == nil {
                    diagnostics.append(diagnostic(
                        "the AASA file configured for \(domain.host.value) (\(domain.aasaPath.value)) was not read, so aasalint could not check that it lists this app",
                        at: file.location(entry.pointer)
                    ))
                }
            }
        }
        return diagnostics
    }
}
