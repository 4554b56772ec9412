import Testing
@testable import aasalint

/// When `match --urls` shows its progress line, and what it says.
@Suite struct URLBatchProgressTests {
    static let large = URLBatchProgress.smallestFile

    @Test func showsOnlyForALargeFileOnATerminal() {
        #expect(URLBatchProgress(stderrIsTerminal: true, path: "urls.txt", size: Self.large) != nil)
        #expect(URLBatchProgress(stderrIsTerminal: false, path: "urls.txt", size: Self.large) == nil)
        #expect(URLBatchProgress(stderrIsTerminal: true, path: "urls.txt", size: Self.large - 1) == nil)
        #expect(URLBatchProgress(stderrIsTerminal: true, path: "-", size: Self.large) == nil)
        #expect(URLBatchProgress(stderrIsTerminal: true, path: "urls.txt", size: nil) == nil)
    }

    @Test func updatesEveryTenThousandURLsWithTheShareOfTheFileRead() throws {
        let progress = try #require(URLBatchProgress(stderrIsTerminal: true, path: "urls.txt", size: 4 * Self.large))
        #expect(progress.line(decided: 9_999, consumed: Self.large) == nil)
        #expect(progress.line(decided: 10_000, consumed: Self.large) == "\rdecided 10000 URLs (25%)")
    }
}
