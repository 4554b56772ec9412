/// A file of URLs, one a line; blank lines and lines starting with `#` are skipped.
package enum URLListReader {
    package static func item(of line: Substring, number: Int) -> URLSourceItem? {
        let text = line.trimmingSpaces
        guard let first = text.utf8.first, first != UInt8(ascii: "#") else { return nil }
        return .url(String(text), line: number)
    }

    /// The URL of a line as read, without the spaces and tabs around it; nil for a blank line or a comment.
    package static func url(ofLine line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let first = line.firstIndex(where: { !isSpaceOrTab($0) }), line[first] != UInt8(ascii: "#"),
              let last = line.lastIndex(where: { !isSpaceOrTab($0) }) else { return nil }
        return UnsafeBufferPointer(rebasing: line[first...last])
    }
}

extension Substring {
    /// Without the spaces and tabs around it. Read on the UTF-8 view: both are single bytes, and
    /// a walk by Character costs a grapheme break check per scalar of every line of a URL list.
    package var trimmingSpaces: Substring {
        guard let first = utf8.firstIndex(where: { !isSpaceOrTab($0) }), let last = utf8.lastIndex(where: { !isSpaceOrTab($0) }) else { return "" }
        return self[first..<utf8.index(after: last)]
    }
}

/// What is trimmed around a URL of a list: both are single bytes in UTF-8.
private func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}
