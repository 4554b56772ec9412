/// A file of URLs, one a line; blank lines and lines starting with `#` are skipped.
public enum URLListReader {
    public static func item(of line: Substring, number: Int) -> URLSourceItem? {
        let text = line.trimmingSpaces
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        return .url(String(text), line: number)
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
