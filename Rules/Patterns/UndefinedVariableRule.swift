import AASALintCore

struct UndefinedVariableRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "undefined-variable",
        summary: "A `$(name)` that is neither defined nor built in",
        rationale: """
            The system replaces `$(name)` with the values of the variable of that name in \
            `applinks.substitutionVariables`, or with a built-in (`alpha`, `upper`, `lower`, \
            `alnum`, `digit`, `xdigit`, `region`, `lang`). A name it does not know matches \
            nothing, so the whole pattern never matches. Names are case-sensitive. Define the \
            variable or correct the name.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/menu/↓$(Food)"}]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/menu/$(food)"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        let known = catalog.variables.map(\.name) + BuiltInVariable.allCases.map(\.rawValue)
        var diagnostics: [Diagnostic] = []
        for occurrence in catalog.occurrences {
            for reference in occurrence.pattern.variableReferences {
                guard case .undefined = catalog.substitutionVariables.meaning(of: reference.name) else { continue }
                let suggestion = Suggestion.nearest(to: reference.name, in: known).map { "; did you mean \"$(\($0))\"?" } ?? ""
                diagnostics.append(diagnostic(
                    "\"$(\(reference.name))\" is neither defined in \"substitutionVariables\" nor built in, so the system never matches this pattern; define the variable or correct the name\(suggestion)",
                    at: file.location(of: reference.range, in: occurrence)
                ))
            }
        }
        return diagnostics
    }
}
