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
        // One allocation, the tokens copied one by one: the model makes a pointer for every
        // component and key it reads, and `append(contentsOf:)` copied each string through the
        // runtime's generic copy, as costly as the allocation.
        var extended: [String] = []
        extended.reserveCapacity(tokens.count + 1)
        for token in tokens {
            extended.append(token)
        }
        extended.append(key)
        return JSONPointer(tokens: extended)
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
        tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
    }

    package var lastToken: String? { tokens.last }

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
        for token in tokens where !token.utf8.allSatisfy(Self.isPlainInQuotedDescription) {
            return false
        }
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
        var length = 0
        for token in tokens {
            length += 1 + token.utf8.count
            for byte in token.utf8 where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") {
                length += 1
            }
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
        for token in tokens.reversed() {
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
