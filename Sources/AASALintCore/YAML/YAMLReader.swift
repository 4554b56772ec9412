import CYaml

/// Reads YAML with libyaml into the same positioned tree as the JSON parser, so that the
/// configuration is addressed by JSON pointers and resolved to positions like every document.
///
/// Plain scalars are typed by the YAML 1.2 core schema (`true`, `12`, `null`), so `off`,
/// `yes` and `no` stay strings, as a severity must. Aliases are expanded, within a budget of
/// values and of bytes, because a configuration with a few nested aliases can otherwise expand
/// to billions of nodes, and one long string aliased a few hundred times to gigabytes.
enum YAMLReader {
    static let maximumExpandedNodes = 100_000
    /// The keys and values that aliases repeat, together: as much as a whole configuration file
    /// may hold (`ConfigurationLoader.maximumFileSize`).
    static let maximumExpandedBytes = 1024 * 1024
    static let maximumDepth = 256

    static func parse(_ bytes: [UInt8]) throws(YAMLSyntaxError) -> PositionedValue {
        var builder = TreeBuilder(lines: LineTable(bytes))
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLSyntaxError(offset: 0, message: "the YAML parser could not start (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLSyntaxError) -> PositionedValue in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw builder.syntaxError(from: parser)
                }
                defer { yaml_event_delete(&event) }
                if let root = try builder.consume(event) {
                    return root
                }
            }
        }
    }
}

/// Why a configuration file is not YAML, at the offending byte.
struct YAMLSyntaxError: Error, Sendable, Equatable {
    let offset: Int
    let message: String
}

private struct TreeBuilder {
    /// A sequence or mapping whose end has not been read. Children are appended in place on the
    /// stack: taking the container off the stack to append would copy its children each time,
    /// which makes a mapping of 100,000 keys take minutes.
    struct Container {
        let isMapping: Bool
        let start: Int
        let anchor: String?
        var elements: [PositionedValue] = []
        var members: [PositionedMember] = []
        var pendingKey: (String, Range<Int>)?
    }

    let lines: LineTable
    var stack: [Container] = []
    var anchors: [String: PositionedValue] = [:]
    var expandedNodes = 0
    var expandedBytes = 0
    var root: PositionedValue?

    init(lines: LineTable) {
        self.lines = lines
    }

    /// Adds an event; returns the root when the first document is complete.
    mutating func consume(_ event: yaml_event_t) throws(YAMLSyntaxError) -> PositionedValue? {
        let start = offset(event.start_mark)
        let end = offset(event.end_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = string(scalar.value, length: scalar.length)
            let node = PositionedValue(value: typedValue(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), span: start..<end)
            try add(node, anchor: optionalString(scalar.anchor))
        case YAML_ALIAS_EVENT:
            let name = optionalString(event.data.alias.anchor) ?? ""
            guard let node = anchors[name] else {
                throw YAMLSyntaxError(offset: start, message: "unknown alias '*\(name)': define the anchor '&\(name)' before using it")
            }
            let (values, bytes) = extent(of: node)
            expandedNodes += values
            expandedBytes += bytes
            guard expandedNodes <= YAMLReader.maximumExpandedNodes else {
                throw YAMLSyntaxError(offset: start, message: "aliases expand to more than \(YAMLReader.maximumExpandedNodes) values; a configuration file does not need this many (is this an alias bomb?)")
            }
            guard expandedBytes <= YAMLReader.maximumExpandedBytes else {
                throw YAMLSyntaxError(offset: start, message: "aliases expand to more than \(YAMLReader.maximumExpandedBytes / (1024 * 1024)) MB of keys and values; a configuration file does not need this much (is this an alias bomb?)")
            }
            try add(PositionedValue(value: node.value, span: start..<end), anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            try push(Container(isMapping: false, start: start, anchor: optionalString(event.data.sequence_start.anchor)), at: start)
        case YAML_MAPPING_START_EVENT:
            try push(Container(isMapping: true, start: start, anchor: optionalString(event.data.mapping_start.anchor)), at: start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let container = stack.popLast() else { break }
            let value: PositionedValue.Value = container.isMapping ? .object(container.members) : .array(container.elements)
            try add(PositionedValue(value: value, span: container.start..<end), anchor: container.anchor)
        case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
            return root ?? PositionedValue(value: .null, span: 0..<0)
        default:
            break
        }
        return nil
    }

    func syntaxError(from parser: yaml_parser_t) -> YAMLSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { " " + String(cString: $0) } ?? ""
        // Encoding errors (bad UTF-8, control characters) come with the byte's offset and value
        // instead of a mark.
        if parser.error == YAML_READER_ERROR {
            let digits = String(parser.problem_value, radix: 16, uppercase: true)
            let value = switch parser.problem_value {
            case ..<0: ""
            case _ where problem.contains("octet"): " (byte 0x\(digits))"
            default: " (U+\(String(repeating: "0", count: max(0, 4 - digits.count)) + digits))"
            }
            return YAMLSyntaxError(offset: Int(parser.problem_offset), message: "invalid YAML: \(problem)\(value)")
        }
        return YAMLSyntaxError(offset: offset(parser.problem_mark), message: "invalid YAML: \(problem)\(context)")
    }

    private mutating func push(_ container: Container, at offset: Int) throws(YAMLSyntaxError) {
        guard stack.count < YAMLReader.maximumDepth else {
            throw YAMLSyntaxError(offset: offset, message: "nesting deeper than \(YAMLReader.maximumDepth) levels")
        }
        stack.append(container)
    }

    private mutating func add(_ node: PositionedValue, anchor: String?) throws(YAMLSyntaxError) {
        if let anchor { anchors[anchor] = node }
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        if !stack[top].isMapping {
            stack[top].elements.append(node)
        } else if let (key, keySpan) = stack[top].pendingKey {
            stack[top].members.append(PositionedMember(key: key, keySpan: keySpan, value: node))
            stack[top].pendingKey = nil
        } else {
            guard let key = scalarText(node) else {
                throw YAMLSyntaxError(offset: node.span.lowerBound, message: "a key must be a plain value such as a name, not a list or a mapping")
            }
            stack[top].pendingKey = (key, node.span)
        }
    }

    private func scalarText(_ node: PositionedValue) -> String? {
        switch node.value {
        case .string(let text), .number(let text): text
        case .bool(let value): String(value)
        case .null: "null"
        case .object, .array: nil
        }
    }

    private func typedValue(_ text: String, plain: Bool) -> PositionedValue.Value {
        guard plain else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: return Double(text) != nil && text.first.map({ $0.isNumber || $0 == "-" }) == true ? .number(text) : .string(text)
        }
    }

    /// The values in `node` and the bytes of their keys and scalars. Every anchored node was
    /// built within the budget, so walking it takes no longer than the budget allows.
    private func extent(of node: PositionedValue) -> (values: Int, bytes: Int) {
        switch node.value {
        case .object(let members):
            members.reduce((1, 0)) { total, member in
                let child = extent(of: member.value)
                return (total.0 + child.values, total.1 + member.key.utf8.count + child.bytes)
            }
        case .array(let elements):
            elements.reduce((1, 0)) { total, element in
                let child = extent(of: element)
                return (total.0 + child.values, total.1 + child.bytes)
            }
        case .string(let text), .number(let text): (1, text.utf8.count)
        case .bool, .null: (1, 0)
        }
    }

    private func offset(_ mark: yaml_mark_t) -> Int {
        lines.offset(of: SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
