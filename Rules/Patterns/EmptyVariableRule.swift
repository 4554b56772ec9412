import AASALintCore

struct EmptyVariableRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "empty-variable",
        summary: "A substitution variable with no values, or with `\"\"` among them",
        rationale: """
            A variable with no values matches nothing, so every pattern that uses it never \
            matches. An empty string among the values lets `$(name)` stand for nothing at all: \
            `/shop/$(category)*` then also matches `/shop/`, and a query value `$(id)` matches \
            a URL without that item. Give the variable values, \
            and remove `""` unless matching nothing is intended.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"substitutionVariables": {"category": ["shoes", ↓""]}, "details": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"substitutionVariables": {"category": ["shoes", "hats"]}, "details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        file.patternCatalog.variables.flatMap { variable -> [Diagnostic] in
            if variable.values.isEmpty, file.root?.node(at: variable.pointer)?.elements != nil {
                return [diagnostic(
                    "\"$(\(variable.name))\" has no values, so every pattern that uses it never matches; give it values or remove it",
                    at: file.location(variable.pointer, .key)
                )]
            }
            return variable.values.filter(\.value.isEmpty).map { value in
                diagnostic(
                    "\"\" lets \"$(\(variable.name))\" stand for nothing, so patterns that use it also match URLs without that part; remove it unless that is intended",
                    at: file.location(value.pointer)
                )
            }
        }
    }
}
