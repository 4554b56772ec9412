/// A file's text with its parsed tree: the one place where pointers and spans become lines
/// and columns. AASA files, entitlements and the configuration all resolve positions here.
package struct SourceDocument: Sendable {
    package let path: String
    package let lines: LineTable
    /// The positioned tree, when the file parsed.
    package let root: PositionedValue?

    package init(path: String, lines: LineTable, root: PositionedValue?) {
        self.path = path
        self.lines = lines
        self.root = root
    }

    /// The key or value that `pointer` names; the file's start when the pointer is unknown.
    package func location(_ pointer: JSONPointer, _ part: JSONPointerPart = .value) -> Location {
        let span = root?.span(at: pointer, part: part) ?? 0..<0
        return Location(file: path, range: lines.range(ofOffsets: span), pointer: pointer)
    }

    /// A specific span, for places a pointer cannot tell apart (the first of duplicate keys).
    package func location(span: Range<Int>, pointer: JSONPointer?) -> Location {
        Location(file: path, range: lines.range(ofOffsets: span), pointer: pointer)
    }

    /// One character at a byte offset, e.g. where parsing stopped.
    package func location(offset: Int) -> Location {
        let start = lines.range(ofOffsets: offset..<offset).start
        let end = SourcePosition(line: start.line, column: start.column + 1)
        return Location(file: path, range: SourceRange(start: start, end: end), pointer: nil)
    }

    /// An edit of `span`, with its lines and columns.
    package func edit(replacing span: Range<Int>, with replacement: String) -> TextEdit {
        TextEdit(span: span, range: lines.range(ofOffsets: span), replacement: replacement)
    }

    /// The whole file, for findings about the file as such (its size).
    package var fileLocation: Location {
        Location(file: path, range: lines.range(ofOffsets: 0..<0), pointer: nil)
    }
}
