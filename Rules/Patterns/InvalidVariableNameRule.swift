import AASALintCore

struct InvalidVariableNameRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-variable-name",
        summary: "A variable name that is empty or contains `$`, `(` or `)`",
        rationale: """
            A variable name may hold any characters except `$`, `(` and `)`, spaces included. \
            A reference ends at the first `)`, so a name with these characters cannot be \
            written in a pattern, and a reference such as `$()` or `$(a$(b)` names no variable: \
            the pattern never matches. Rename the variable, and write references as `$(name)`.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"substitutionVariables": {↓"food(s)": ["pizza"]}, "details": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"substitutionVariables": {"foods": ["pizza"]}, "details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        var diagnostics = catalog.variables.filter { !SubstitutionVariables.isValidName($0.name) }.map { variable in
            diagnostic(
                "the variable name \"\(variable.name)\" \(Self.problem(variable.name)); patterns cannot refer to it, so the system never uses its values; rename it",
                at: file.location(variable.pointer, .key)
            )
        }
        for occurrence in catalog.occurrences where occurrence.patternContains("$") {
            for reference in occurrence.variableReferences where !SubstitutionVariables.isValidName(reference.name) {
                diagnostics.append(diagnostic(
                    "\"$(\(reference.name))\" names no variable: a name \(Self.problem(reference.name)), so the system never matches this pattern; write \"$(name)\" with a defined name",
                    at: file.location(of: reference.range, in: occurrence)
                ))
            }
        }
        return diagnostics
    }

    private static func problem(_ name: String) -> String {
        guard let character = name.first(where: { "$()".contains($0) }) else { return "is empty" }
        return "contains \"\(character)\", which names may not hold"
    }
}
