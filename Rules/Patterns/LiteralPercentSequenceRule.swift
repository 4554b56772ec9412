import AASALintCore

struct LiteralPercentSequenceRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "literal-percent-sequence",
        summary: "`%XX` in a pattern compared with the decoded URL",
        rationale: """
            With `"percentEncoded": false` the system compares patterns with the decoded URL, \
            where `%20` has already become a space. A `%XX` in such a pattern matches only the \
            three characters `%`, `X`, `X` in the decoded URL, which clients send as `%25XX`: \
            almost never what was meant. Write the character itself, or remove \
            `"percentEncoded": false` if the pattern is written percent-encoded.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"/": "/caf↓%C3%A9/*", "percentEncoded": false}"#),
            RuleExample(triggers: false, #"{"/": "/café/*", "percentEncoded": false}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        // Most files have no pattern with it: their occurrences are not gone through.
        guard catalog.heldScalars.mayContain("%") else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        var diagnostics: [Diagnostic] = []
        for occurrence in catalog.occurrences where occurrence.isComparedDecoded && occurrence.patternContains("%") {
            let scalars = occurrence.pattern.scalars
            for run in PercentEncoding.encodedRuns(in: scalars) {
                let written = String(String.UnicodeScalarView(scalars[run.range]))
                let meant = String(validating: run.bytes, as: UTF8.self).map { " (\"\($0)\")" } ?? ""
                let url = ExampleURL.intended(by: occurrence, host: host, variables: catalog.substitutionVariables, percentEncoded: false)
                diagnostics.append(diagnostic(
                    "\"\(written)\" is compared with the decoded URL because of \"percentEncoded\": false, so it matches only a literal \"\(written)\", which clients send as \"\(String(written.flatMap { $0 == "%" ? Array("%25") : [$0] }))\" (e.g. \(url)); write the character itself\(meant) or remove \"percentEncoded\": false",
                    at: file.location(of: run.range, in: occurrence),
                    exampleURL: url
                ))
            }
        }
        return diagnostics
    }
}
