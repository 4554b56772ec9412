import AASALintCore

struct InvalidPercentEncodingRule: OptionlessRule {
    static let description = RuleDescription(
        id: "invalid-percent-encoding",
        summary: "`%` not followed by two hex digits where `percentEncoded` is in effect",
        rationale: """
            With `percentEncoded` true the system compares patterns with the URL as clients \
            send it, where every `%` starts a `%XX` escape: a literal percent sign arrives as \
            `%25`. A `%` in a pattern that is not followed by two hex digits therefore never \
            matches what a client sends. Write `%25` for a percent sign.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"/": "/sale/100%/*"}"#),
            RuleExample(triggers: false, #"{"/": "/sale/100%25/*"}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        let host = ExampleURL.host(of: file, in: context)
        var diagnostics: [Diagnostic] = []
        for occurrence in catalog.occurrences where occurrence.isComparedEncoded {
            for (range, escape) in PercentEncoding.escapes(in: Array(occurrence.pattern.text.unicodeScalars)) where escape == .malformed {
                let url = ExampleURL.intended(by: occurrence, host: host, variables: catalog.substitutionVariables, percentEncoded: true)
                diagnostics.append(diagnostic(
                    "\"%\" is not followed by two hex digits; this pattern is compared with the percent-encoded URL, where a percent sign arrives as \"%25\", so it never matches (e.g. \(url)); write \"%25\"",
                    at: file.location(of: range.lowerBound..<range.lowerBound + 1, in: occurrence),
                    exampleURL: url,
                    fix: "replace \"%\" with \"%25\""
                ))
            }
        }
        return diagnostics
    }
}
