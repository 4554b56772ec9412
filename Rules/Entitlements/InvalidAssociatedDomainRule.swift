import AASALintCore

struct InvalidAssociatedDomainRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-associated-domain",
        summary: "An associated-domains entry that is not `service:host`",
        rationale: """
            Each entry of `com.apple.developer.associated-domains` is `<service>:<host>`, \
            optionally followed by `?mode=...`. The services are `applinks`, `webcredentials`, \
            `activitycontinuation`, `appclips` and `authsrv`; the host is a fully qualified, \
            lower-case domain without scheme, path or trailing slash, written in Punycode when it \
            is internationalised. `applinks` takes no port. `*.` may start the host to cover \
            subdomains (not for `appclips`). IP addresses and `localhost` work only in developer \
            mode. The system silently ignores an entry it cannot read, so links to that domain \
            open the browser and nobody is told: `applink:example.com` and \
            `applinks:https://example.com/` are the usual slips.

            Entries that hold Xcode build settings (`applinks:$(APP_DOMAIN)`) are checked once \
            the configuration's `build_settings` resolve them, and never reported as malformed.
            """,
        severity: .error,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<string>↓applink:example.com</string>"),
            RuleExample(triggers: true, "<string>↓applinks:https://example.com/</string>"),
            RuleExample(triggers: false, "<string>applinks:example.com</string>"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let entitlements = context.entitlements(of: file), let value = entitlements.associatedDomainsValue else { return [] }
        let key = EntitlementsDocument.associatedDomainsKey
        guard let elements = value.value.elements else {
            return [diagnostic(
                "\(key) is \(value.value.plistElementName), not an <array> of <string>; the system ignores it, so the app is associated with no domain; wrap the entries in <array>",
                at: file.location(value.pointer)
            )]
        }
        var diagnostics: [Diagnostic] = []
        for (index, element) in elements.enumerated() where element.stringValue == nil {
            diagnostics.append(diagnostic(
                "an entry of \(key) is \(element.plistElementName), not a <string>; the system ignores it; write it as <string>applinks:example.com</string>",
                at: file.location(value.pointer.appending(index))
            ))
        }
        for entry in entitlements.associatedDomains {
            guard let problem = entry.value.problem else { continue }
            diagnostics.append(diagnostic("\"\(entry.value.text)\": \(problem.explanation)", at: file.location(entry.pointer),
                                          fix: fix(for: problem, of: entry, in: file)))
        }
        return diagnostics
    }

    /// The entry as the finding suggests it. A slip in how the entry is written (the service's
    /// spelling, a scheme, a slash, the case or script of the host) is safe to rewrite; a
    /// guessed service or a dropped path or port is unsafe, since the entry may have meant more.
    private func fix(for problem: AssociatedDomain.Problem, of entry: Located<AssociatedDomain>, in file: LintFile) -> Fix? {
        let rewrite: (text: String, isSafe: Bool)
        switch problem {
        case .unknownService(_, let suggestion?), .scheme(let suggestion), .trailingSlash(let suggestion), .upperCase(let suggestion), .internationalized(let suggestion):
            rewrite = (suggestion, true)
        case .url(let suggestion), .missingService(let suggestion), .path(let suggestion), .portOnAppLinks(let suggestion):
            rewrite = (suggestion, false)
        default:
            return nil
        }
        let edit = file.root?.node(at: entry.pointer).flatMap { file.edit(replacingString: $0, with: rewrite.text) }
        return Fix("write \"\(rewrite.text)\"", isSafe: rewrite.isSafe, edits: edit.map { [$0] } ?? [])
    }
}
