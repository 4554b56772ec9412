import AASALintCore

struct AppLinksHostFormatRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-host-format",
        summary: "An `android:host` with upper case, a scheme, a port or a path, or repeated in another case",
        rationale: """
            `android:host` holds a host name only. Android compares hosts ignoring case \
            (`compareToIgnoreCase`), but the documentation asks for lower case and verification \
            and other tools lower-case hosts, so upper case is a trap; two hosts that differ \
            only in case are one. A scheme (`https://example.com`), a port or a path written in \
            `android:host` makes it a host no link has, so the filter misses every link; the \
            scheme, port and path have attributes of their own.
            """,
        severity: .warning,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="↓https://example.com/shop""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathPrefix="/shop""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.handlesWebURLs {
            var seen: [String: ManifestValue] = [:]
            for authority in filter.authorities where !authority.host.isPlaceholder {
                let host = authority.host.value
                if host.contains("://") || host.contains("/") || host.contains(":") {
                    diagnostics.append(diagnostic(
                        "android:host=\"\(host)\" is not a host name: a scheme, port or path here makes a host no link has, so this host matches nothing; put them in android:scheme, android:port and android:path*",
                        at: file.location(of: authority.host)))
                    continue
                }
                if let first = seen[host.lowercased()], first.value != host {
                    diagnostics.append(diagnostic(
                        "\"\(host)\" is \"\(first.value)\" in another case; Android compares hosts ignoring case, so it is the same host; remove it",
                        at: file.location(of: authority.host),
                        related: [RelatedLocation(file.location(of: first), message: "written first here")]))
                    continue
                }
                seen[host.lowercased()] = authority.host
                if host != host.lowercased() {
                    diagnostics.append(diagnostic(
                        "\"\(host)\" has upper-case letters; Android matches it ignoring case, but verification and other tools use lower case; write \"\(host.lowercased())\"",
                        at: file.location(of: authority.host)))
                }
            }
        }
        return diagnostics
    }
}
