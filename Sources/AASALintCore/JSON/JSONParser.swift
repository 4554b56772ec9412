/// Strict JSON as Apple's NSJSONSerialization reads it, with byte spans and every duplicate key.
package enum JSONParser {
    package static let defaultMaximumDepth = 512

    /// Parses `bytes` as one JSON value. A leading UTF-8 BOM (EF BB BF) is skipped, but spans still
    /// count it: offsets are always into `bytes`. Any JSON value is accepted at the root; callers
    /// decide whether the root has to be an object.
    package static func parse(
        _ bytes: [UInt8],
        maximumDepth: Int = defaultMaximumDepth
    ) throws(JSONSyntaxError) -> PositionedValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> PositionedValue in
            try validateUTF8(buffer)
            var reader = Reader(bytes: buffer, maximumDepth: maximumDepth)
            return try reader.readDocument()
        }
    }
}

// MARK: - UTF-8

extension JSONParser {
    private static func validateUTF8(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        if count >= 2, (base[0] == 0xFF && base[1] == 0xFE) || (base[0] == 0xFE && base[1] == 0xFF) {
            throw JSONSyntaxError(
                kind: .invalidUTF8,
                offset: 0,
                message: "invalid UTF-8: the file starts with a UTF-16 byte order mark; save the file as UTF-8"
            )
        }
        var index = 0
        while index < count {
            // JSON is almost all ASCII, so skip it a machine word at a time.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { return }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            // The second byte's range is what rules out overlong forms, surrogates and > U+10FFFF.
            var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF:
                length = 2
            case 0xE0:
                length = 3
                secondByteRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF:
                length = 3
            case 0xED:
                length = 3
                secondByteRange = 0x80...0x9F
            case 0xF0:
                length = 4
                secondByteRange = 0x90...0xBF
            case 0xF1...0xF3:
                length = 4
            case 0xF4:
                length = 4
                secondByteRange = 0x80...0x8F
            default:
                throw invalidUTF8Error(byte: lead, offset: index)
            }
            guard index + length <= count, secondByteRange.contains(base[index + 1]) else {
                throw invalidUTF8Error(byte: lead, offset: index)
            }
            for continuation in (index + 2)..<(index + length) where base[continuation] & 0xC0 != 0x80 {
                throw invalidUTF8Error(byte: lead, offset: index)
            }
            index += length
        }
    }

    private static func invalidUTF8Error(byte: UInt8, offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            kind: .invalidUTF8,
            offset: offset,
            message: "invalid UTF-8: byte \(hexByte(byte)) at offset \(offset) does not start a valid UTF-8 sequence; "
                + "save the file as UTF-8"
        )
    }

    fileprivate static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }

    /// `U+000A` style, as people look code points up.
    fileprivate static func codePointName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

// MARK: - Reader

/// The short strings (up to 15 bytes, which Swift keeps inline) read so far, by their bytes: keys
/// and many values repeat (`/`, `exclude`, `?*`), and decoding each again validated its UTF-8 again.
/// One entry a slot, the last string to hash there; a miss is decoded as any string.
private struct ShortStringCache {
    private struct Entry {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = -1
        var string = ""
    }

    private static let slotBits = 6
    private var entries = [Entry](repeating: Entry(), count: 1 << slotBits)

    /// The text of `range` of `bytes` (valid UTF-8, at most 15 bytes); nil for a longer range.
    mutating func string(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        let length = range.count
        guard length <= 15, let base = bytes.baseAddress else { return nil }
        var low: UInt64 = 0
        var high: UInt64 = 0
        if range.lowerBound + 16 <= bytes.count {
            let start = UnsafeRawPointer(base + range.lowerBound)
            low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
            high = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if length < 8 {
                low &= (1 << (8 * UInt64(length))) &- 1
                high = 0
            } else {
                high &= (1 << (8 * UInt64(length - 8))) &- 1
            }
        } else {
            for position in range.indices.reversed() {
                let byte = UInt64(base[position])
                if position - range.lowerBound < 8 {
                    low = low << 8 | byte
                } else {
                    high = high << 8 | byte
                }
            }
        }
        let hash = (low ^ (high &* 0x100_0000_01B3) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: hash >> UInt64(64 - Self.slotBits))
        if entries[slot].length == length, entries[slot].low == low, entries[slot].high == high {
            return entries[slot].string
        }
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        entries[slot] = Entry(low: low, high: high, length: length, string: string)
        return string
    }
}

