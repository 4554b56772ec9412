import AASALintCore

struct InvalidPercentEncodingRule: Rule, FileCheck {
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
            RuleExample(triggers: true, #"{"/": "/sale/100↓%/*"}"#),
            RuleExample(triggers: false, #"{"/": "/sale/100%25/*"}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        // Most files have no pattern with it: their occurrences are not gone through.
        guard catalog.heldScalars.mayContain("%") else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        var diagnostics: [Diagnostic] = []
        for occurrence in catalog.occurrences where occurrence.isComparedEncoded && occurrence.patternContains("%") {
            for (range, escape) in PercentEncoding.escapes(in: occurrence.pattern.scalars) where escape == .malformed {
                let url = ExampleURL.intended(by: occurrence, host: host, variables: catalog.substitutionVariables, percentEncoded: true)
                diagnostics.append(diagnostic(
                    "\"%\" is not followed by two hex digits; this pattern is compared with the percent-encoded URL, where a percent sign arrives as \"%25\", so it never matches (e.g. \(url)); write \"%25\"",
                    at: file.location(of: range.lowerBound..<range.lowerBound + 1, in: occurrence),
                    exampleURL: url,
                    fix: escaping(range.lowerBound, of: occurrence, in: file)
                ))
            }
        }
        return diagnostics
    }

    /// `%25` for the stray `%`: unsafe, since the `%` may be the start of an escape with a
    /// digit missing rather than a literal percent sign.
    private func escaping(_ scalar: Int, of occurrence: PatternCatalog.Occurrence, in file: LintFile) -> Fix {
        let message = "replace \"%\" with \"%25\""
        let start = scalar + occurrence.offset
        guard let edit = file.edit(replacingScalars: start..<start + 1, inStringAt: occurrence.pointer, with: "%25") else { return Fix(message) }
        let change = Fix.DeclaredChange("\(occurrence.pointer) matches URLs with a percent sign there",
                                        appIDs: file.appIDs(ofEntryContaining: occurrence.pointer), kinds: [.startsOpening, .becomesBlocked])
        return Fix(message, isSafe: false, edits: [edit], effect: .changesMeaning(change))
    }
}
