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
        // A file's references name a few variables many times over: each name is looked up once
        // (finding a built-in by its name compares it with each built-in's).
        var isUndefinedByName: [String: Bool] = [:]
        for occurrence in catalog.occurrences where occurrence.patternContains("$") {
            for reference in occurrence.variableReferences {
                let isUndefined: Bool
                if let known = isUndefinedByName[reference.name] {
                    isUndefined = known
                } else {
                    if case .undefined = catalog.substitutionVariables.meaning(of: reference.name) { isUndefined = true } else { isUndefined = false }
                    isUndefinedByName[reference.name] = isUndefined
                }
                guard isUndefined else { continue }
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
