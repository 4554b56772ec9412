/// A value of a JSON, plist or YAML document with the byte span it was read from: the
/// positioned value tree every reader produces. Objects keep every member in source order,
/// duplicates included, because `duplicate-key` needs both occurrences.
package struct PositionedValue: Sendable {
    package enum Value: Sendable {
        case object([PositionedMember])
        case array([PositionedValue])
        case string(String)
        /// The number's source text, e.g. `-1.5e3`.
        case number(String)
        case bool(Bool)
        case null
    }

    package let value: Value
    /// Byte offsets in the parsed input; for strings the span includes the quotes.
    package let span: Range<Int>

    package init(value: Value, span: Range<Int>) {
        self.value = value
        self.span = span
    }
}

package struct PositionedMember: Sendable {
    package let key: String
    /// Byte offsets of the key including its quotes.
    package let keySpan: Range<Int>
    package let value: PositionedValue

    package init(key: String, keySpan: Range<Int>, value: PositionedValue) {
        self.key = key
        self.keySpan = keySpan
        self.value = value
    }
}

/// Why bytes are not strict JSON, at the first offending byte.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case invalidUTF8
        case syntax
        case tooDeep
    }

    package let kind: Kind
    package let offset: Int
    package let message: String

    package init(kind: Kind, offset: Int, message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }
}
