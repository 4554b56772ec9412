import AASALintCore

struct AppLinksCustomSchemeRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-custom-scheme",
        summary: "A verifying intent filter that also lists a scheme other than `http` and `https`",
        rationale: """
            For apps targeting API 31 or later, Android collects a filter for verification only \
            when every scheme it lists is `http` or `https` (`DomainVerificationCollector`, \
            restricted domains): a verifying filter that also lists `myapp` is not collected at \
            all, so none of its hosts verify. All `<data>` elements of a filter are pooled, so \
            a custom scheme written on its own line still belongs to the filter, and its hosts \
            become web hosts too. Put custom schemes in a filter of their own, one filter per \
            purpose.
            """,
        severity: .error,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com""#, #"android:scheme="↓myapp""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com""#, #"android:scheme="http""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.requestsVerification && !filter.webSchemes.isEmpty {
            let hosts = filter.authorities.map(\.host.value)
            let shownHosts = hosts.isEmpty ? "its hosts" : hosts.prefix(3).joined(separator: ", ") + (hosts.count > 3 ? ", ..." : "")
            for scheme in filter.schemes where scheme.value != "http" && scheme.value != "https" && !scheme.isPlaceholder {
                if ["http", "https"].contains(scheme.value.lowercased()) {
                    diagnostics.append(diagnostic(
                        "the scheme \"\(scheme.value)\" is not lower case; Android compares schemes case-sensitively and links carry \"\(scheme.value.lowercased())\", so it matches no link, and the filter is not collected for verification; write \"\(scheme.value.lowercased())\"",
                        at: file.location(of: scheme)))
                    continue
                }
                diagnostics.append(diagnostic(
                    "the scheme \"\(scheme.value)\" in a filter that asks for verification: for apps targeting API 31 or later Android does not collect such a filter, so \(shownHosts) never verify and their links open the browser; move the custom scheme to a filter of its own",
                    at: file.location(of: scheme)))
            }
        }
        return diagnostics
    }
}
