import AASALintCore
/// The fixes of a document's findings as LSP code actions: one quick fix per finding, and
/// `source.fixAll.aasalint`, every safe fix as `lint --fix` makes them.
struct LSPCodeActions {
    static let quickFixKind = "quickfix"
    static let fixAllKind = "source.fixAll.aasalint"

    let uri: String
    let findings: LSPWorkspace.Findings

    /// The quick fixes of the findings that touch the byte range `requested`.
    func quickFixes(touching requested: ClosedRange<Int>) -> [JSONWriter.Value] {
        findings.diagnostics.compactMap { diagnostic -> JSONWriter.Value? in
            guard let fix = diagnostic.fix, fix.isApplicable else { return nil }
            let span = findings.lines.offset(of: diagnostic.location.range.start)...findings.lines.offset(of: diagnostic.location.range.end)
            guard span.overlaps(requested) else { return nil }
            return .object([
                ("title", .string(fix.isSafe ? fix.message : fix.message + " (unsafe fix: check the result)")),
                ("kind", .string(Self.quickFixKind)),
                ("diagnostics", .array([findings.converter.diagnostic(diagnostic)])),
                ("isPreferred", .bool(fix.isSafe)),
                ("edit", workspaceEdit(fix.edits.map { ($0.span, $0.replacement) })),
            ])
        }
    }

    /// The action that replaces the document with `fixed`, its text with every safe fix made.
    func fixAll(_ fixed: [UInt8]) -> JSONWriter.Value {
        let whole = 0..<findings.lines.offset(of: SourcePosition(line: findings.lines.lineCount + 1, column: 1))
        return .object([
            ("title", .string("Fix all safe aasalint findings")),
            ("kind", .string(Self.fixAllKind)),
            ("edit", workspaceEdit([(whole, String(decoding: fixed, as: UTF8.self))])),
        ])
    }

    /// Whether a client asking only for `requested` kinds (nil: any) wants actions of `kind`:
    /// `source.fixAll` asks for `source.fixAll.aasalint` too.
    static func wants(_ kind: String, _ requested: [String]?) -> Bool {
        requested?.contains { kind == $0 || kind.hasPrefix($0 + ".") } ?? true
    }

    private func workspaceEdit(_ edits: [(span: Range<Int>, replacement: String)]) -> JSONWriter.Value {
        let positions = LSPPositions(lines: findings.lines)
        return .object([("changes", .object([(uri, .array(edits.map { edit in
            .object([("range", positions.range(findings.lines.range(ofOffsets: edit.span))), ("newText", .string(edit.replacement))])
        }))]))])
    }
}
