import AASALintCore

struct PercentEncodedUnicodeRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "percent-encoded-unicode",
        summary: "`%XX` sequences that encode non-ASCII text",
        rationale: """
            With `percentEncoded` true the system compares `%C3%A9` in a pattern with the URL \
            character by character, so it matches only clients that encode `é` with exactly \
            these hex digits (lower-case `%c3%a9` in the pattern never matches what browsers \
            send). Writing the Unicode text with `"percentEncoded": false` compares with the \
            decoded URL and matches every encoding of it. `aasalint lint --fix` rewrites it.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"/": "/caf↓%C3%A9/*"}"#),
            RuleExample(triggers: false, #"{"/": "/café/*", "percentEncoded": false}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let catalog = file.patternCatalog
        // Most files have no pattern with it: their occurrences are not gone through.
        guard catalog.heldScalars.mayContain("%") else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        var diagnostics: [Diagnostic] = []
        var fixes = ComponentFixes(file: file)
        for occurrence in catalog.occurrences where occurrence.isComparedEncoded && occurrence.patternContains("%") {
            let scalars = occurrence.pattern.scalars
            for run in PercentEncoding.encodedRuns(in: scalars) {
                guard let text = String(validating: run.bytes, as: UTF8.self), text.unicodeScalars.contains(where: { !$0.isASCII }) else {
                    continue
                }
                let written = String(String.UnicodeScalarView(scalars[run.range]))
                let sent = written.uppercased()
                let url = ExampleURL.intended(by: occurrence, host: host, variables: catalog.substitutionVariables, percentEncoded: true)
                let consequence = written == sent
                    ? "it matches only clients that encode it with exactly these hex digits"
                    : "clients send \"\(sent)\" in upper case, so it never matches (e.g. \(url))"
                diagnostics.append(diagnostic(
                    "\"\(written)\" is \"\(text)\" percent-encoded; \(consequence); write \"\(text)\" and add \"percentEncoded\": false to the component, which matches every encoding of it",
                    at: file.location(of: run.range, in: occurrence),
                    exampleURL: url,
                    fix: fixes.fix(writing: text, for: occurrence)
                ))
            }
        }
        return diagnostics
    }
}

/// The fix of each component, made once for all of its findings. Decoding the patterns makes
/// the component match every encoding of the text, which is the change the finding asks for:
/// more URLs open the app, or an exclusion blocks more.
private struct ComponentFixes {
    let file: LintFile
    private var patternsByOwner: [JSONPointer: [PatternCatalog.Occurrence]]?
    private var edits: [JSONPointer: [TextEdit]?] = [:]

    init(file: LintFile) {
        self.file = file
    }

    mutating func fix(writing text: String, for occurrence: PatternCatalog.Occurrence) -> Fix {
        let message = "write \"\(text)\" and add \"percentEncoded\": false"
        guard let edits = componentEdits(of: occurrence.owner) else { return Fix(message) }
        let change = Fix.DeclaredChange("\(occurrence.owner) matches every encoding of \"\(text)\"",
                                        appIDs: file.appIDs(ofEntryContaining: occurrence.owner),
                                        kinds: [.startsOpening, .becomesBlocked],
                                        justification: "the fix is made only where decoding changes nothing but the spelling of the text")
        return Fix(message, edits: edits, effect: .changesMeaning(change))
    }

    private mutating func componentEdits(of owner: JSONPointer) -> [TextEdit]? {
        if let known = edits[owner] { return known }
        let patterns = patternsByOwner ?? PercentEncodingFix.patternsByOwner(in: file)
        patternsByOwner = patterns
        let made = try? PercentEncodingFix.edits(forComponentAt: owner, patterns: patterns[owner] ?? [], in: file).get()
        edits[owner] = .some(made)
        return made
    }
}
