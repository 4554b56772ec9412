// What the code needs of Foundation's NSString methods, which the binary does not link.
extension StringProtocol {
    /// The text without the leading and trailing characters `isTrimmed` accepts, white space and
    /// line breaks by default (`trimmingCharacters(in:)`).
    package func trimmed(where isTrimmed: (Character) -> Bool = { $0.isWhitespace }) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }

    /// The text followed by spaces up to `length` characters, or as it is when it is as long
    /// (`padding(toLength:withPad:startingAt:)`).
    package func padded(toLength length: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, length - count))
    }
}

extension String {
    /// The last occurrence of `needle`, comparing UTF-8 bytes, with ASCII letters in either case
    /// when `ignoringASCIICase` (`range(of:options: [.backwards, .caseInsensitive])` for the
    /// ASCII names it is used with).
    package func lastRange(of needle: String, ignoringASCIICase: Bool = false) -> Range<String.Index>? {
        let text = Array(utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= text.count else { return nil }
        func folded(_ byte: UInt8) -> UInt8 {
            ignoringASCIICase && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }
        for start in stride(from: text.count - pattern.count, through: 0, by: -1)
        where (0..<pattern.count).allSatisfy({ folded(text[start + $0]) == folded(pattern[$0]) }) {
            let lower = utf8.index(utf8.startIndex, offsetBy: start)
            return lower..<utf8.index(lower, offsetBy: pattern.count)
        }
        return nil
    }
}
