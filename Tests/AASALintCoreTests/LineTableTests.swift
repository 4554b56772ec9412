@testable import AASALintCore
import Testing

@Suite struct LineTableTests {
    /// Line breaks of each kind and characters of one to four bytes, at every place in an
    /// eight-byte word and across the table's blocks of 64 bytes; vertical tabs and form feeds,
    /// one above LF and CR, are what the word-at-a-time scan could take for line breaks.
    @Test(arguments: [0, 1, 7, 8, 9, 63, 64, 65, 130, 1_000])
    func positionsCountScalarsFromTheLineStart(length: Int) {
        let pieces = ["a", "é", "中", "😀", "\n", "\r\n", "\r", "  \"key\": ", "\u{0B}", "\u{0C}"]
        var state: UInt64 = UInt64(length) + 1
        var text = ""
        while text.utf8.count < length {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text += pieces[Int(state >> 33) % pieces.count]
        }
        let bytes = Array(text.utf8)
        let table = LineTable(bytes)
        var line = 1
        var lineStart = 0
        for offset in 0...bytes.count {
            let column = 1 + bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count
            #expect(table.position(ofOffset: offset) == SourcePosition(line: line, column: column), "offset \(offset) of \(text.debugDescription)")
            guard offset < bytes.count else { break }
            let endsLine = bytes[offset] == UInt8(ascii: "\n")
                || bytes[offset] == UInt8(ascii: "\r") && (offset + 1 == bytes.count || bytes[offset + 1] != UInt8(ascii: "\n"))
            if endsLine {
                line += 1
                lineStart = offset + 1
            }
        }
        #expect(table.lineCount == line)
    }
}
