import AASALintCore

struct UnusedVariableRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "unused-variable",
        summary: "A substitution variable that no pattern uses",
        rationale: """
            A variable in `applinks.substitutionVariables` does something only where a pattern \
            refers to it as `$(name)`. One that nothing uses is usually left over from an edit, \
            or the pattern that should use it misspells the name (then `undefined-variable` \
            reports it too). Use the variable in a pattern, or remove it.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"substitutionVariables": {↓"food": ["pizza"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/menu/*"}]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/menu/$(food)"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        return catalog.variables.filter { !catalog.isReferenced($0.name) }.map { variable in
            diagnostic(
                "\"$(\(variable.name))\" is defined but no pattern uses it; use it in a pattern or remove it",
                at: file.location(variable.pointer, .key)
            )
        }
    }
}
