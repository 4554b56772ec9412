@testable import AASALintCore
import Testing

@Suite struct TextEditTests {
    private static let text = "{\r\n  \"appIds\": [\"A\"],\n  \"é😀\": 1\n}"
    private let document = SourceDocument(path: "f.json", lines: LineTable(Array(text.utf8)), root: nil)

    private func span(of needle: String) -> Range<Int> {
        let bytes = Array(Self.text.utf8)
        let wanted = Array(needle.utf8)
        let start = (0...(bytes.count - wanted.count)).first { Array(bytes[$0..<($0 + wanted.count)]) == wanted }!
        return start..<(start + wanted.count)
    }

    @Test func editsKeepEveryOtherByte() {
        let rename = document.edit(replacing: span(of: "appIds"), with: "appIDs")
        let insert = document.edit(replacing: span(of: "}").upperBound..<span(of: "}").upperBound, with: "\n")
        let fixed = TextEdit.applying([insert, rename], to: Array(Self.text.utf8))
        #expect(String(decoding: fixed, as: UTF8.self) == "{\r\n  \"appIDs\": [\"A\"],\n  \"é😀\": 1\n}\n")
    }

    @Test func editKnowsItsLinesAndColumns() {
        let edit = document.edit(replacing: span(of: "1"), with: "2")
        #expect(edit.range == SourceRange(start: SourcePosition(line: 3, column: 9), end: SourcePosition(line: 3, column: 10)))
    }

    // LSP counts UTF-16 code units: "é" is one, the emoji two.
    @Test func utf16PositionsCountCodeUnits() {
        let lines = document.lines
        let offset = span(of: "1").lowerBound
        #expect(lines.utf16Position(ofOffset: offset) == UTF16Position(line: 2, character: 9))
        #expect(lines.offset(of: UTF16Position(line: 2, character: 9)) == offset)
        #expect(lines.utf16Position(ofOffset: 0) == UTF16Position(line: 0, character: 0))
        #expect(lines.offset(of: UTF16Position(line: 0, character: 40)) == 1)
        let emoji = span(of: "😀")
        // Half-way into the emoji's surrogate pair is the emoji's start.
        #expect(lines.offset(of: UTF16Position(line: 2, character: 5)) == emoji.lowerBound)
        #expect(lines.offset(of: UTF16Position(line: 2, character: 6)) == emoji.upperBound)
        #expect(lines.utf16Position(ofOffset: emoji.upperBound) == UTF16Position(line: 2, character: 6))
    }

    @Test func overlapsWhenTheSameBytesOrTheSamePlaceAreEdited() {
        func edit(_ span: Range<Int>) -> TextEdit { document.edit(replacing: span, with: "x") }
        #expect(edit(2..<5).overlaps(edit(4..<6)))
        #expect(!edit(2..<5).overlaps(edit(5..<6)))
        #expect(edit(3..<3).overlaps(edit(3..<3)))
        #expect(edit(3..<3).overlaps(edit(2..<5)))
        #expect(!edit(5..<5).overlaps(edit(2..<5)))
    }
}
