#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `<loc>` URLs of a sitemap (sitemaps.org); for a sitemap index, those of its child
/// sitemaps, read from the files of the same name beside the index (the URLs of the children
/// name where they are served, which a check before release cannot fetch). A `.xml.gz`
/// sitemap is decompressed, never beyond what a sitemap may hold.
///
/// An index is read as a whole within one budget: each child once, however often the index
/// names it, only from the index's folder, and the URLs passed on one at a time, so that an
/// index of a few kilobytes cannot make the reader decompress gigabytes or hold every URL.
package struct SitemapReader: Sendable {
    /// sitemaps.org caps a sitemap at 50 MB uncompressed; more is a gzip bomb or not a sitemap.
    package static let largestSitemap = 50 * 1024 * 1024
    /// What an index and its children may hold together, uncompressed: a check before release
    /// reads the sitemaps on disk, not a whole site's worth of 50,000 of them.
    package static let largestIndex = 2 * largestSitemap
    let decompressedLimit: Int
    let indexLimit: Int

    package init() {
        self.init(decompressedLimit: Self.largestSitemap, indexLimit: Self.largestIndex)
    }

    init(decompressedLimit: Int, indexLimit: Int) {
        self.decompressedLimit = decompressedLimit
        self.indexLimit = indexLimit
    }

    /// Calls `body` with each URL of the sitemap at `path`, or of its children when it is an
    /// index, and with each `<loc>` of an index that names no child the reader may read.
    package func forEachItem(ofFile path: String, _ body: (URLSourceItem) -> Void) throws(URLSourceError) {
        let bytes = try contents(of: path, limit: decompressedLimit)
        guard Self.isIndex(bytes) else {
            Self.forEachLocation(in: bytes) { text, line in body(.url(text, line: line)) }
            return
        }
        let folder = PathNames.folder(of: path)
        var remaining = indexLimit - bytes.count
        var children: Set<String> = []
        try Self.forEachLocation(in: bytes) { (text, line) throws(URLSourceError) in
            let child: String
            switch Self.child(named: text, in: folder) {
            case .failure(let reason):
                body(.unreadable(line: line, reason: reason.description))
                return
            case .success(let found):
                child = found
            }
            guard children.insert(child).inserted else {
                body(.unreadable(line: line, reason: "child sitemap \(text) is named again; its URLs are read once"))
                return
            }
            // A child is a sitemap, never another index.
            let childBytes = try contents(of: child, limit: min(decompressedLimit, remaining), index: path)
            remaining -= childBytes.count
            Self.forEachLocation(in: childBytes) { text, line in body(.url(text, line: line)) }
        }
    }

    /// The resolved path of the child sitemap that `location` names, beside the index in
    /// `folder`; or why it names none: a name that is not a plain file name once its escapes
    /// are decoded (`..%2F`), or a file that is missing or that a link places elsewhere.
    private static func child(named location: String, in folder: String) -> Result<String, URLSourceError> {
        let name = URL(string: location)?.lastPathComponent ?? ""
        let expected = PathNames.appending(name, to: folder)
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            return .failure(URLSourceError("child sitemap \(location) does not name a file: its last path component is \"\(name)\""))
        }
        guard let resolvedFolder = CanonicalPath.resolved(folder.isEmpty ? "." : folder),
              let resolved = CanonicalPath.resolved(expected) else {
            return .failure(URLSourceError("child sitemap \(location) is not beside the index as \(expected)"))
        }
        guard PathContainment.path(resolved, isBelow: resolvedFolder) else {
            return .failure(URLSourceError("child sitemap \(location) is \(expected), a link to \(resolved) outside the index's folder; "
                + "children are read only from beside the index"))
        }
        return .success(resolved)
    }

    /// The bytes of a sitemap, decompressed when gzipped, refused over `limit`; `index` names
    /// the index whose budget the limit is what is left of.
    private func contents(of path: String, limit: Int, index: String? = nil) throws(URLSourceError) -> [UInt8] {
        let read: FileReader.Contents
        do throws(UsageError) {
            // A link to /dev/zero or a named pipe would never end: only regular files are read.
            read = try FileReader(readLimit: limit).contents(ofFile: path)
        } catch {
            throw URLSourceError(error.message)
        }
        let bytes: [UInt8]
        switch read {
        case .bytes(let contents): bytes = contents
        case .tooLarge(let byteCount): throw URLSourceError(refusal(path, "is \(byteCount) bytes", limit: limit, index: index))
        }
        guard bytes.starts(with: [0x1F, 0x8B]) else { return bytes }
        do {
            return try Inflate.decompress(bytes, framing: .gzip, limit: limit)
        } catch {
            switch error {
            case .tooLarge:
                throw URLSourceError(refusal(path, "decompresses to more than \(limit) bytes", limit: limit, index: index))
            case .corrupt(let why):
                throw URLSourceError("\(path): starts like gzip but cannot be decompressed (\(why)); check it with gunzip -t")
            }
        }
    }

    /// Why a sitemap over its limit is not read: its own size, or its index's budget.
    private func refusal(_ path: String, _ size: String, limit: Int, index: String?) -> String {
        if let index, limit < decompressedLimit {
            return "\(path): \(size), past what aasalint reads for one sitemap index: the index \(index) and its children may hold "
                + "\(indexLimit) bytes together. Check the sitemaps that matter to the app under an index of their own"
        }
        return "\(path): \(size), more than a sitemap may hold (50 MB, sitemaps.org); refused so that a gzip bomb cannot fill memory. "
            + "Split it into sitemaps under a sitemap index"
    }

    private static func isIndex(_ bytes: [UInt8]) -> Bool {
        bytes.firstRange(of: Array("<sitemapindex".utf8)) != nil
    }

    /// Calls `body` with the text of each `<loc>` element, entities decoded, and its line.
    static func forEachLocation<Failure: Error>(in bytes: [UInt8], _ body: (_ text: String, _ line: Int) throws(Failure) -> Void) throws(Failure) {
        let open = Array("<loc>".utf8)
        let close = Array("</loc>".utf8)
        var line = 1
        var cursor = bytes.startIndex
        while let start = bytes[cursor...].firstRange(of: open) {
            line += bytes[cursor..<start.lowerBound].count { $0 == UInt8(ascii: "\n") }
            guard let end = bytes[start.upperBound...].firstRange(of: close) else { break }
            let text = String(decoding: bytes[start.upperBound..<end.lowerBound], as: UTF8.self)
            try body(decodingEntities(text).trimmed(), line)
            line += bytes[start.lowerBound..<end.upperBound].count { $0 == UInt8(ascii: "\n") }
            cursor = end.upperBound
        }
    }

    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
            .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
            .replacing("&amp;", with: "&")
    }
}
