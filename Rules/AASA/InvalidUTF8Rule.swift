import AASALintCore

struct InvalidUTF8Rule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-utf8",
        summary: "The file contains bytes that are not UTF-8",
        rationale: """
            JSON must be UTF-8. A file saved as Latin-1 or Windows-1252 (often by an editor, \
            after a non-ASCII character was typed in a comment or path) cannot be read by Apple's \
            parser, so no link on the host opens the app. Save the file as UTF-8.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.caf↓\xE9"]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard case .failure(let error) = file.json, error.kind == .invalidUTF8 else { return [] }
        return [diagnostic(
            "\(error.message); Apple's parser rejects the whole file, so no link on this host opens the app",
            at: file.location(offset: error.offset)
        )]
    }
}
