import Testing
@testable import AASALintCore

/// The memo of `match --urls` gives each URL one entry, made the first time the URL is met,
/// tells apart URLs that are prefixes of one another or differ in one byte, recalls what decided
/// each (or why it cannot be read), and stops making entries at its bound while those it holds
/// stay recallable.
@Suite struct URLDecisionMemoTests {
    private func entry(_ text: String, in memo: inout URLDecisionMemo) -> (entry: Int, isNew: Bool)? {
        var text = text
        return text.withUTF8 { memo.entry(of: $0) }
    }

    @Test func recallsWhatDecidedEachURLAndNothingElse() throws {
        var memo = URLDecisionMemo(appCount: 2)
        let urls = (0..<3000).map { "https://example.com/" + String(repeating: "p", count: $0 % 40) + "\($0 / 40)" } + ["", "h"]
        var entries: [Int] = []
        for (offset, url) in urls.enumerated() {
            let made = try #require(entry(url, in: &memo))
            #expect(made.isNew, "\(url)")
            entries.append(made.entry)
            memo.record(made.entry, decidedBy: [Int32(offset), -1][...])
        }
        memo.recordFailure(entries[7], reason: "unreadable")
        for (offset, url) in urls.enumerated() {
            let found = try #require(entry(url, in: &memo))
            #expect(!found.isNew && found.entry == entries[offset], "\(url)")
            #expect(Array(memo.ordinals(of: found.entry)) == [Int32(offset), -1], "\(url)")
            #expect(memo.failure(of: found.entry) == (offset == 7 ? "unreadable" : nil))
        }
        #expect(Set(entries).count == urls.count)
        for unknown in ["https://example.com/", "https://example.com/p0 ", "https://example.com/q0", "i"] {
            #expect(entry(unknown, in: &memo)?.isNew == true, "\(unknown)")
        }
    }

    @Test func stopsMakingEntriesAtItsBound() {
        var memo = URLDecisionMemo(appCount: 1)
        let count = URLDecisionMemo.largestEntryCount + 10
        let made = (0..<count).filter { entry("https://example.com/\($0)", in: &memo) != nil }
        #expect(memo.isFull)
        #expect(made == Array(0..<URLDecisionMemo.largestEntryCount))
        #expect((0..<count).filter { entry("https://example.com/\($0)", in: &memo)?.isNew == false } == made)
    }
}
