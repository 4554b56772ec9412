import AASALintCore

struct AppLinksPortRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-port",
        summary: "`android:port` in a filter for web links",
        rationale: """
            With `android:port`, a link matches only when it names that port explicitly: \
            `https://example.com/` has no port (Android's `Uri.getPort()` is -1), so it does \
            not match `android:port="443"` (AOSP `AuthorityEntry.match`, CTS \
            `testAuthorities`). Links as people share them carry no port, so the filter misses \
            them. A port in a `<data>` element without a host is ignored altogether. Remove \
            `android:port` from App Links filters.
            """,
        severity: .warning,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:port="↓443""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.handlesWebURLs {
            for authority in filter.authorities {
                guard let port = authority.port, !port.isPlaceholder else { continue }
                diagnostics.append(diagnostic(
                    "android:port=\"\(port.value)\": only links that name port \(port.value) match, and https://\(authority.host.value)/ names none, so shared links of this host miss the filter; remove android:port",
                    at: file.location(of: port), exampleURL: "https://\(authority.host.value.hasPrefix("*.") ? String(authority.host.value.dropFirst(2)) : authority.host.value)/"))
            }
            for port in filter.portsWithoutHost where !port.isPlaceholder {
                diagnostics.append(diagnostic(
                    "android:port=\"\(port.value)\" in a <data> element without android:host is ignored; remove it",
                    at: file.location(of: port)))
            }
        }
        return diagnostics
    }
}
