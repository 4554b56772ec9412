@testable import AASALintCore
import Testing

@Suite struct JSONWriterEscapingTests {
    /// Strings of eight bytes and more are checked a word at a time: every character that needs
    /// an escape, or is not ASCII, is escaped at every place of a word as it is alone (a string
    /// shorter than a word, checked byte by byte).
    @Test func aWordOfPlainBytesIsCheckedAsEachOfItsBytes() {
        let characters = (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) } + ["é", "\u{202E}", "😀"]
        for character in characters {
            let alone = JSONWriter.escaped(character).dropFirst().dropLast()
            for before in 0..<17 {
                let padding = String(repeating: "a", count: before)
                let text = padding + character + String(repeating: "b", count: 17 - before)
                let expected = "\"" + padding + alone + String(repeating: "b", count: 17 - before) + "\""
                #expect(JSONWriter.escaped(text) == expected, "\(character.unicodeScalars.map(\.value)) after \(before) bytes")
            }
        }
    }
}
