/// A value of a JSON, plist or YAML document with the byte span it was read from: the
/// positioned value tree every reader produces. Objects keep every member in source order,
/// duplicates included, because `duplicate-key` needs both occurrences.
public struct PositionedValue: Sendable {
    public enum Value: Sendable {
        case object([PositionedMember])
        case array([PositionedValue])
        case string(String)
        /// The number's source text, e.g. `-1.5e3`.
        case number(String)
        case bool(Bool)
        case null
    }

    public let value: Value
    /// Byte offsets in the parsed input; for strings the span includes the quotes.
    public let span: Range<Int>

    public init(value: Value, span: Range<Int>) {
        self.value = value
        self.span = span
    }
}

public struct PositionedMember: Sendable {
    public let key: String
    /// Byte offsets of the key including its quotes.
    public let keySpan: Range<Int>
    public let value: PositionedValue

    public init(key: String, keySpan: Range<Int>, value: PositionedValue) {
        self.key = key
        self.keySpan = keySpan
        self.value = value
    }
}

/// Why bytes are not strict JSON, at the first offending byte.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case invalidUTF8
        case syntax
        case tooDeep
    }

    public let kind: Kind
    public let offset: Int
    public let message: String

    public init(kind: Kind, offset: Int, message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }
}
