/// Writes JSON byte for byte the same on every platform: keys in the order given, two-space
/// indentation, every control character escaped and `/` left alone. Reports are compared
/// with goldens and read by other tools, so Foundation's platform-dependent key order and
/// escaping will not do.
enum JSONWriter {
    indirect enum Value {
        case null
        case bool(Bool)
        case integer(Int)
        /// A number as written in a source document, kept exactly.
        case number(String)
        case string(String)
        case array([Value])
        /// Members in output order; reports fix the order so that diffs stay readable.
        case object([(key: String, value: Value)])

        /// A parsed document as plain JSON, for tools that read it (plugins).
        static func document(_ node: JSONNode) -> Value {
            switch node.value {
            case .object(let members): .object(members.map { ($0.key, document($0.value)) })
            case .array(let elements): .array(elements.map(document))
            case .string(let text): .string(text)
            case .number(let text): .number(text)
            case .bool(let flag): .bool(flag)
            case .null: .null
            }
        }

        /// A string, or `null` when there is none.
        static func optional(_ text: String?) -> Value {
            text.map(Value.string) ?? .null
        }
    }

    /// The document followed by a newline, as files and terminals expect.
    static func prettyPrinted(_ value: Value) -> String {
        var output = ""
        write(value, indentation: "", into: &output)
        output += "\n"
        return output
    }

    private static func write(_ value: Value, indentation: String, into output: inout String) {
        switch value {
        case .null:
            output += "null"
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .number(let text):
            output += text
        case .integer(let number):
            output += String(number)
        case .string(let text):
            writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            let inner = indentation + "  "
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                write(element, indentation: inner, into: &output)
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += indentation + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            let inner = indentation + "  "
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner
                writeString(member.key, into: &output)
                output += ": "
                write(member.value, indentation: inner, into: &output)
                output += index < members.count - 1 ? ",\n" : "\n"
            }
            output += indentation + "}"
        }
    }

    /// Escapes what JSON requires, and also DEL, the C1 controls and the two Unicode line
    /// separators: valid either way, but escaped they cannot drive a terminal that shows the
    /// report, nor break a JavaScript consumer.
    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            // Bidirectional overrides and isolates too: a report printed to a terminal must not
            // reverse what it quotes.
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                output += "\\u" + hexDigits(scalar.value, width: 4)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    private static func hexDigits(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
