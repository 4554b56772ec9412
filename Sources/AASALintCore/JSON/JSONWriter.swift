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
        /// An array whose elements are made one at a time as they are written, so that the
        /// results of a large report never exist all at once.
        case generated(count: Int, element: (Int) -> Value)

        /// The elements made from `items` as they are written.
        static func generated<Items: RandomAccessCollection>(_ items: Items, _ element: @escaping (Items.Element) -> Value) -> Value
            where Items.Index == Int {
            .generated(count: items.count) { element(items[items.startIndex + $0]) }
        }

        /// A parsed document as plain JSON, for tools that read it (plugins).
        static func document(_ node: PositionedValue) -> Value {
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
        write(value, to: { output += $0 })
        return output
    }

    /// The document followed by a newline, handed to `sink` piece by piece as it is written.
    static func write(_ value: Value, to sink: (String) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var output = Output(sink: sink)
            write(value, indentation: "", into: &output)
            output += "\n"
        }
    }

    /// The document on one line without spaces, followed by a newline: a message of a protocol
    /// that frames messages by lines (MCP over standard input and output, JSON Lines). Strings
    /// escape every line break, so the line holds the whole document.
    static func line(_ value: Value) -> String {
        var text = ""
        withoutActuallyEscaping({ (piece: String) in text += piece }) { sink in
            var output = Output(sink: sink, isCompact: true)
            write(value, indentation: "", into: &output)
        }
        return text + "\n"
    }

    /// Where the pieces go.
    private struct Output {
        let sink: (String) -> Void
        var isCompact = false

        static func += (output: inout Output, text: String) {
            output.sink(text)
        }
    }

    private static func write(_ value: Value, indentation: String, into output: inout Output) {
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
            write(.generated(count: elements.count) { elements[$0] }, indentation: indentation, into: &output)
        case .generated(let count, let element):
            guard count > 0 else {
                output += "[]"
                return
            }
            let inner = indentation + "  "
            output += output.isCompact ? "[" : "[\n"
            for index in 0..<count {
                if !output.isCompact { output += inner }
                write(element(index), indentation: inner, into: &output)
                output += output.isCompact ? (index < count - 1 ? "," : "") : (index < count - 1 ? ",\n" : "\n")
            }
            output += output.isCompact ? "]" : indentation + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            let inner = indentation + "  "
            output += output.isCompact ? "{" : "{\n"
            for (index, member) in members.enumerated() {
                if !output.isCompact { output += inner }
                writeString(member.key, into: &output)
                output += output.isCompact ? ":" : ": "
                write(member.value, indentation: inner, into: &output)
                output += output.isCompact ? (index < members.count - 1 ? "," : "") : (index < members.count - 1 ? ",\n" : "\n")
            }
            output += output.isCompact ? "}" : indentation + "}"
        }
    }

    private static func writeString(_ text: String, into output: inout Output) {
        output += escaped(text)
    }

    /// The string quoted, escaping what JSON requires and also DEL, the C1 controls and the
    /// two Unicode line separators: valid either way, but escaped they cannot drive a terminal
    /// that shows the report, nor break a JavaScript consumer.
    static func escaped(_ text: String) -> String {
        var output = "\""
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
            case _ where TerminalText.needsEscape(scalar):
                output += unicodeEscape(scalar)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
        return output
    }

    /// `\u202e`: JSON's escape of a scalar of the Basic Multilingual Plane.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
