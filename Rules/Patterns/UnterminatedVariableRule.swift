import AASALintCore

struct UnterminatedVariableRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "unterminated-variable",
        summary: "`$(` without a closing `)`",
        rationale: """
            A variable reference is `$(`, the name and `)`. Without the closing parenthesis the \
            system cannot read the reference and the pattern never matches, so none of the URLs \
            it was written for opens the app. Close the reference, or remove the `$(` if a \
            literal dollar sign was meant (patterns have no escape syntax).
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"/": "/↓$(lang/news/*"}"#),
            RuleExample(triggers: false, #"{"/": "/$(lang)/news/*"}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for occurrence in file.patternCatalog.occurrences where occurrence.patternContains("$") {
            guard let range = occurrence.pattern.unterminatedVariable else { continue }
            diagnostics.append(diagnostic(
                "\"$(\" has no closing \")\", so the system never matches this pattern; close the variable reference with \")\"",
                at: file.location(of: range, in: occurrence)
            ))
        }
        return diagnostics
    }
}
