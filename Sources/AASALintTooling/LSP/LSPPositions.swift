import AASALintCore
/// Converts between the core's positions (1-based lines, columns in Unicode scalars) and LSP's
/// (0-based lines, characters in UTF-16 code units): a scalar outside the Basic Multilingual
/// Plane is one column here and two characters there.
struct LSPPositions {
    let lines: LineTable

    func position(_ position: SourcePosition) -> JSONWriter.Value {
        let before = lines.lineText(position.line, scalars: 0..<max(0, position.column - 1))
        return .object([("line", .integer(max(0, position.line - 1))), ("character", .integer(before.utf16.count))])
    }

    func range(_ range: SourceRange) -> JSONWriter.Value {
        .object([("start", position(range.start)), ("end", position(range.end))])
    }

    /// The byte offset of an LSP position, clamped to the text and to its line (an editor may
    /// send any integer, `Int.max` included); a character inside a surrogate pair counts as
    /// the scalar's start.
    func offset(line: Int, character: Int) -> Int {
        lines.offset(of: UTF16Position(line: line, character: character))
    }
}
