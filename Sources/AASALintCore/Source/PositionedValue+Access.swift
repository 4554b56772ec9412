/// Which part of a pointed-to member a span should cover.
package enum JSONPointerPart: Sendable {
    case key
    case value
}

extension PositionedValue {
    /// The JSON type, as messages name it.
    package var typeName: String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    package var members: [PositionedMember]? {
        if case .object(let members) = value { members } else { nil }
    }

    package var elements: [PositionedValue]? {
        if case .array(let elements) = value { elements } else { nil }
    }

    package var stringValue: String? {
        if case .string(let string) = value { string } else { nil }
    }

    package var boolValue: Bool? {
        if case .bool(let bool) = value { bool } else { nil }
    }

    /// The value the system sees for `key`: the last member with that key, because
    /// NSJSONSerialization keeps the last duplicate. Keys compare by their Unicode scalars, as
    /// NSString does, not by Swift's canonical equivalence: "é" and "e\u{301}" are different keys.
    package func member(_ key: String) -> PositionedMember? {
        // The same scalars are the same UTF-8 bytes: their count, known without reading them,
        // and `==` rule out most other keys before the bytes are compared.
        members?.last { $0.key.utf8.count == key.utf8.count && $0.key == key && $0.key.utf8.elementsEqual(key.utf8) }
    }

    /// Resolves `pointer`; object tokens choose the last member with that key. Nil if absent.
    package func node(at pointer: JSONPointer) -> PositionedValue? {
        resolve(pointer)?.node
    }

    /// The byte span for `pointer`. `.key` gives the key span of the final object member, and
    /// falls back to the value span for array elements and the root.
    package func span(at pointer: JSONPointer, part: JSONPointerPart) -> Range<Int>? {
        guard let (node, keySpan) = resolve(pointer) else { return nil }
        switch part {
        case .key: return keySpan ?? node.span
        case .value: return node.span
        }
    }

    private func resolve(_ pointer: JSONPointer) -> (node: PositionedValue, keySpan: Range<Int>?)? {
        var node = self
        var keySpan: Range<Int>?
        for token in pointer.tokens {
            switch node.value {
            case .object:
                guard let member = node.member(token) else { return nil }
                node = member.value
                keySpan = member.keySpan
            case .array(let elements):
                guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
                node = elements[index]
                keySpan = nil
            default:
                return nil
            }
        }
        return (node, keySpan)
    }

    /// RFC 6901 array indices are `0` or digits without a leading zero; `Int(_:)` alone would also
    /// take `+1` and `-0`.
    private static func arrayIndex(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              first != UInt8(ascii: "0") || utf8.count == 1
        else { return nil }
        return Int(token)
    }
}
