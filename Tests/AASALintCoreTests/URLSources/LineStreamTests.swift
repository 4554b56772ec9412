import Foundation
import Testing
@testable import AASALintCore

/// The lines of a file as `match --urls` reads them: split at `\n` (looked for eight bytes at a
/// time), a `\r` before it dropped, lines across the file's 64 KB reads kept whole, the last line
/// without a newline kept, and the bytes read so far counted.
@Suite struct LineStreamTests {
    @Test func linesOfEveryLengthAcrossReadsComeBackAsWritten() throws {
        // Lengths around the eight bytes of a word, and lines that cross a 64 KB read.
        var lines = (0..<40).map { String(repeating: "a", count: $0) + "é" }
        lines += ["b\r", "\r", "", String(repeating: "c", count: 70_000) + "\r", String(repeating: "d", count: 65_530), "e", "last"]
        let text = lines.joined(separator: "\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-lines-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        var read: [String] = []
        var numbers: [Int] = []
        var lastConsumed = 0
        try LineStream(path: file.path).forEachLineBytes { line, number, consumed in
            read.append(String(decoding: line, as: UTF8.self))
            numbers.append(number)
            #expect(consumed >= lastConsumed)
            lastConsumed = consumed
        }
        #expect(read == lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 })
        #expect(numbers == Array(1...lines.count))
        #expect(lastConsumed == text.utf8.count)

        var substrings: [String] = []
        try LineStream(path: file.path).forEachLine { line, _, _ in substrings.append(String(line)) }
        #expect(substrings == read)
    }
}
