import Testing
@testable import AASALintCore

/// A file of URLs: one a line, spaces and tabs around it dropped, blank lines and `#` comments skipped.
@Suite struct URLListReaderTests {
    @Test(arguments: [
        ("https://example.com/a", URLSourceItem.url("https://example.com/a", line: 7)),
        (" \thttps://example.com/a\t ", .url("https://example.com/a", line: 7)),
        ("  https://example.com/a b  ", .url("https://example.com/a b", line: 7)),
        ("\thttps://例え.jp/パス ", .url("https://例え.jp/パス", line: 7)),
        ("https://example.com/e\u{301}", .url("https://example.com/e\u{301}", line: 7)),
    ])
    func urlLineGivesTheURLWithoutTheSpacesAroundIt(line: String, item: URLSourceItem) {
        #expect(URLListReader.item(of: Substring(line), number: 7) == item)
        var bytes = line
        let url = bytes.withUTF8 { URLListReader.url(ofLine: $0).map { String(decoding: $0, as: UTF8.self) } }
        #expect(url.map { URLSourceItem.url($0, line: 7) } == item)
    }

    @Test(arguments: ["", "   ", "\t \t", "# a comment", "  # an indented comment"])
    func blankAndCommentLinesAreSkipped(line: String) {
        #expect(URLListReader.item(of: Substring(line), number: 1) == nil)
        var bytes = line
        #expect(bytes.withUTF8 { URLListReader.url(ofLine: $0) } == nil)
    }

    @Test func trimmingKeepsTheMiddleOfASubstring() {
        let line = "xx  https://example.com/é  yy"
        let inner = line.dropFirst(2).dropLast(2)
        #expect(inner.trimmingSpaces == "https://example.com/é")
    }
}
