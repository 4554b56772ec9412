import AASALintCore

struct AppLinksWildcardHostRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-wildcard-host",
        summary: "A host wildcard that matches more or less than it seems",
        rationale: """
            Android treats a host that starts with `*` as a suffix: the rest must end the \
            link's host (AOSP `AuthorityEntry`). `*.example.com` matches `www.example.com` and \
            `a.b.example.com` but not `example.com`; `*example.com`, without the dot, also \
            matches `badexample.com`, someone else's domain. A `*` anywhere but first is a \
            literal character and matches no real host, and `*` alone matches every host and \
            cannot be verified. Write `*.example.com`, and list `example.com` separately if the \
            apex should open the app too (verification of `*.example.com` fetches the apex's \
            `assetlinks.json`).
            """,
        severity: .error,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="↓*example.com""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="*.example.com""#, #"android:host="example.com""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.handlesWebURLs {
            for authority in filter.authorities where !authority.host.isPlaceholder {
                let host = authority.host.value
                if host == "*" {
                    diagnostics.append(diagnostic(
                        "android:host=\"*\" matches links of every host, and a host of \"*\" cannot be verified; list the hosts the app serves",
                        at: file.location(of: authority.host)))
                } else if host.hasPrefix("*"), !host.hasPrefix("*.") {
                    let rest = host.dropFirst()
                    diagnostics.append(diagnostic(
                        "\"\(host)\" matches every host that ends with \"\(rest)\", such as bad\(rest), not only subdomains; write \"*.\(rest)\" (and list \"\(rest)\" for the apex)",
                        at: file.location(of: authority.host), exampleURL: "https://bad\(rest)/"))
                } else if host.dropFirst().contains("*") {
                    diagnostics.append(diagnostic(
                        "\"*\" is a wildcard only as the first character of a host; here it is a literal \"*\", so \"\(host)\" matches no real host",
                        at: file.location(of: authority.host)))
                }
            }
        }
        return diagnostics
    }
}
