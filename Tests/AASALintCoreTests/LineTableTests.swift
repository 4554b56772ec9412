@testable import AASALintCore
import Testing

@Suite struct LineTableTests {
    /// Line breaks of each kind and characters of one to four bytes, at every place in an
    /// eight-byte word and across the table's blocks of 64 bytes; vertical tabs and form feeds,
    /// one above LF and CR, are what the word-at-a-time scan could take for line breaks.
    /// `asciiOnly` leaves the characters of more than one byte out: the table counts no scalars
    /// for an ASCII text, whose bytes are its scalars.
    @Test(arguments: [0, 1, 7, 8, 9, 63, 64, 65, 130, 1_000], [false, true])
    func positionsCountScalarsFromTheLineStart(length: Int, asciiOnly: Bool) {
        let pieces = ["a", "é", "中", "😀", "\n", "\r\n", "\r", "  \"key\": ", "\u{0B}", "\u{0C}"].filter { !asciiOnly || $0.utf8.allSatisfy { $0 < 0x80 } }
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
            if offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
                #expect(table.offset(of: SourcePosition(line: line, column: column)) == offset, "offset \(offset) of \(text.debugDescription)")
            }
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

    /// The index is made by the first question, whichever thread asks: copies asked at once on
    /// every core agree with a table asked alone.
    @Test func copiesAskedAtOnceAgree() {
        let bytes = Array(String(repeating: "{\"/\": \"/é/*\"},\n", count: 300).utf8)
        let expected = LineTable(bytes)
        let offsets = Array(stride(from: 0, through: bytes.count, by: 7))
        for _ in 0..<20 {
            let shared = LineTable(bytes)
            let positions = offsets.parallelMap { offset in shared.position(ofOffset: offset) }
            #expect(positions == offsets.map { expected.position(ofOffset: $0) })
        }
    }
}
