import AASALintCore

struct InvalidDomainModeRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-domain-mode",
        summary: "A `?mode=` other than `developer`, `managed` or `developer+managed`, or another query",
        rationale: """
            After the host an entry may carry `?mode=developer` (fetch the AASA file directly \
            from your server, bypassing Apple's CDN, on development-signed builds), \
            `?mode=managed` (only on devices managed by MDM) or `?mode=developer+managed`. The \
            system silently ignores a mode token it does not know (`?mode=Developer`, \
            `?mode=dev`), so the entry does not behave as you expect, and it reads no other \
            query. Write one of the three modes, or remove the query.
            """,
        severity: .error,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<string>↓applinks:example.com?mode=dev</string>"),
            RuleExample(triggers: false, "<string>applinks:example.com?mode=developer</string>"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        (context.entitlements(of: file)?.associatedDomains ?? []).compactMap { entry in
            entry.value.modeProblem.map { problem in
                diagnostic("\"\(entry.value.text)\": \(problem.explanation)", at: file.location(entry.pointer))
            }
        }
    }
}
