#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `<loc>` URLs of a sitemap (sitemaps.org); for a sitemap index, those of its child
/// sitemaps, read from the files of the same name beside the index (the URLs of the children
/// name where they are served, which a check before release cannot fetch). A `.xml.gz`
/// sitemap is decompressed, never beyond what a sitemap may hold.
public struct SitemapReader: Sendable {
    /// sitemaps.org caps a sitemap at 50 MB uncompressed; more is a gzip bomb or not a sitemap.
    public static let largestSitemap = 50 * 1024 * 1024
    let decompressedLimit: Int

    public init() {
        self.init(decompressedLimit: Self.largestSitemap)
    }

    init(decompressedLimit: Int) {
        self.decompressedLimit = decompressedLimit
    }

    public func items(ofFile path: String) throws(URLSourceError) -> [URLSourceItem] {
        let bytes = try contents(of: path)
        let locations = Self.locations(in: bytes)
        guard Self.isIndex(bytes) else {
            return locations.map { .url($0.text, line: $0.line) }
        }
        let folder = PathNames.folder(of: path)
        var items: [URLSourceItem] = []
        for location in locations {
            let name = URL(string: location.text)?.lastPathComponent ?? ""
            let child = PathNames.appending(name, to: folder)
            guard !name.isEmpty, FileManager.default.fileExists(atPath: child) else {
                items.append(.unreadable(line: location.line, reason: "child sitemap \(location.text) is not beside the index as \(child)"))
                continue
            }
            items += try self.items(ofChild: child)
        }
        return items
    }

    /// A child of an index is a sitemap, never another index.
    private func items(ofChild path: String) throws(URLSourceError) -> [URLSourceItem] {
        Self.locations(in: try contents(of: path)).map { .url($0.text, line: $0.line) }
    }

    private func contents(of path: String) throws(URLSourceError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw URLSourceError("\(path): cannot read this file (check the path and its permissions)")
        }
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x1F, 0x8B]) else { return bytes }
        do {
            return try Inflate.decompress(bytes, framing: .gzip, limit: decompressedLimit)
        } catch {
            switch error {
            case .tooLarge(let limit):
                throw URLSourceError("\(path): decompresses to more than \(limit) bytes, more than a sitemap may hold "
                    + "(50 MB, sitemaps.org); refused so that a gzip bomb cannot fill memory. Split it into sitemaps under a sitemap index")
            case .corrupt(let why):
                throw URLSourceError("\(path): starts like gzip but cannot be decompressed (\(why)); check it with gunzip -t")
            }
        }
    }

    private static func isIndex(_ bytes: [UInt8]) -> Bool {
        bytes.firstRange(of: Array("<sitemapindex".utf8)) != nil
    }

    /// The text of each `<loc>` element, entities decoded, with its line.
    static func locations(in bytes: [UInt8]) -> [(text: String, line: Int)] {
        let open = Array("<loc>".utf8)
        let close = Array("</loc>".utf8)
        var found: [(String, Int)] = []
        var line = 1
        var cursor = bytes.startIndex
        while let start = bytes[cursor...].firstRange(of: open) {
            line += bytes[cursor..<start.lowerBound].count { $0 == UInt8(ascii: "\n") }
            guard let end = bytes[start.upperBound...].firstRange(of: close) else { break }
            let text = String(decoding: bytes[start.upperBound..<end.lowerBound], as: UTF8.self)
            found.append((decodingEntities(text).trimmed(), line))
            line += bytes[start.lowerBound..<end.upperBound].count { $0 == UInt8(ascii: "\n") }
            cursor = end.upperBound
        }
        return found
    }

    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
            .replacing("&amp;", with: "&")
    }
}