/// The children of the open containers, innermost last. A container's children leave it moved
/// into their array, not copied: a copy retained every key and value of the file once more and
/// released them again, a tenth of parsing.
private final class ChildStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 16
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func append(_ element: consuming Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` on into an array of their own.
    func popArray(from start: Int) -> [Element] {
        // Appended one by one to a reserved array: `Array(unsafeUninitializedCapacity:)` allocates
        // through an unspecialised path that cost three times the allocation.
        guard start < count else { return [] }
        var array: [Element] = []
        array.reserveCapacity(count - start)
        for index in start..<count {
            array.append((base + index).move())
        }
        count = start
        return array
    }
}

private extension JSONParser {
    /// A container whose closing bracket has not been read yet. Its children wait in the reader's
    /// flat `pendingElements` / `pendingMembers` stacks from `firstChild` on, so reading needs no
    /// recursion (deep input cannot overflow the stack) and each container allocates one array.
    struct OpenContainer {
        let isObject: Bool
        let start: Int
        let firstChild: Int
        var key = ""
        var keySpan = 0..<0
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let maximumDepth: Int
        var offset = 0
        var containers: [OpenContainer] = []
        let pendingElements = ChildStack<PositionedValue>()
        let pendingMembers = ChildStack<PositionedMember>()
        /// Reused for strings with escapes, so decoding them does not allocate per string.
        var escapedStringBuffer: [UInt8] = []
        /// Only for inputs large enough to repeat themselves: making it is a tenth of parsing a
        /// file of a hundred bytes, the start-up budget's lint.
        var shortStrings: ShortStringCache?

        init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
            if bytes.count >= 4_096 { shortStrings = ShortStringCache() }
        }

        mutating func readDocument() throws(JSONSyntaxError) -> PositionedValue {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                offset = 3
            }
            let contentStart = offset
            skipWhitespace()
            guard offset < bytes.count else {
                let detail = offset == contentStart ? "" : " (it holds only whitespace)"
                throw syntaxError(at: contentStart, "the file is empty\(detail)")
            }
            let root = try readValueTree()
            skipWhitespace()
            if offset < bytes.count {
                if let mistake = commonMistake(at: offset) { throw mistake }
                throw syntaxError(
                    at: offset,
                    "unexpected content after the end of the JSON value: found \(describeCharacter(at: offset)); "
                        + "remove it (the file must hold exactly one value)"
                )
            }
            return root
        }

        // MARK: Structure

        /// Reads the value at `offset` (whitespace already skipped) and everything nested in it.
        private mutating func readValueTree() throws(JSONSyntaxError) -> PositionedValue {
            readingValue: while true {
                var node: PositionedValue
                switch peek() {
                case UInt8(ascii: "{"):
                    try openContainer(isObject: true)
                    skipWhitespace()
                    if peek() == UInt8(ascii: "}") {
                        offset += 1
                        node = closeContainer()
                    } else {
                        try readMemberKey()
                        continue readingValue
                    }
                case UInt8(ascii: "["):
                    try openContainer(isObject: false)
                    skipWhitespace()
                    if peek() == UInt8(ascii: "]") {
                        offset += 1
                        node = closeContainer()
                    } else {
                        continue readingValue
                    }
                default:
                    node = try readScalar()
                }

                // Hand the finished value to its container, closing every container that ends here.
                while let container = containers.last {
                    if container.isObject {
                        pendingMembers.append(PositionedMember(key: container.key, keySpan: container.keySpan, value: node))
                    } else {
                        pendingElements.append(node)
                    }
                    let closing = container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    skipWhitespace()
                    switch peek() {
                    case UInt8(ascii: ","):
                        let commaOffset = offset
                        offset += 1
                        skipWhitespace()
                        if peek() == closing {
                            throw syntaxError(
                                at: commaOffset,
                                "trailing comma before '\(Character(Unicode.Scalar(closing)))': remove it"
                            )
                        }
                        if container.isObject { try readMemberKey() }
                        continue readingValue
                    case closing:
                        offset += 1
                        node = closeContainer()
                    default:
                        throw missingSeparatorError(inObject: container.isObject)
                    }
                }
                return node
            }
        }

        private mutating func openContainer(isObject: Bool) throws(JSONSyntaxError) {
            guard containers.count < maximumDepth else {
                throw JSONSyntaxError(
                    kind: .tooDeep,
                    offset: offset,
                    message: "nesting deeper than \(maximumDepth) levels"
                )
            }
            containers.append(OpenContainer(
                isObject: isObject,
                start: offset,
                firstChild: isObject ? pendingMembers.count : pendingElements.count
            ))
            offset += 1
        }

        /// Call only with an open container, right after its closing bracket.
        private mutating func closeContainer() -> PositionedValue {
            let container = containers.removeLast()
            let span = container.start..<offset
            if container.isObject {
                return PositionedValue(value: .object(pendingMembers.popArray(from: container.firstChild)), span: span)
            }
            return PositionedValue(value: .array(pendingElements.popArray(from: container.firstChild)), span: span)
        }

        /// Reads `"key" :` and the whitespace after it into the innermost (object) container.
        private mutating func readMemberKey() throws(JSONSyntaxError) {
            let keyStart = offset
            switch peek() {
            case UInt8(ascii: "\""):
                break
            case UInt8(ascii: "'"):
                throw singleQuoteError(at: keyStart)
            case let byte? where isWordByte(byte):
                let word = readWord()
                throw syntaxError(at: keyStart, "object keys must be double-quoted strings: write \"\(word)\"")
            default:
                throw unexpectedError(at: keyStart, expected: "a double-quoted key")
            }
            let key = try readString()
            let keySpan = keyStart..<offset
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw unexpectedError(at: offset, expected: "':' after the key \"\(key)\"")
            }
            offset += 1
            skipWhitespace()
            containers[containers.count - 1].key = key
            containers[containers.count - 1].keySpan = keySpan
        }

        private func missingSeparatorError(inObject: Bool) -> JSONSyntaxError {
            let (closing, wrongClosing) = inObject ? ("}", UInt8(ascii: "]")) : ("]", UInt8(ascii: "}"))
            let (container, item) = inObject ? ("object", "member") : ("array", "element")
            guard offset < bytes.count else {
                return syntaxError(
                    at: offset,
                    "unexpected end of input: expected ',' or '\(closing)'; "
                        + "the \(container) is never closed, add '\(closing)'"
                )
            }
            if let mistake = commonMistake(at: offset) { return mistake }
            if bytes[offset] == wrongClosing {
                return syntaxError(
                    at: offset,
                    "mismatched brackets: '\(Character(Unicode.Scalar(wrongClosing)))' cannot close an \(container); "
                        + "close it with '\(closing)'"
                )
            }
            return syntaxError(
                at: offset,
                "expected ',' or '\(closing)' after an \(container) \(item), found \(describeCharacter(at: offset)); "
                    + "add a comma between \(item)s"
            )
        }

        // MARK: Scalars

        private mutating func readScalar() throws(JSONSyntaxError) -> PositionedValue {
            let start = offset
            guard let byte = peek() else {
                throw unexpectedError(at: start, expected: "a value")
            }
            switch byte {
            case UInt8(ascii: "\""):
                let string = try readString()
                return PositionedValue(value: .string(string), span: start..<offset)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try readNumber()
            case UInt8(ascii: "'"):
                throw singleQuoteError(at: start)
            case UInt8(ascii: "+"):
                throw syntaxError(at: start, "numbers must not start with '+': remove the '+'")
            case UInt8(ascii: "."):
                let digits = digitRun(from: start + 1)
                let example = digits.isEmpty ? "0.5" : "0." + digits
                throw syntaxError(at: start, "numbers need a digit before the decimal point: write \(example)")
            case _ where isWordByte(byte):
                return try readWordLiteral()
            default:
                throw unexpectedError(at: start, expected: "a value")
            }
        }

        private mutating func readWordLiteral() throws(JSONSyntaxError) -> PositionedValue {
            let start = offset
            if let literal = exactLiteral() { return literal }
            let word = readWord()
            let lowercased = word.lowercased()
            if ["true", "false", "null"].contains(lowercased) {
                throw syntaxError(at: start, "literals are lower case: write \(lowercased)")
            }
            if let completed = ["true", "false", "null"].first(where: { $0.hasPrefix(lowercased) }) {
                throw syntaxError(at: start, "incomplete literal '\(word)': write \(completed)")
            }
            if let message = nonNumberMessage(word) {
                throw syntaxError(at: start, message)
            }
            if word == "undefined" {
                throw syntaxError(at: start, "undefined is not valid JSON: use null")
            }
            throw syntaxError(
                at: start,
                "unexpected word '\(word)': strings must be in double quotes: write \"\(word)\""
            )
        }

        /// `true`, `false` or `null` at `offset`, compared byte by byte rather than read as a word
        /// first; nil, having read nothing, for any other word.
        private mutating func exactLiteral() -> PositionedValue? {
            // A static string's bytes, compared as buffers: a `String`'s UTF-8 view was iterated
            // generically, hundreds of instructions a literal.
            let spelling: StaticString
            let value: PositionedValue.Value
            switch bytes[offset] {
            case UInt8(ascii: "t"): (spelling, value) = ("true", .bool(true))
            case UInt8(ascii: "f"): (spelling, value) = ("false", .bool(false))
            case UInt8(ascii: "n"): (spelling, value) = ("null", .null)
            default: return nil
            }
            let end = offset + spelling.utf8CodeUnitCount
            guard end <= bytes.count, end == bytes.count || !isWordByte(bytes[end]),
                  spelling.withUTF8Buffer({ UnsafeBufferPointer(rebasing: bytes[offset..<end]).elementsEqual($0) })
            else { return nil }
            let span = offset..<end
            offset = end
            return PositionedValue(value: value, span: span)
        }

        private func nonNumberMessage(_ word: String) -> String? {
            switch word.lowercased() {
            case "nan": "NaN is not valid JSON: use null or a number"
            case "infinity", "inf": "Infinity is not valid JSON: use null or a number"
            default: nil
            }
        }

        private mutating func readNumber() throws(JSONSyntaxError) -> PositionedValue {
            let start = offset
            if bytes[offset] == UInt8(ascii: "-") {
                offset += 1
                guard let byte = peek(), isDigit(byte) else {
                    if let byte = peek(), isWordByte(byte), let message = nonNumberMessage(readWord()) {
                        throw syntaxError(at: start, "-" + message)
                    }
                    throw syntaxError(at: start, "a '-' must be followed by a digit")
                }
            }
            let integerStart = offset
            if bytes[offset] == UInt8(ascii: "0") {
                offset += 1
                if let next = peek(), isDigit(next) {
                    let digits = digitRun(from: integerStart)
                    let withoutZeros = String(digits.drop(while: { $0 == "0" }))
                    let sign = integerStart > start ? "-" : ""
                    let corrected = sign + (withoutZeros.isEmpty ? "0" : withoutZeros)
                    throw syntaxError(
                        at: integerStart,
                        "numbers must not have leading zeros: write \(corrected) instead of \(sign)\(digits)"
                    )
                }
                if peek() == UInt8(ascii: "x") || peek() == UInt8(ascii: "X") {
                    throw hexadecimalNumberError(numberStart: start, digitsStart: offset + 1)
                }
            } else {
                skipDigits()
            }
            if peek() == UInt8(ascii: ".") {
                let pointOffset = offset
                offset += 1
                guard let next = peek(), isDigit(next) else {
                    let integer = text(start..<pointOffset)
                    throw syntaxError(
                        at: pointOffset,
                        "a decimal point must be followed by a digit: write \(integer).0 or \(integer)"
                    )
                }
                skipDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                let exponentOffset = offset
                offset += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
                guard let next = peek(), isDigit(next) else {
                    throw syntaxError(
                        at: exponentOffset,
                        "an exponent must have digits: add them (as in 1e3) or remove the 'e'"
                    )
                }
                skipDigits()
            }
            return PositionedValue(value: .number(text(start..<offset)), span: start..<offset)
        }

        private func hexadecimalNumberError(numberStart: Int, digitsStart: Int) -> JSONSyntaxError {
            var end = digitsStart
            while end < bytes.count, isHexDigit(bytes[end]) { end += 1 }
            let hexDigits = text(digitsStart..<end)
            let negative = bytes[numberStart] == UInt8(ascii: "-")
            guard let value = UInt64(hexDigits, radix: 16) else {
                return syntaxError(
                    at: numberStart,
                    "hexadecimal numbers are not valid JSON: write the number in decimal"
                )
            }
            let source = text(numberStart..<end)
            return syntaxError(
                at: numberStart,
                "hexadecimal numbers are not valid JSON: write \(source) in decimal, as \(negative ? "-" : "")\(value)"
            )
        }

        // MARK: Strings

        /// Reads the string whose opening quote is at `offset` and moves past its closing quote.
        private mutating func readString() throws(JSONSyntaxError) -> String {
            let openingQuote = offset
            let contentStart = offset + 1
            var index = contentStart
            while index < bytes.count {
                if index + 8 <= bytes.count, let base = bytes.baseAddress {
                    let stops = Self.stringStops(in: UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
                    guard stops != 0 else {
                        index += 8
                        continue
                    }
                    index += stops.trailingZeroBitCount / 8
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    offset = index + 1
                    return shortStrings?.string(of: bytes, contentStart..<index) ?? text(contentStart..<index)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw controlCharacterError(at: index) }
                index += 1
            }
            guard index < bytes.count else { throw unterminatedStringError(openingQuote: openingQuote) }

            escapedStringBuffer.removeAll(keepingCapacity: true)
            escapedStringBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    offset = index + 1
                    return String(decoding: escapedStringBuffer, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index = try appendEscape(at: index, openingQuote: openingQuote)
                case 0..<0x20:
                    throw controlCharacterError(at: index)
                default:
                    let runStart = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
                          bytes[index] >= 0x20 {
                        index += 1
                    }
                    escapedStringBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
            }
            throw unterminatedStringError(openingQuote: openingQuote)
        }

        /// The bytes of `word` (little-endian) that end a string's plain run (a quote, a backslash, a
        /// control character), as `WordBytes` answers: the lowest flagged is the first stop; zero
        /// when the eight bytes are all plain.
        private static func stringStops(in word: UInt64) -> UInt64 {
            WordBytes.equal(to: UInt8(ascii: "\""), in: word) | WordBytes.equal(to: UInt8(ascii: "\\"), in: word)
                | WordBytes.below(0x20, in: word)
        }

        /// Decodes the escape whose backslash is at `backslash` into `escapedStringBuffer`;
        /// returns the index just after it.
        private mutating func appendEscape(at backslash: Int, openingQuote: Int) throws(JSONSyntaxError) -> Int {
            guard backslash + 1 < bytes.count else { throw unterminatedStringError(openingQuote: openingQuote) }
            let escaped = bytes[backslash + 1]
            let decoded: UInt8
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = escaped
            case UInt8(ascii: "b"): decoded = 0x08
            case UInt8(ascii: "f"): decoded = 0x0C
            case UInt8(ascii: "n"): decoded = 0x0A
            case UInt8(ascii: "r"): decoded = 0x0D
            case UInt8(ascii: "t"): decoded = 0x09
            case UInt8(ascii: "u"):
                return try appendUnicodeEscape(at: backslash)
            case UInt8(ascii: "'"):
                throw syntaxError(
                    at: backslash,
                    "invalid escape \\' in a string: a single quote needs no escape in a double-quoted string; write '"
                )
            default:
                let shown = escaped >= 0x21 && escaped <= 0x7E
                    ? "\\" + String(Character(Unicode.Scalar(escaped)))
                    : "\\ followed by \(describeCharacter(at: backslash + 1))"
                throw syntaxError(
                    at: backslash,
                    "invalid escape \(shown) in a string: write \\\\ for a backslash; "
                        + "the valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
                )
            }
            escapedStringBuffer.append(decoded)
            return backslash + 2
        }

        private mutating func appendUnicodeEscape(at backslash: Int) throws(JSONSyntaxError) -> Int {
            let first = try unicodeEscapeValue(at: backslash)
            var scalarValue = first
            var end = backslash + 6
            switch first {
            case 0xD800...0xDBFF:
                let lowSurrogateFollows = end + 1 < bytes.count
                    && bytes[end] == UInt8(ascii: "\\") && bytes[end + 1] == UInt8(ascii: "u")
                guard lowSurrogateFollows else { throw unpairedHighSurrogateError(first, at: backslash) }
                let second = try unicodeEscapeValue(at: end)
                guard (0xDC00...0xDFFF).contains(second) else { throw unpairedHighSurrogateError(first, at: backslash) }
                scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                end += 6
            case 0xDC00...0xDFFF:
                throw syntaxError(
                    at: backslash,
                    "unpaired UTF-16 surrogate \\u\(hex4(first)) in a string: a low surrogate must follow a high "
                        + "surrogate escape; write the character itself instead"
                )
            default:
                break
            }
            if let scalar = Unicode.Scalar(scalarValue) {
                escapedStringBuffer.append(contentsOf: scalar.utf8)
            }
            return end
        }

        private func unpairedHighSurrogateError(_ value: UInt32, at backslash: Int) -> JSONSyntaxError {
            syntaxError(
                at: backslash,
                "unpaired UTF-16 surrogate \\u\(hex4(value)) in a string: a high surrogate must be followed by "
                    + "a low surrogate escape (\\uDC00 to \\uDFFF); write the character itself instead"
            )
        }

        /// The value of the four hex digits of the `\u` escape whose backslash is at `backslash`.
        private func unicodeEscapeValue(at backslash: Int) throws(JSONSyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for index in (backslash + 2)..<(backslash + 6) {
                guard index < bytes.count, let digit = hexDigitValue(bytes[index]) else {
                    throw syntaxError(
                        at: backslash,
                        "\\u must be followed by exactly four hexadecimal digits, as in \\u00E9"
                    )
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        private func hex4(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        private func controlCharacterError(at index: Int) -> JSONSyntaxError {
            let byte = bytes[index]
            let escape: String
            switch byte {
            case 0x0A: escape = "\\n"
            case 0x09: escape = "\\t"
            case 0x0D: escape = "\\r"
            default: escape = "\\u" + hex4(UInt32(byte))
            }
            var message = "control character \(codePointName(UInt32(byte))) in a string: escape it as \(escape)"
            if byte == 0x0A || byte == 0x0D {
                message += ", or add the closing \" if the string should end before the line break"
            }
            return syntaxError(at: index, message)
        }

        private func unterminatedStringError(openingQuote: Int) -> JSONSyntaxError {
            syntaxError(at: openingQuote, "unterminated string: add the closing \"")
        }

        private func singleQuoteError(at index: Int) -> JSONSyntaxError {
            syntaxError(at: index, "strings must use double quotes, not single quotes")
        }

        // MARK: Errors

        private func syntaxError(at offset: Int, _ message: String) -> JSONSyntaxError {
            JSONSyntaxError(kind: .syntax, offset: offset, message: message)
        }

        private func unexpectedError(at index: Int, expected: String) -> JSONSyntaxError {
            guard index < bytes.count else {
                return syntaxError(at: index, "unexpected end of input: expected \(expected)")
            }
            if let mistake = commonMistake(at: index) { return mistake }
            return syntaxError(at: index, "expected \(expected), found \(describeCharacter(at: index))")
        }

        /// Mistakes that read the same wherever they occur, so they get one message everywhere.
        private func commonMistake(at index: Int) -> JSONSyntaxError? {
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
               bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
                return syntaxError(at: index, "JSON does not allow comments; remove the comment")
            }
            if let scalar = scalar(at: index), [0x201C, 0x201D, 0x2018, 0x2019].contains(scalar.value) {
                return syntaxError(
                    at: index,
                    "curly quote \(codePointName(scalar.value)) is not valid JSON: use straight double quotes (\")"
                )
            }
            return nil
        }

        /// Names the character at `index` for "found ..." in messages.
        private func describeCharacter(at index: Int) -> String {
            guard index < bytes.count else { return "the end of the file" }
            let byte = bytes[index]
            switch byte {
            case 0x21...0x7E:
                return "'\(Character(Unicode.Scalar(byte)))'"
            case 0x00:
                return "a NUL byte (if the file is UTF-16, save it as UTF-8)"
            case 0x0C:
                return "a form feed (U+000C), which is not JSON whitespace"
            case 0x01..<0x20, 0x7F:
                return "control character \(codePointName(UInt32(byte)))"
            default:
                break
            }
            guard let scalar = scalar(at: index) else { return "byte \(hexByte(byte))" }
            switch scalar.value {
            case 0xA0:
                return "a no-break space (U+00A0); replace it with a normal space"
            case 0xFEFF:
                return "a byte order mark (U+FEFF), which is allowed only at the start of the file"
            case 0x200B:
                return "a zero-width space (U+200B); delete it"
            default:
                return "'\(Character(scalar))' (\(codePointName(scalar.value)))"
            }
        }

        /// The scalar starting at `index`, for messages; the input is already known to be valid UTF-8.
        private func scalar(at index: Int) -> Unicode.Scalar? {
            let lead = bytes[index]
            let length = switch lead {
            case 0..<0x80: 1
            case 0xC0..<0xE0: 2
            case 0xE0..<0xF0: 3
            case 0xF0...: 4
            default: 0
            }
            guard length > 0, index + length <= bytes.count else { return nil }
            return text(index..<(index + length)).unicodeScalars.first
        }

        // MARK: Bytes

        /// Decodes a slice of the input in one go; the input is already known to be valid UTF-8.
        private func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        private func peek() -> UInt8? {
            offset < bytes.count ? bytes[offset] : nil
        }

        /// JSON whitespace is exactly space, tab, LF and CR.
        private mutating func skipWhitespace() {
            while offset < bytes.count {
                switch bytes[offset] {
                case 0x20, 0x09, 0x0A, 0x0D: offset += 1
                default: return
                }
            }
        }

        private mutating func skipDigits() {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }

        private func digitRun(from index: Int) -> String {
            var end = index
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            return text(index..<end)
        }

        /// Reads a run of identifier-like bytes: what an unquoted key or a bare word would be.
        private mutating func readWord() -> String {
            let start = offset
            while offset < bytes.count, isWordByte(bytes[offset]) { offset += 1 }
            return text(start..<offset)
        }

        private func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                true
            default:
                false
            }
        }

        private func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        private func isHexDigit(_ byte: UInt8) -> Bool {
            hexDigitValue(byte) != nil
        }

        private func hexDigitValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
