import AASALintCore

struct FragmentInPathRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "fragment-in-path",
        summary: "`#` inside a path pattern",
        rationale: """
            The system matches the path, the query and the fragment separately. A `#` in a \
            `/` pattern (or a legacy `paths` string) is compared with the path, which never \
            contains the fragment, so the pattern never matches a URL with that fragment. \
            Single-page-app routes such as `/app#/settings` need the fragment in the \
            component's `#` key: `{"/": "/app", "#": "/settings"}`.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"/": "/app↓#/settings"}"#),
            RuleExample(triggers: false, ##"{"/": "/app", "#": "/settings"}"##),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        // Most files have no pattern with it: their occurrences are not gone through.
        guard file.patternCatalog.heldScalars.mayContain("#") else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        // A loop rather than a compactMap: see QueryInPathRule.
        var diagnostics: [Diagnostic] = []
        for occurrence in file.patternCatalog.occurrences where occurrence.patternContains("#") && occurrence.isPath {
            guard let hash = occurrence.pattern.tokens.first(where: { $0.kind == .literal("#") }) else { continue }
            let scalars = occurrence.pattern.scalars
            let path = String(String.UnicodeScalarView(scalars[..<hash.range.lowerBound]))
            let fragment = String(String.UnicodeScalarView(scalars[hash.range.upperBound...]))
            let url = "https://\(host)\(path.hasPrefix("/") ? "" : "/")\(path)#\(fragment)"
            let advice = occurrence.role == .legacyPath
                ? "legacy paths cannot match fragments: use a component {\"/\": \"\(path)\", \"#\": \"\(fragment)\"}"
                : "write the fragment in the component's \"#\" key: {\"/\": \"\(path)\", \"#\": \"\(fragment)\"}"
            diagnostics.append(diagnostic(
                "\"#\" in a path pattern is compared with the path, which never contains the fragment, so this pattern does not match \(url); \(advice)",
                at: file.location(of: hash.range.lowerBound..<scalars.count, in: occurrence),
                exampleURL: url
            ))
        }
        return diagnostics
    }
}
