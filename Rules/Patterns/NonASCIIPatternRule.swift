import AASALintCore

struct NonASCIIPatternRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "non-ascii-pattern",
        summary: "A raw non-ASCII character where `percentEncoded` is in effect",
        rationale: """
            With `percentEncoded` true (the default) the system compares patterns with the URL \
            as clients send it, percent-encoded: `/café` arrives as `/caf%C3%A9`. A raw \
            non-ASCII character in the pattern can therefore never match. Write the text as \
            Unicode and set `"percentEncoded": false` on the component, so that the pattern is \
            compared with the decoded URL.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"/": "/caf↓é/*"}"#),
            RuleExample(triggers: false, #"{"/": "/café/*", "percentEncoded": false}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        // Most files have no pattern with it: their occurrences are not gone through.
        guard catalog.heldScalars.holdsNonASCII else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        var diagnostics: [Diagnostic] = []
        for occurrence in catalog.occurrences where occurrence.isComparedEncoded && !occurrence.patternIsASCII {
            let scalars = occurrence.pattern.scalars
            guard let first = scalars.firstIndex(where: { !$0.isASCII }), let last = scalars.lastIndex(where: { !$0.isASCII }) else {
                continue
            }
            let span = first..<last + 1
            let text = String(String.UnicodeScalarView(scalars[span]))
            let encoded = PercentEncoding.encode(text) { $0.value > 0x20 && $0.value < 0x7F }
            if case .variableValue = occurrence.role {
                diagnostics.append(diagnostic(
                    "\"\(text)\" holds non-ASCII characters, but a pattern that uses this value is compared with the percent-encoded URL, where it arrives as \"\(encoded)\", so it never matches; add \"percentEncoded\": false to the components that use it",
                    at: file.location(of: span, in: occurrence)
                ))
                continue
            }
            let url = ExampleURL.intended(by: occurrence, host: host, variables: catalog.substitutionVariables, percentEncoded: true)
            diagnostics.append(diagnostic(
                "\"\(text)\" holds non-ASCII characters, but this pattern is compared with the percent-encoded URL, where it arrives as \"\(encoded)\", so it never matches (e.g. \(url)); add \"percentEncoded\": false to compare with the decoded URL",
                at: file.location(of: span, in: occurrence),
                exampleURL: url
            ))
        }
        return diagnostics
    }
}
