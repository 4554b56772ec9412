/// An RFC 6901 JSON pointer: the way rules name a place in a document.
package struct JSONPointer: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The tokens, but the last one when `last` holds it. A pointer appended to one without a
    /// `last` shares its parent's array: the model makes a pointer for every key of every
    /// component, and an array for each was a third of building the model.
    private let head: [String]
    private let last: String?

    package static let root = JSONPointer(tokens: [])

    package init(tokens: [String]) {
        head = tokens
        last = nil
    }

    private init(head: [String], last: String) {
        self.head = head
        self.last = last
    }

    /// Made when asked, an array for a pointer whose last token is kept apart.
    package var tokens: [String] {
        guard let last else { return head }
        var tokens: [String] = []
        tokens.reserveCapacity(head.count + 1)
        for token in head {
            tokens.append(token)
        }
        tokens.append(last)
        return tokens
    }

    package var tokenCount: Int { last == nil ? head.count : head.count + 1 }

    /// The same pointer with its tokens in one array, for a pointer that many others extend
    /// (a component's, which each of its keys extends): they share that array instead of
    /// making one each.
    package var flattened: JSONPointer { last == nil ? self : JSONPointer(tokens: tokens) }

    /// Parses `/a/b~1c/0`; returns nil for text that does not start with `/` (and is not empty)
    /// or that holds a `~` not followed by `0` or `1`.
    package init?(_ text: String) {
        if text.isEmpty {
            self.init(tokens: [])
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = JSONPointer.unescape(raw) else { return nil }
            tokens.append(token)
        }
        self.init(tokens: tokens)
    }

    package func appending(_ key: String) -> JSONPointer {
        // `tokens` is this pointer's own array when it keeps no last token apart: then no
        // allocation.
        JSONPointer(head: tokens, last: key)
    }

    package func appending(_ index: Int) -> JSONPointer {
        appending(Self.decimalText(index))
    }

    /// `String(value)`, written digit by digit: `Int.description` went through the generic
    /// integer printing, a third of making a component's pointer.
    private static func decimalText(_ value: Int) -> String {
        guard value >= 0 else { return String(value) }
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return String(unsafeUninitializedCapacity: digits) { buffer in
            var rest = value
            for position in stride(from: digits - 1, through: 0, by: -1) {
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return digits
        }
    }

    package var parent: JSONPointer? {
        if last != nil { return JSONPointer(tokens: head) }
        return head.isEmpty ? nil : JSONPointer(tokens: Array(head.dropLast()))
    }

    package var lastToken: String? { last ?? head.last }

    /// True when this pointer is `ancestor` or below it; no array made.
    package func isWithin(_ ancestor: JSONPointer) -> Bool {
        guard ancestor.tokenCount <= tokenCount else { return false }
        for index in 0..<ancestor.tokenCount where token(at: index) != ancestor.token(at: index) { return false }
        return true
    }

    private func token(at index: Int) -> String {
        if index < head.count { return head[index] }
        return last ?? ""
    }

    package static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokenCount == rhs.tokenCount && lhs.isWithin(rhs)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(tokenCount)
        for token in head {
            hasher.combine(token)
        }
        if let last { hasher.combine(last) }
    }

    package var description: String {
        // Made in one go, the length known first and the tokens written from the last: reports
        // write a pointer for every finding and URL.
        let length = descriptionLength
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            writeDescription(ending: length, in: buffer)
            return length
        }
    }

    /// Appends the description quoted, as JSON writes it, when no token holds a byte that the
    /// pointer or JSON escapes (`~`, `/`, `"`, `\`, a control or non-ASCII byte); false, having
    /// appended nothing, otherwise. A `match --trace` report writes thousands of pointers.
    package func appendPlainDescription(quotedTo bytes: inout [UInt8]) -> Bool {
        for token in head where !token.utf8.allSatisfy(Self.isPlainInQuotedDescription) {
            return false
        }
        if let last, !last.utf8.allSatisfy(Self.isPlainInQuotedDescription) { return false }
        let length = descriptionLength
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "\""), count: length + 2))
        bytes.withUnsafeMutableBufferPointer { buffer in
            writeDescription(ending: start + 1 + length, in: buffer)
        }
        return true
    }

    /// The UTF-8 length of the description.
    private var descriptionLength: Int {
        func escapedLength(of token: String) -> Int {
            var length = 1 + token.utf8.count
            for byte in token.utf8 where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") {
                length += 1
            }
            return length
        }
        var length = last.map(escapedLength(of:)) ?? 0
        for token in head {
            length += escapedLength(of: token)
        }
        return length
    }

    /// Writes the description so that it ends just before `end` in `buffer`, from its last token
    /// back, escaping `~` as `~0` and `/` as `~1`.
    private func writeDescription(ending end: Int, in buffer: UnsafeMutableBufferPointer<UInt8>) {
        var position = end
        func write(_ byte: UInt8) {
            position -= 1
            buffer[position] = byte
        }
        func write(token: String) {
            for byte in token.utf8.reversed() {
                switch byte {
                case UInt8(ascii: "~"):
                    write(UInt8(ascii: "0"))
                    write(UInt8(ascii: "~"))
                case UInt8(ascii: "/"):
                    write(UInt8(ascii: "1"))
                    write(UInt8(ascii: "~"))
                default:
                    write(byte)
                }
            }
            write(UInt8(ascii: "/"))
        }
        if let last { write(token: last) }
        for token in head.reversed() {
            write(token: token)
        }
    }

    private static func isPlainInQuotedDescription(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "~") && byte != UInt8(ascii: "/")
            && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description < rhs.description
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
