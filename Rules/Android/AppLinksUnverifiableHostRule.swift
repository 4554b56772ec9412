import AASALintCore

struct AppLinksUnverifiableHostRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-unverifiable-host",
        summary: "A verifying intent filter lists a host that can never be verified",
        rationale: """
            Android collects for verification only hosts that look like domain names \
            (`Patterns.DOMAIN_NAME`, optionally after `*.`); an empty host, `*`, `localhost` or \
            a name without a dot is dropped (AOSP `DomainVerificationCollector.isValidHost`). \
            Whether an IP address passes is not settled, and no certificate authority issues \
            the https certificate verification needs for most of them, so aasalint reports IP \
            addresses too.

            On Android 12 and later each host verifies on its own, so the others still work. \
            Up to Android 11 the app is verified only when **every** collected host verifies: \
            one host that cannot leaves the app verified for none. Keep development and test \
            hosts in a filter without `autoVerify`, or in a debug manifest.
            """,
        severity: .warning,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com""#, #"android:host="↓localhost""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com""#, #"android:host="*.example.com""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.isCollectedForVerification {
            for authority in filter.authorities where !authority.host.isPlaceholder {
                guard let reason = Self.reason(authority.host.value) else { continue }
                diagnostics.append(diagnostic(
                    "\"\(authority.host.value)\" \(reason), so Android never verifies it; up to Android 11 one host that fails leaves the app verified for none of its hosts; move it to a filter without autoVerify",
                    at: file.location(of: authority.host)))
            }
        }
        return diagnostics
    }

    /// Why `host` is not a domain name Android collects; nil when it is one. Hosts that other
    /// rules report (a scheme or path inside, a misplaced `*`) are left to them.
    static func reason(_ host: String) -> String? {
        if host.isEmpty { return "is empty" }
        if host.contains("/") || host.contains(":") || host.contains("*") && host != "*" && !host.hasPrefix("*.") { return nil }
        if host == "*" { return "is a wildcard for every host" }
        let name = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count == 4, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) { return "is an IP address, not a domain name" }
        if labels.count < 2 { return "is not a fully qualified domain name" }
        if labels.contains(where: \.isEmpty) { return "has an empty label" }
        if labels.last?.allSatisfy(\.isNumber) == true { return "does not end with a top-level domain" }
        if name.contains(where: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) { return "has characters a domain name cannot have" }
        return nil
    }
}
