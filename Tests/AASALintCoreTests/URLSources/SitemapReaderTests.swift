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
            try SitemapReader(decompressedLimit: 200, indexLimit: 400).items(ofFile: path)
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

    // MARK: Indexes

    /// A new folder holding `site/index.xml`, which names `children` (each `<loc>` on a line of
    /// its own), and `files` beside it; the caller removes it.
    static func index(naming children: [String], files: [String: [UInt8]]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-sitemap-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: true)
        let locations = children.map { "  <sitemap><loc>https://example.com/\($0)</loc></sitemap>\n" }.joined()
        try Data("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n\(locations)</sitemapindex>\n".utf8)
            .write(to: folder.appendingPathComponent("site/index.xml"))
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent("site/\(name)")) }
        return folder
    }

    static func sitemap(urls: Int, prefix: String = "page") -> [UInt8] {
        Array(("<urlset>\n" + (0..<urls).map { "<url><loc>https://example.com/\(prefix)/\($0)</loc></url>\n" }.joined() + "</urlset>\n").utf8)
    }

    /// A child named sixteen times is read once; the other fifteen are reported.
    @Test func aChildNamedAgainIsReadOnce() throws {
        let folder = try Self.index(naming: Array(repeating: "child.xml", count: 16), files: ["child.xml": Self.sitemap(urls: 3)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = try SitemapReader().items(ofFile: folder.appendingPathComponent("site/index.xml").path)
        #expect(items.filter { if case .url = $0 { true } else { false } }.count == 3)
        let again = items.filter { if case .unreadable(_, let reason) = $0 { reason.contains("is named again; its URLs are read once") } else { false } }
        #expect(again.count == 15)
    }

    /// The budget is the index's as a whole: children that each fit the limit of one sitemap
    /// are refused once together they pass the index's.
    @Test func theChildrenOfAnIndexShareOneBudget() throws {
        let child = Self.sitemap(urls: 20)
        let names = (0..<4).map { "child-\($0).xml" }
        let folder = try Self.index(naming: names, files: Dictionary(uniqueKeysWithValues: names.map { ($0, child) }))
        defer { try? FileManager.default.removeItem(at: folder) }
        let reader = SitemapReader(decompressedLimit: child.count + 1, indexLimit: 3 * child.count + 500)
        var urls = 0
        #expect {
            try reader.forEachItem(ofFile: folder.appendingPathComponent("site/index.xml").path) { if case .url = $0 { urls += 1 } }
        } throws: { error in
            "\(error)".contains("child-3.xml: is \(child.count) bytes, past what aasalint reads for one sitemap index")
        }
        #expect(urls == 60, "three children read, one URL at a time, before the fourth is refused")
    }

    /// `..%2F` decodes to `../`: a child must be a file of the index's folder, not one reached
    /// by climbing out of it, by name or through a link.
    @Test func childrenOutsideTheIndexsFolderAreNotRead() throws {
        let folder = try Self.index(naming: ["..%2Fsecret.xml", "%2E%2E", "linked.xml", "inside.xml"], files: ["inside.xml": Self.sitemap(urls: 1)])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.sitemap(urls: 1, prefix: "secret")).write(to: folder.appendingPathComponent("secret.xml"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("site/linked.xml").path, withDestinationPath: "../secret.xml")
        let items = try SitemapReader().items(ofFile: folder.appendingPathComponent("site/index.xml").path)
        #expect(items.first == .unreadable(line: 2, reason: "child sitemap https://example.com/..%2Fsecret.xml does not name a file: its last path component is \"../secret.xml\""))
        #expect(items.count == 4)
        #expect(items.contains { if case .unreadable(3, let reason) = $0 { reason.contains("does not name a file") } else { false } })
        #expect(items.contains { if case .unreadable(4, let reason) = $0 { reason.contains("outside the index's folder") } else { false } })
        #expect(items.last == .url("https://example.com/page/0", line: 2))
    }

    /// A link to /dev/zero never ends, as a sitemap or as a child.
    @Test func onlyRegularFilesAreRead() throws {
        let folder = try Self.index(naming: ["zero.xml"], files: [:])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("site/zero.xml").path, withDestinationPath: "/dev/zero")
        #expect {
            try SitemapReader().items(ofFile: folder.appendingPathComponent("site/zero.xml").path)
        } throws: { error in
            "\(error)".contains("zero.xml: not a regular file (a character device)")
        }
        let items = try SitemapReader().items(ofFile: folder.appendingPathComponent("site/index.xml").path)
        #expect(items.count == 1 && items.first.map { if case .unreadable(2, let reason) = $0 { reason.contains("outside the index's folder") } else { false } } == true,
                "\(items)")
    }
}

extension SitemapReader {
    /// Every item at once, for tests.
    func items(ofFile path: String) throws(URLSourceError) -> [URLSourceItem] {
        var items: [URLSourceItem] = []
        try forEachItem(ofFile: path) { items.append($0) }
        return items
    }
}
