/// Builds the positioned tree of an XML property list from its tokens: `dict` becomes an
/// object whose key spans are the `<key>` texts, `integer` and `real` numbers, `date` and
/// `data` strings. A string's span is its text between the tags, so a finding about
/// `applinks:example.com?mode=developer` points at that text.
struct XMLPlistReader {
    static let valueElements = ["dict", "array", "string", "integer", "real", "true", "false", "date", "data"]

    private let bytes: [UInt8]
    private let tokens: [XMLToken]
    private var index = 0

    static func parse(_ bytes: [UInt8], from start: Int = 0) throws(PlistSyntaxError) -> PositionedValue {
        var reader = XMLPlistReader(bytes: bytes, tokens: try XMLTokenizer.tokens(of: bytes, from: start))
        return try reader.readDocument()
    }

    private init(bytes: [UInt8], tokens: [XMLToken]) {
        self.bytes = bytes
        self.tokens = tokens
    }

    private mutating func readDocument() throws(PlistSyntaxError) -> PositionedValue {
        guard case .startTag(let name, let isEmpty, let span)? = try nextSignificant() else {
            throw PlistSyntaxError(kind: .syntax, offset: 0, message: "the file holds no property list")
        }
        guard name == "plist" else {
            // Apple's reader also takes a bare value as the document.
            return try readValue(name: name, isEmpty: isEmpty, span: span)
        }
        guard case .startTag(let valueName, let valueIsEmpty, let valueSpan)? = try nextSignificant() else {
            throw PlistSyntaxError(kind: .syntax, offset: span.lowerBound,
                                   message: "<plist> holds no value; put a <dict> inside it")
        }
        let root = try readValue(name: valueName, isEmpty: valueIsEmpty, span: valueSpan)
        if case .startTag(let extra, _, let extraSpan)? = try nextSignificant() {
            throw PlistSyntaxError(kind: .syntax, offset: extraSpan.lowerBound,
                                   message: "a second value <\(extra)> in <plist>; a property list holds exactly one")
        }
        return root
    }

