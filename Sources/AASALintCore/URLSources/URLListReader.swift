/// A file of URLs, one a line; blank lines and lines starting with `#` are skipped.
package enum URLListReader {
    package static func item(of line: Substring, number: Int) -> URLSourceItem? {
        let text = line.trimmingSpaces
        guard let first = text.utf8.first, first != UInt8(ascii: "#") else { return nil }
        return .url(String(text), line: number)
    }
}

extension Substring {
    /// Without the spaces and tabs around it. Read on the UTF-8 view: both are single bytes, and
    /// a walk by Character costs a grapheme break check per scalar of every line of a URL list.
    package var trimmingSpaces: Substring {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first..<utf8.index(after: last)]
    }
}
