import AASALintCore

struct VariableReferencesVariableRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "variable-references-variable",
        summary: "A substitution variable value that contains `$(`",
        rationale: """
            Variables are expanded once: a value of a substitution variable cannot use another \
            variable. The system drops every value that contains `$(`, keeps the others, and \
            says nothing, so the URLs that value was meant to match do not open the app. Write \
            the value out in full, or list the other variable's values in this one.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"substitutionVariables": {"section": ["news", "↓$(lang)/news"]}, "details": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"substitutionVariables": {"section": ["news", "en/news", "fr/news"]}, "details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        return catalog.occurrences.compactMap { occurrence in
            guard case .variableValue(let name) = occurrence.role,
                  let reference = Pattern(occurrence.pattern.text).tokens.first(where: Self.isReference)
            else { return nil }
            return diagnostic(
                "this value of \"$(\(name))\" uses a variable, but variables cannot reference variables: the system drops the value, so \"$(\(name))\" never stands for it; write the value out in full",
                at: file.location(of: reference.range, in: occurrence)
            )
        }
    }

    private static func isReference(_ token: PatternToken) -> Bool {
        switch token.kind {
        case .variable, .unterminatedVariable: true
        default: false
        }
    }
}