    /// The next token that is not whitespace text; other text is an error here.
    private mutating func nextSignificant() throws(PlistSyntaxError) -> XMLToken? {
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard case .text(let text, let span) = token else { return token }
            if !text.unicodeScalars.allSatisfy(Self.isWhitespace) {
                let offset = bytes[span].firstIndex { !XMLCharacters.isWhitespace($0) } ?? span.lowerBound
                throw PlistSyntaxError(kind: .syntax, offset: offset,
                                       message: "text outside a value element; put it in <string>...</string> or remove it")
            }
        }
        return nil
    }

    private mutating func readValue(name: String, isEmpty: Bool, span: Range<Int>) throws(PlistSyntaxError) -> PositionedValue {
        switch name {
        case "dict":
            return try readDictionary(start: span)
        case "array":
            return try readArray(start: span)
        case "string":
            let (text, textSpan) = try readText(of: name, start: span, isEmpty: isEmpty)
            return PositionedValue(value: .string(text), span: textSpan)
        case "integer", "real":
            return try readNumber(name, start: span, isEmpty: isEmpty)
        case "true", "false":
            let (text, _) = try readText(of: name, start: span, isEmpty: isEmpty)
            guard text.unicodeScalars.allSatisfy(Self.isWhitespace) else {
                throw PlistSyntaxError(kind: .syntax, offset: span.lowerBound, message: "<\(name)/> holds no text; write <\(name)/>")
            }
            return PositionedValue(value: .bool(name == "true"), span: span.lowerBound..<endOfPreviousToken(orAfter: span))
        case "date":
            let (text, textSpan) = try readText(of: name, start: span, isEmpty: isEmpty)
            let trimmed = Self.trimmed(text)
            guard Self.isISO8601Date(trimmed) else {
                throw PlistSyntaxError(kind: .syntax, offset: textSpan.lowerBound,
                                       message: "<date> holds \"\(trimmed)\"; dates are written 2024-01-31T12:00:00Z")
            }
            return PositionedValue(value: .string(trimmed), span: textSpan)
        case "data":
            let (text, textSpan) = try readText(of: name, start: span, isEmpty: isEmpty)
            let base64 = String(text.unicodeScalars.filter { !Self.isWhitespace($0) })
            guard base64.unicodeScalars.allSatisfy(Self.isBase64) else {
                throw PlistSyntaxError(kind: .syntax, offset: textSpan.lowerBound, message: "<data> holds text that is not base64")
            }
            return PositionedValue(value: .string(base64), span: textSpan)
        case "key":
            throw PlistSyntaxError(kind: .syntax, offset: span.lowerBound, message: "<key> outside <dict>; keys name the values of a dictionary")
        default:
            throw PlistSyntaxError(
                kind: .syntax, offset: span.lowerBound,
                message: "<\(name)> is not a property list element; expected one of \(Self.valueElements.map { "<\($0)>" }.joined(separator: ", "))"
            )
        }
    }

    private mutating func readDictionary(start: Range<Int>) throws(PlistSyntaxError) -> PositionedValue {
        var members: [PositionedMember] = []
        while true {
            switch try nextSignificant() {
            case .endTag(_, let span)?:
                return PositionedValue(value: .object(members), span: start.lowerBound..<span.upperBound)
            case .startTag("key", let isEmpty, let keyTag)?:
                let (key, keySpan) = try readText(of: "key", start: keyTag, isEmpty: isEmpty)
                guard case .startTag(let name, let valueIsEmpty, let valueSpan)? = try nextSignificant(), name != "key" else {
                    throw PlistSyntaxError(kind: .syntax, offset: keyTag.lowerBound,
                                           message: "the key \"\(key)\" has no value; a <key> is followed by its value")
                }
                let value = try readValue(name: name, isEmpty: valueIsEmpty, span: valueSpan)
                members.append(PositionedMember(key: key, keySpan: keySpan, value: value))
            case .startTag(let name, _, let span)?:
                throw PlistSyntaxError(kind: .syntax, offset: span.lowerBound,
                                       message: "<\(name)> in a <dict> without a <key> before it")
            case .text?, nil:
                // The tokenizer guarantees that every element is closed.
                throw PlistSyntaxError(kind: .syntax, offset: start.lowerBound, message: "this <dict> is not closed")
            }
        }
    }

    private mutating func readArray(start: Range<Int>) throws(PlistSyntaxError) -> PositionedValue {
        var elements: [PositionedValue] = []
        while true {
            switch try nextSignificant() {
            case .endTag(_, let span)?:
                return PositionedValue(value: .array(elements), span: start.lowerBound..<span.upperBound)
            case .startTag(let name, let isEmpty, let span)?:
                elements.append(try readValue(name: name, isEmpty: isEmpty, span: span))
            case .text?, nil:
                throw PlistSyntaxError(kind: .syntax, offset: start.lowerBound, message: "this <array> is not closed")
            }
        }
    }

    private mutating func readNumber(_ name: String, start: Range<Int>, isEmpty: Bool) throws(PlistSyntaxError) -> PositionedValue {
        let (text, textSpan) = try readText(of: name, start: start, isEmpty: isEmpty)
        let trimmed = Self.trimmed(text)
        let isValid = name == "integer" ? Self.isInteger(trimmed) : Double(trimmed) != nil
        guard isValid else {
            let expected = name == "integer" ? "a whole number" : "a number"
            throw PlistSyntaxError(kind: .syntax, offset: textSpan.lowerBound,
                                   message: "<\(name)> holds \"\(trimmed)\", not \(expected)")
        }
        return PositionedValue(value: .number(trimmed), span: textSpan)
    }

    /// The text of a leaf element up to its end tag, and its span: the raw text, or an empty
    /// span where the text would be.
    private mutating func readText(of name: String, start: Range<Int>, isEmpty: Bool) throws(PlistSyntaxError) -> (String, Range<Int>) {
        var text = ""
        var span: Range<Int>?
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .text(let piece, let pieceSpan):
                text += piece
                span = (span?.lowerBound ?? pieceSpan.lowerBound)..<pieceSpan.upperBound
            case .endTag:
                if let span { return (text, span) }
                return (text, isEmpty ? start : start.upperBound..<start.upperBound)
            case .startTag(let inner, _, let innerSpan):
                throw PlistSyntaxError(kind: .syntax, offset: innerSpan.lowerBound,
                                       message: "<\(inner)> inside <\(name)>; a <\(name)> holds only text")
            }
        }
        throw PlistSyntaxError(kind: .syntax, offset: start.lowerBound, message: "<\(name)> is not closed")
    }

    private func endOfPreviousToken(orAfter span: Range<Int>) -> Int {
        guard index > 0, case .endTag(_, let endSpan) = tokens[index - 1] else { return span.upperBound }
        return max(span.upperBound, endSpan.upperBound)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private static func isBase64(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "+/=".unicodeScalars.contains(scalar)
    }

    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Decimal with an optional sign, or `0x` hexadecimal, as Apple's reader takes them.
    private static func isInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        if digits.lowercased().hasPrefix("0x") {
            let hex = digits.dropFirst(2)
            return !hex.isEmpty && hex.allSatisfy(\.isHexDigit)
        }
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    private static func isISO8601Date(_ text: String) -> Bool {
        let shape = Array("dddd-dd-ddTdd:dd:ddZ")
        let characters = Array(text)
        guard characters.count == shape.count else { return false }
        return zip(characters, shape).allSatisfy { character, expected in
            expected == "d" ? character.isASCII && character.isNumber : character == expected
        }
    }
}
