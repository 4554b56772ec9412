import AASALintCore

struct UndocumentedDefaultRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "undocumented-default",
        summary: "`defaults` sets a key Apple does not document there",
        rationale: """
            Apple documents only `caseSensitive` and `percentEncoded` in `defaults`. The system \
            also reads `/`, `?`, `#` and `exclude` there and applies them to every component \
            that does not set its own: `"exclude": true` in defaults turns every component into an \
            exclusion. That is undocumented behaviour that may change and that readers do not \
            expect. Set these keys on the components that need them.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"defaults": {↓"exclude": true}, "details": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"defaults": {"caseSensitive": false}, "details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let applinks = file.aasa?.applinks else { return [] }
        let defaults = [applinks.defaults] + applinks.details.map(\.defaults)
        return defaults.compactMap { $0 }.flatMap { defaults in
            defaults.undocumentedMembers.map { member in
                let effect = defaults.excludesAll(member) ? ", turning them all into exclusions" : ""
                return diagnostic(
                    "\"\(member.key)\" in defaults is not documented by Apple; the system applies it to every component that does not set its own\(effect); set it on the components that need it instead",
                    at: file.location(defaults.pointer.appending(member.key), .key)
                )
            }
        }
    }
}
