import AASALintCore

struct EmptyAssociatedDomainsRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "empty-associated-domains",
        summary: "An empty associated-domains array",
        rationale: """
            An empty `com.apple.developer.associated-domains` array associates the app with no \
            domain: no universal link opens it and no password is offered for a website. It is \
            what Xcode leaves behind when the capability is added and never filled in, or when \
            the entries were meant for another configuration. List the domains \
            (`applinks:example.com`), or remove the key and the capability.
            """,
        severity: .warning,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<key>com.apple.developer.associated-domains</key>↓<array/>"),
            RuleExample(triggers: false, "<key>com.apple.developer.associated-domains</key><array><string>applinks:example.com</string></array>"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let value = file.entitlements?.associatedDomainsValue, value.value.elements?.isEmpty == true else { return [] }
        return [diagnostic(
            "\(EntitlementsDocument.associatedDomainsKey) is empty, so the app is associated with no domain; list entries such as \"applinks:example.com\", or remove the key and the Associated Domains capability",
            at: file.location(value.pointer)
        )]
    }
}
