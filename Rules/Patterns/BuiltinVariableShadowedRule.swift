import AASALintCore

struct BuiltinVariableShadowedRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "builtin-variable-shadowed",
        summary: "A custom variable named like a built-in one",
        rationale: """
            A custom variable named `alpha`, `upper`, `lower`, `alnum`, `digit`, `xdigit`, \
            `region` or `lang` replaces the built-in of that name in every pattern of the file. \
            Someone reading `$(digit)` expects one digit; with a custom `digit` it means \
            whatever the custom values say. Give the custom variable a name of its own.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"substitutionVariables": {↓"lang": ["en", "fr"]}, "details": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"substitutionVariables": {"site language": ["en", "fr"]}, "details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        file.patternCatalog.variables.compactMap { variable in
            guard let builtIn = BuiltInVariable(rawValue: variable.name) else { return nil }
            return diagnostic(
                "the custom variable \"\(variable.name)\" replaces the built-in $(\(builtIn.rawValue)) (\(Self.meaning(of: builtIn))) in every pattern of this file; give it a name of its own",
                at: file.location(variable.pointer, .key)
            )
        }
    }

    private static func meaning(of variable: BuiltInVariable) -> String {
        switch variable {
        case .alpha: "one ASCII letter"
        case .upper: "one upper-case ASCII letter"
        case .lower: "one lower-case ASCII letter"
        case .alnum: "one ASCII letter or digit"
        case .digit: "one digit"
        case .xdigit: "one hexadecimal digit"
        case .region: "an ISO 3166 region code"
        case .lang: "an ISO 639 language code"
        }
    }
}
