import AASALintCore

struct AssetlinksHostNotClaimedRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-host-not-claimed",
        summary: "An `assetlinks.json` grants an app of the project whose manifest does not claim the host",
        rationale: """
            Android reads a host's `assetlinks.json` for an app only when one of the app's \
            verifying intent filters (`android:autoVerify="true"`, `VIEW`, `DEFAULT`, \
            `BROWSABLE`, http/https) names the host (or `*.` the host, which Android verifies \
            with this file). When the file served on `shop.example.com` grants \
            `com.example.shop` App Links, but its manifest claims only `example.com`, the grant \
            is never used: links to `shop.example.com` open the browser, or a disambiguation \
            dialog. Either the manifest misses a `<data android:host="shop.example.com"/>` in a \
            verifying filter, or the file grants an app that should not be there.

            Needs the configuration's `domains` and the app's manifest (see \
            `app-not-in-assetlinks`). The finding points at the package name in the \
            `assetlinks.json`, with the manifest as a related location. A manifest whose \
            verifying filters name a host the build fills in (`${host}`) is not judged.
            """,
        severity: .warning,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, """
                shop.example.com's assetlinks.json grants com.example.shop;
                its manifest's verifying filter names only android:host="example.com"
                """, fixture: "host-not-claimed"),
            RuleExample(triggers: false, """
                example.com's assetlinks.json grants com.example.shop;
                its manifest's verifying filter names android:host="*.example.com"
                """, fixture: "wildcard-claims-apex"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let domains = context.assetLinksDomains(servedBy: file)
        guard let document = file.assetLinks, !domains.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        for app in context.androidApps {
            guard let packageName = app.packageName, let manifestFile = app.manifestFile, let manifest = manifestFile.androidManifest,
                  let granted = document.appLinkTargets(for: packageName).first, !app.claimsUnknownHosts
            else { continue }
            let claimed = Set(app.claimedHosts.map(\.verifiedHost))
            let claims = claimed.isEmpty ? "claims no host in a verifying intent filter" : "claims only \(claimed.sorted().joined(separator: ", "))"
            for domain in domains where !claimed.contains(domain.host.value) {
                let host = domain.host.value
                diagnostics.append(diagnostic(
                    "\(packageName)\(app.packageOrigin) is granted App Links here, but its manifest (\(manifestFile.path)) \(claims), not \(host), so Android never reads this file for the app and links to \(host) open the browser; add <data android:scheme=\"https\" android:host=\"\(host)\"/> to a verifying intent filter, or remove the app here",
                    at: file.location(granted.packageName?.pointer ?? granted.pointer),
                    related: [RelatedLocation(manifestFile.location(span: manifest.root.span, pointer: .root), message: "the app's manifest")]
                ))
            }
        }
        return diagnostics
    }
}
