import AASALintCore

struct AASAAppNotEntitledRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "aasa-app-not-entitled",
        summary: "An AASA file lists a configured app for a service whose entitlements do not declare the host",
        rationale: """
            The system fetches an AASA file for an app only for the hosts the app's \
            entitlements declare. When the file served on `shop.example.com` lists the app for \
            `applinks`, but the entitlements declare only `applinks:example.com`, the listing \
            is never used: links to `shop.example.com` open the browser. Either the \
            entitlements miss an entry (add `applinks:shop.example.com`, or a wildcard), or the \
            file lists an app that should not be there.

            Needs the configuration's `domains`, and the apps in `apps` or declared by the \
            projects (see `app-not-in-aasa`); the finding points at the appID in \
            the AASA file, with the app's associated domains as a related location.
            """,
        severity: .warning,
        fileKinds: [.aasa],
        examples: [
            RuleExample(triggers: true, """
                shop.example.com's AASA lists 9JA89QQLNQ.com.example.shop for applinks;
                its entitlements declare only <string>applinks:example.com</string>
                """, fixture: "unentitled-host"),
            RuleExample(triggers: false, """
                shop.example.com's AASA lists 9JA89QQLNQ.com.example.shop for applinks;
                its entitlements declare <string>applinks:*.example.com</string>
                """, fixture: "wildcard-covers-host"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let domains = context.domains(servedBy: file)
        guard let aasa = file.aasa, !domains.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        for app in context.projectApps {
            guard let appID = app.appID, let entitlementsFile = app.entitlementsFile, let entitlements = app.entitlements else { continue }
            for service in AASADocument.services {
                guard let listed = aasa.listedApps(for: service)?.appIDs.first(where: { $0.value == appID }) else { continue }
                let declared = entitlements.associatedDomains.map(\.value).filter { $0.service == service }
                // A build setting left in an entry might name any host.
                guard !declared.contains(where: \.hasUnresolvedReference) else { continue }
                for domain in domains where !declared.contains(where: { $0.problem == nil && $0.covers(host: domain.host.value) }) {
                    let host = domain.host.value
                    diagnostics.append(diagnostic(
                        "\(appID) is listed for \(service), but its entitlements (\(entitlementsFile.path)) do not declare \"\(service):\(host)\", so the system never uses this listing to \(AssociatedDomain.capability(of: service, host: host)); add the entry to the entitlements, or remove the app here",
                        at: file.location(listed.pointer),
                        related: [RelatedLocation(entitlementsFile.location(entitlements.associatedDomainsValue?.pointer ?? .root),
                                                  message: "the app's associated domains")]
                    ))
                }
            }
        }
        return diagnostics
    }
}
