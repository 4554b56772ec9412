import AASALintCore

struct ByteOrderMarkRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "byte-order-mark",
        summary: "The file starts with a UTF-8 byte order mark",
        rationale: """
            Some Windows editors put the bytes `EF BB BF` at the start of UTF-8 files. JSON \
            forbids them, and what Apple's parser does with them is undefined: the file may be \
            rejected on some systems and accepted on others. Save the file as UTF-8 without BOM.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"↓\xEF\xBB\xBF{"applinks": {"details": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard file.hasByteOrderMark else { return [] }
        return [diagnostic(
            "the file starts with a UTF-8 byte order mark, which JSON forbids; Apple's parser may reject the whole file; save it as UTF-8 without BOM",
            at: file.location(span: 0..<3, pointer: nil),
            fix: Fix("remove the first three bytes (EF BB BF)", edits: [file.edit(replacing: 0..<3, with: "")], effect: .keepsMeaning)
        )]
    }
}
