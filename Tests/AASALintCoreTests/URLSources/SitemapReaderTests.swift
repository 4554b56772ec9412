import Foundation
import Testing
@testable import AASALintCore

/// `.xml.gz` sitemaps: `Fixtures/match/sitemap.xml.gz` is `gzip -9n` of `sitemap.xml` beside it.
@Suite struct SitemapReaderTests {
    static let folder = FuzzReplayTests.repository.appendingPathComponent("Fixtures/match")

    @Test func gzippedSitemapGivesTheURLsOfThePlainOne() throws {
        let plain = try SitemapReader().items(ofFile: Self.folder.appendingPathComponent("sitemap.xml").path)
        let gzipped = try SitemapReader().items(ofFile: Self.folder.appendingPathComponent("sitemap.xml.gz").path)
        #expect(gzipped == plain)
        #expect(gzipped.first == .url("https://example.com/buy/1?a=1&b=2", line: 3))
    }

    @Test func sitemapThatDecompressesBeyondTheLimitIsRefused() throws {
        let path = Self.folder.appendingPathComponent("sitemap.xml.gz").path
        #expect {
            try SitemapReader(decompressedLimit: 100).items(ofFile: path)
        } throws: { error in
            "\(error)".contains("sitemap.xml.gz: decompresses to more than") && "\(error)".contains("gzip bomb")
        }
    }

    @Test func corruptGzipIsRefusedWithItsCause() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-corrupt-\(UUID().uuidString).xml.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            try SitemapReader().items(ofFile: file.path)
        } throws: { error in
            "\(error)".contains("starts like gzip but cannot be decompressed")
        }
    }
}
