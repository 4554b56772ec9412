/// An RFC 6901 JSON pointer: the way rules name a place in a document.
package struct JSONPointer: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let tokens: [String]

    package static let root = JSONPointer(tokens: [])

    package init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses `/a/b~1c/0`; returns nil for text that does not start with `/` (and is not empty)
    /// or that holds a `~` not followed by `0` or `1`.
    package init?(_ text: String) {
        if text.isEmpty {
            self.tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = JSONPointer.unescape(raw) else { return nil }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    package func appending(_ key: String) -> JSONPointer {
        // One allocation: `tokens + [key]` would make the one-token array first.
        var extended: [String] = []
        extended.reserveCapacity(tokens.count + 1)
        extended.append(contentsOf: tokens)
        extended.append(key)
        return JSONPointer(tokens: extended)
    }

    package func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    package var parent: JSONPointer? {
        tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
    }

    package var lastToken: String? { tokens.last }

    package var description: String {
        // Made as bytes, tokens without `~` or `/` (almost all) copied whole: reports write a
        // pointer for every finding and URL.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tokens.reduce(0) { $0 + $1.utf8.count + 1 })
        for token in tokens {
            bytes.append(UInt8(ascii: "/"))
            var token = token
            let isPlain = token.withUTF8 { utf8 in
                guard !utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            if !isPlain { bytes.append(contentsOf: JSONPointer.escape(token).utf8) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the description quoted, as JSON writes it, when no token holds a byte that the
    /// pointer or JSON escapes (`~`, `/`, `"`, `\`, a control or non-ASCII byte); false, having
    /// appended nothing, otherwise. A `match --trace` report writes thousands of pointers.
    package func appendPlainDescription(quotedTo bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        bytes.append(UInt8(ascii: "\""))
        for token in tokens {
            bytes.append(UInt8(ascii: "/"))
            var token = token
            let isPlain = token.withUTF8 { utf8 in
                guard utf8.allSatisfy(Self.isPlainInQuotedDescription) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            guard isPlain else {
                bytes.removeSubrange(start...)
                return false
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return true
    }

    private static func isPlainInQuotedDescription(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "~") && byte != UInt8(ascii: "/")
            && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description < rhs.description
    }

    private static func escape(_ token: String) -> String {
        var result = ""
        for character in token {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.append(character)
            }
        }
        return result
    }

    private static func unescape(_ raw: Substring) -> String? {
        var result = ""
        var iterator = raw.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: return nil
            }
        }
        return result
    }
}
