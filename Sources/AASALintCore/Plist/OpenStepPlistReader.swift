/// Reads the OpenStep ("old-style ASCII") property lists that Xcode writes as
/// `project.pbxproj`: `{ key = value; }`, `( a, b, )`, quoted and bare strings, `<hex>`
/// data, and `/* */` and `//` comments. Spans are those of each token.
struct OpenStepPlistReader {
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) throws(PlistSyntaxError) -> PositionedValue {
        try UTF8Validation.validate(bytes)
        var reader = OpenStepPlistReader(bytes: bytes)
        try reader.skipTrivia()
        let root = try reader.readValue()
        try reader.skipTrivia()
        guard reader.offset == bytes.count else {
            throw reader.error("unexpected text after the end of the property list")
        }
        return root
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func readValue() throws(PlistSyntaxError) -> PositionedValue {
        guard offset < bytes.count else { throw error("the file ends where a value was expected") }
        switch bytes[offset] {
        case ascii("{"):
            return try readContainer { reader throws(PlistSyntaxError) in try reader.readDictionary() }
        case ascii("("):
            return try readContainer { reader throws(PlistSyntaxError) in try reader.readArray() }
        case ascii("\""), ascii("'"):
            return try readQuotedString()
        case ascii("<"):
            return try readData()
        case let byte where Self.isBareCharacter(byte):
            let start = offset
            while offset < bytes.count, Self.isBareCharacter(bytes[offset]) { offset += 1 }
            return PositionedValue(value: .string(String(decoding: bytes[start..<offset], as: UTF8.self)), span: start..<offset)
        default:
            throw error("unexpected character where a value was expected")
        }
    }

    private mutating func readContainer(_ read: (inout OpenStepPlistReader) throws(PlistSyntaxError) -> PositionedValue.Value) throws(PlistSyntaxError) -> PositionedValue {
        let start = offset
        guard depth < Self.maximumDepth else { throw error("values are nested more than \(Self.maximumDepth) levels deep") }
        depth += 1
        defer { depth -= 1 }
        offset += 1
        let value = try read(&self)
        return PositionedValue(value: value, span: start..<offset)
    }

    private mutating func readDictionary() throws(PlistSyntaxError) -> PositionedValue.Value {
        var members: [PositionedMember] = []
        while true {
            try skipTrivia()
            if try consume("}") { return .object(members) }
            let key = try readValue()
            guard let name = key.stringValue else { throw error("a dictionary key must be a string") }
            try skipTrivia()
            guard try consume("=") else { throw error("expected \"=\" after the key \"\(name)\"") }
            try skipTrivia()
            let value = try readValue()
            try skipTrivia()
            guard try consume(";") else { throw error("expected \";\" after the value of \"\(name)\"") }
            members.append(PositionedMember(key: name, keySpan: key.span, value: value))
        }
    }

    private mutating func readArray() throws(PlistSyntaxError) -> PositionedValue.Value {
        var elements: [PositionedValue] = []
        while true {
            try skipTrivia()
            if try consume(")") { return .array(elements) }
            elements.append(try readValue())
            try skipTrivia()
            if try consume(")") { return .array(elements) }
            guard try consume(",") else { throw error("expected \",\" or \")\" in an array") }
        }
    }

    private mutating func readQuotedString() throws(PlistSyntaxError) -> PositionedValue {
        let start = offset
        let quote = bytes[offset]
        offset += 1
        var decoded: [UInt8] = []
        while offset < bytes.count, bytes[offset] != quote {
            guard bytes[offset] == ascii("\\") else {
                decoded.append(bytes[offset])
                offset += 1
                continue
            }
            offset += 1
            guard offset < bytes.count else { break }
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case ascii("n"): decoded.append(0x0A)
            case ascii("t"): decoded.append(0x09)
            case ascii("r"): decoded.append(0x0D)
            case ascii("U"):
                let hex = bytes[offset..<min(bytes.count, offset + 4)]
                guard hex.count == 4, let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(value)
                else { throw error("\"\\U\" must be followed by four hex digits") }
                decoded += Array(String(Character(scalar)).utf8)
                offset += 4
            default: decoded.append(escaped)
            }
        }
        guard offset < bytes.count else {
            offset = start
            throw error("this quoted string is not closed")
        }
        offset += 1
        return PositionedValue(value: .string(String(decoding: decoded, as: UTF8.self)), span: start..<offset)
    }

    private mutating func readData() throws(PlistSyntaxError) -> PositionedValue {
        let start = offset
        guard let close = bytes[offset...].firstIndex(of: ascii(">")) else { throw error("this <data> is not closed by \">\"") }
        let hex = String(decoding: bytes[(offset + 1)..<close], as: UTF8.self).filter { !$0.isWhitespace }
        guard hex.allSatisfy(\.isHexDigit) else { throw error("<...> holds data as hex digits only") }
        offset = close + 1
        return PositionedValue(value: .string(hex), span: start..<offset)
    }

    private mutating func consume(_ character: Unicode.Scalar) throws(PlistSyntaxError) -> Bool {
        guard offset < bytes.count else { throw error("the file ends inside a dictionary or array") }
        guard bytes[offset] == ascii(character) else { return false }
        offset += 1
        return true
    }

    private mutating func skipTrivia() throws(PlistSyntaxError) {
        while offset < bytes.count {
            if XMLCharacters.isWhitespace(bytes[offset]) {
                offset += 1
            } else if isAt("/", "/") {
                while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
            } else if isAt("/", "*") {
                let start = offset
                offset += 2
                while offset < bytes.count, !isAt("*", "/") { offset += 1 }
                guard offset < bytes.count else {
                    offset = start
                    throw error("this comment is not closed by \"*/\"")
                }
                offset += 2
            } else {
                return
            }
        }
    }

    private func isAt(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        offset + 1 < bytes.count && bytes[offset] == ascii(first) && bytes[offset + 1] == ascii(second)
    }

    /// Characters of an unquoted string as Xcode writes them (`$(SRCROOT)/App.entitlements`
    /// comes quoted; `App/App.entitlements` does not).
    private static func isBareCharacter(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || "_$+/:.-".utf8.contains(byte) || byte >= 0x80
    }

    private func error(_ message: String) -> PlistSyntaxError {
        PlistSyntaxError(kind: .syntax, offset: offset, message: message)
    }
}

private func ascii(_ character: Unicode.Scalar) -> UInt8 {
    UInt8(ascii: character)
}
