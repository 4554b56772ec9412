/// Writes JSON byte for byte the same on every platform: keys in the order given, two-space
/// indentation, every control character escaped and `/` left alone. Reports are compared
/// with goldens and read by other tools, so Foundation's platform-dependent key order and
/// escaping will not do.
package enum JSONWriter {
    package indirect enum Value {
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
        /// An array of objects whose members are written one by one straight into the document's
        /// bytes, never made as values: for thousands of objects of one shape (the trace of a
        /// `match` on a large file), which values would make and take apart again.
        case objects(count: Int, write: (Int, inout ObjectWriter) -> Void)

        /// The elements made from `items` as they are written.
        package static func generated<Items: RandomAccessCollection>(_ items: Items, _ element: @escaping (Items.Element) -> Value) -> Value
            where Items.Index == Int {
            .generated(count: items.count) { element(items[items.startIndex + $0]) }
        }

        /// A parsed document as plain JSON, for tools that read it (plugins).
        package static func document(_ node: PositionedValue) -> Value {
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
        package static func optional(_ text: String?) -> Value {
            text.map(Value.string) ?? .null
        }
    }

    /// The document followed by a newline, as files and terminals expect.
    package static func prettyPrinted(_ value: Value) -> String {
        var output = Output(sink: nil)
        write(value, depth: 0, into: &output)
        output.bytes.append(UInt8(ascii: "\n"))
        return output.text()
    }

    /// The document followed by a newline, handed to `sink` in pieces of about 64 KB as it is
    /// written.
    package static func write(_ value: Value, to sink: (String) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var output = Output(sink: sink)
            write(value, depth: 0, into: &output)
            output.bytes.append(UInt8(ascii: "\n"))
            sink(output.text())
        }
    }

    /// The document on one line without spaces, followed by a newline: a message of a protocol
    /// that frames messages by lines (MCP over standard input and output, JSON Lines). Strings
    /// escape every line break, so the line holds the whole document.
    package static func line(_ value: Value) -> String {
        var output = Output(sink: nil, isCompact: true)
        write(value, depth: 0, into: &output)
        output.bytes.append(UInt8(ascii: "\n"))
        return output.text()
    }

    /// Writes the members of one object of `Value.objects`, in the order given, as `Value.object`
    /// writes them.
    package struct ObjectWriter {
        fileprivate var output: Output
        /// The object's own depth: its members are one deeper.
        fileprivate let depth: Int
        fileprivate var isEmpty = true

        /// A member of any value.
        package mutating func member(_ key: StaticString, _ value: Value) {
            beginMember(key)
            JSONWriter.write(value, depth: depth + 1, into: &output)
        }

        package mutating func member(_ key: StaticString, string: String) {
            beginMember(key)
            appendEscaped(string, to: &output.bytes)
        }

        /// A string member whose text is `utf8` (valid UTF-8).
        package mutating func member(_ key: StaticString, utf8: [UInt8]) {
            beginMember(key)
            utf8.withUnsafeBufferPointer { appendEscaped(utf8: $0, to: &output.bytes) }
        }

        /// A string member whose value is already quoted and escaped (`appendEscaped`), for a text
        /// written in many objects.
        package mutating func member(_ key: StaticString, escaped: [UInt8]) {
            beginMember(key)
            output.bytes.append(contentsOf: escaped)
        }

        package mutating func member(_ key: StaticString, integer: Int) {
            beginMember(key)
            appendDecimal(integer, to: &output.bytes)
        }

        package mutating func member(_ key: StaticString, bool: Bool) {
            beginMember(key)
            output += bool ? "true" : "false"
        }

        /// A member whose value is an object written by `write`.
        package mutating func member(_ key: StaticString, object write: (inout ObjectWriter) -> Void) {
            beginMember(key)
            JSONWriter.writeObject(depth: depth + 1, into: &output, write)
        }

        /// A string member holding `pointer`'s text (`JSONPointer.description`) without making it.
        package mutating func member(_ key: StaticString, pointer: JSONPointer) {
            beginMember(key)
            guard pointer.appendPlainDescription(quotedTo: &output.bytes) else {
                appendEscaped(pointer.description, to: &output.bytes)
                return
            }
        }

        /// The separator, line break and key that come before each member's value. Keys are
        /// written as they are: the callers' are plain ASCII.
        private mutating func beginMember(_ key: StaticString) {
            if !isEmpty { output += "," }
            isEmpty = false
            output.newLine(depth: depth + 1)
            output += "\""
            output += key
            output += output.isCompact ? "\":" : "\": "
        }
    }

    /// An object whose members `write` writes, at `depth`.
    private static func writeObject(depth: Int, into output: inout Output, _ write: (inout ObjectWriter) -> Void) {
        output += "{"
        var writer = ObjectWriter(output: Output(sink: nil, reservingCapacity: 0), depth: depth)
        swap(&writer.output, &output)
        write(&writer)
        swap(&writer.output, &output)
        if !writer.isEmpty { output.newLine(depth: depth) }
        output += "}"
    }

    /// The document's bytes as they are made: one buffer rather than a string per piece, handed
    /// to the sink, when there is one, whenever it holds about 64 KB.
    fileprivate struct Output {
        static let pieceSize = 1 << 16
        let sink: ((String) -> Void)?
        var isCompact = false
        var bytes: [UInt8] = []

        init(sink: ((String) -> Void)?, isCompact: Bool = false) {
            self.init(sink: sink, isCompact: isCompact, reservingCapacity: sink == nil ? 256 : Self.pieceSize + 1024)
        }

        init(sink: ((String) -> Void)?, isCompact: Bool = false, reservingCapacity capacity: Int) {
            self.sink = sink
            self.isCompact = isCompact
            bytes.reserveCapacity(capacity)
        }

        static func += (output: inout Output, text: StaticString) {
            text.withUTF8Buffer { output.bytes.append(contentsOf: $0) }
        }

        /// A line break and the indentation of `depth` levels, unless compact.
        mutating func newLine(depth: Int) {
            guard !isCompact else { return }
            guard 2 * depth < Self.lineBreakAndIndentation.count else {
                bytes.append(UInt8(ascii: "\n"))
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
                return
            }
            Self.lineBreakAndIndentation.withUnsafeBufferPointer { bytes.append(contentsOf: $0[...(2 * depth)]) }
        }

        /// A line break and the indentation of up to 31 levels, copied in one go.
        private static let lineBreakAndIndentation: [UInt8] = [UInt8(ascii: "\n")] + repeatElement(UInt8(ascii: " "), count: 62)

        /// Hands what is written so far to the sink once it is large enough.
        mutating func flushIfLarge() {
            guard let sink, bytes.count >= Self.pieceSize else { return }
            sink(text())
            bytes.removeAll(keepingCapacity: true)
        }

        func text() -> String {
            String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func write(_ value: Value, depth: Int, into output: inout Output) {
        switch value {
        case .null:
            output += "null"
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .number(let text):
            output.bytes.append(contentsOf: text.utf8)
        case .integer(let number):
            appendDecimal(number, to: &output.bytes)
        case .string(let text):
            appendEscaped(text, to: &output.bytes)
        case .array(let elements):
            writeElements(count: elements.count, depth: depth, into: &output) { elements[$0] }
        case .generated(let count, let element):
            writeElements(count: count, depth: depth, into: &output, element)
        case .objects(let count, let write):
            writeElements(count: count, depth: depth, into: &output) { index, depth, output in
                writeObject(depth: depth, into: &output) { write(index, &$0) }
            }
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                output.newLine(depth: depth + 1)
                appendEscaped(member.key, to: &output.bytes)
                output += output.isCompact ? ":" : ": "
                write(member.value, depth: depth + 1, into: &output)
            }
            output.newLine(depth: depth)
            output += "}"
        }
    }

    private static func writeElements(count: Int, depth: Int, into output: inout Output, _ element: (Int) -> Value) {
        writeElements(count: count, depth: depth, into: &output) { index, depth, output in
            write(element(index), depth: depth, into: &output)
        }
    }

    /// `write(index, depth, &output)` writes the element at `index`.
    private static func writeElements(count: Int, depth: Int, into output: inout Output, _ write: (Int, Int, inout Output) -> Void) {
        guard count > 0 else {
            output += "[]"
            return
        }
        output += "["
        for index in 0..<count {
            if index > 0 { output += "," }
            output.newLine(depth: depth + 1)
            write(index, depth + 1, &output)
            output.flushIfLarge()
        }
        output.newLine(depth: depth)
        output += "]"
    }

    /// The decimal digits of `number`, without making a string.
    package static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        guard number != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = number.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// The string quoted, escaping what JSON requires and also DEL, the C1 controls and the
    /// two Unicode line separators: valid either way, but escaped they cannot drive a terminal
    /// that shows the report, nor break a JavaScript consumer.
    package static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `escaped(text)` appended as UTF-8. Printable ASCII other than `"` and `\` is copied as it
    /// is, a run at a time: most of what reports quote (URLs, pointers, app IDs) is nothing else.
    package static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped(utf8: $0, to: &bytes) }
    }

    /// `appendEscaped` of the text whose UTF-8 is `utf8` (valid UTF-8).
    package static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if isPlainASCII(utf8) {
            bytes.append(contentsOf: utf8)
        } else if !appendEscapedASCII(utf8, to: &bytes) {
            for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
                switch scalar {
                case "\"": appendASCII("\\\"", to: &bytes)
                case "\\": appendASCII("\\\\", to: &bytes)
                case "\n": appendASCII("\\n", to: &bytes)
                case "\r": appendASCII("\\r", to: &bytes)
                case "\t": appendASCII("\\t", to: &bytes)
                case "\u{08}": appendASCII("\\b", to: &bytes)
                case "\u{0C}": appendASCII("\\f", to: &bytes)
                // Bidirectional overrides and isolates too: a report printed to a terminal must not
                // reverse what it quotes.
                case _ where TerminalText.needsEscape(scalar):
                    bytes.append(contentsOf: unicodeEscape(scalar).utf8)
                default:
                    bytes.append(contentsOf: UTF8.encode(scalar)!)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `utf8` escaped byte by byte as the scalar path escapes it, when it is all ASCII (summaries
    /// and patterns that hold quotes); false, having appended nothing, otherwise.
    private static func appendEscapedASCII(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Bool {
        guard !utf8.contains(where: { $0 >= 0x80 }) else { return false }
        var start = utf8.startIndex
        for (index, byte) in utf8.enumerated() where !isPlainASCII(byte) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): appendASCII("\\\"", to: &bytes)
            case UInt8(ascii: "\\"): appendASCII("\\\\", to: &bytes)
            case UInt8(ascii: "\n"): appendASCII("\\n", to: &bytes)
            case UInt8(ascii: "\r"): appendASCII("\\r", to: &bytes)
            case UInt8(ascii: "\t"): appendASCII("\\t", to: &bytes)
            case 0x08: appendASCII("\\b", to: &bytes)
            case 0x0C: appendASCII("\\f", to: &bytes)
            case _ where TerminalText.needsEscape(Unicode.Scalar(byte)):
                bytes.append(contentsOf: unicodeEscape(Unicode.Scalar(byte)).utf8)
            default:
                bytes.append(byte)
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        return true
    }

    /// Whether `escaped` copies every byte of `utf8` as it is: eight bytes at a time, a few
    /// instructions for a word that holds no control character, `"`, `\`, DEL or non-ASCII byte.
    private static func isPlainASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        var index = 0
        while index + 8 <= utf8.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            guard !holdsEscapedByte(word) else { return false }
            index += 8
        }
        return utf8[index...].allSatisfy(isPlainASCII)
    }

    /// Whether a byte of `word` is under 0x20, over 0x7E, `"` or `\`.
    @inline(__always)
    private static func holdsEscapedByte(_ word: UInt64) -> Bool {
        WordBytes.below(0x20, in: word) | WordBytes.atLeast(0x7F, in: word)
            | WordBytes.equal(to: UInt8(ascii: "\""), in: word) | WordBytes.equal(to: UInt8(ascii: "\\"), in: word) != 0
    }

    /// A byte that `escaped` copies as it is.
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    private static func appendASCII(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `\u202e`: JSON's escape of a scalar of the Basic Multilingual Plane.
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
