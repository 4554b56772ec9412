/// Typed access to the configuration tree that records every type mistake with its position
/// instead of stopping at the first.
struct ConfigurationReader {
    let document: SourceDocument
    private(set) var errors: [ConfigurationError] = []

    init(document: SourceDocument) {
        self.document = document
    }

    mutating func record(_ error: ConfigurationError) {
        errors.append(error)
    }

    mutating func error(_ message: String, at pointer: JSONPointer, _ part: JSONPointerPart = .value) {
        errors.append(ConfigurationError(at: document.location(pointer, part), message))
    }

    mutating func error(_ message: String, atKeyOf member: PositionedMember, under pointer: JSONPointer) {
        errors.append(ConfigurationError(at: document.location(span: member.keySpan, pointer: pointer.appending(member.key)), message))
    }

    /// The members of a mapping, reporting keys outside `known` (with a suggestion).
    mutating func members(of node: PositionedValue, at pointer: JSONPointer, known: [String], what: String) -> [String: PositionedMember] {
        guard let members = node.members else {
            error("\(what) must be a mapping of keys to values, not \(article(node))", at: pointer)
            return [:]
        }
        var result: [String: PositionedMember] = [:]
        for member in members {
            if !known.contains(member.key) {
                let suggestion = Suggestion.nearest(to: member.key, in: known)
                error("unknown key '\(member.key)' in \(what)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; valid keys: \(known.joined(separator: ", "))"),
                      atKeyOf: member, under: pointer)
            } else if result[member.key] != nil {
                error("'\(member.key)' is given twice in \(what); keep one", atKeyOf: member, under: pointer)
            }
            result[member.key] = member
        }
        return result
    }

    mutating func string(_ node: PositionedValue, at pointer: JSONPointer, what: String) -> Located<String>? {
        guard let text = node.stringValue ?? (node.value.isNumber ? node.numberText : nil) else {
            error("\(what) must be text, not \(article(node))", at: pointer)
            return nil
        }
        return Located(text, at: pointer)
    }

    /// A list of strings; a single string counts as a list of one.
    mutating func strings(_ node: PositionedValue, at pointer: JSONPointer, what: String) -> [Located<String>] {
        if node.stringValue != nil {
            return string(node, at: pointer, what: what).map { [$0] } ?? []
        }
        guard let elements = node.elements else {
            error("\(what) must be a list of text values, not \(article(node))", at: pointer)
            return []
        }
        return elements.enumerated().compactMap { index, element in
            string(element, at: pointer.appending(index), what: "each item of \(what)")
        }
    }

    mutating func list(_ node: PositionedValue, at pointer: JSONPointer, what: String) -> [(PositionedValue, JSONPointer)] {
        guard let elements = node.elements else {
            error("\(what) must be a list, not \(article(node))", at: pointer)
            return []
        }
        return elements.enumerated().map { ($1, pointer.appending($0)) }
    }

    mutating func globs(_ node: PositionedValue, at pointer: JSONPointer, what: String) -> [Glob] {
        strings(node, at: pointer, what: what).compactMap { text in
            do throws(Glob.SyntaxError) {
                return try Glob(text.value)
            } catch {
                self.error("invalid pattern in \(what): \(error.message)", at: text.pointer)
                return nil
            }
        }
    }

    func article(_ node: PositionedValue) -> String {
        switch node.value {
        case .object: "a mapping"
        case .array: "a list"
        case .string(let text): "the text '\(text)'"
        case .number(let text): "the number \(text)"
        case .bool(let value): "\(value)"
        case .null: "nothing (null)"
        }
    }
}

extension PositionedValue.Value {
    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }
}

extension PositionedValue {
    var numberText: String? {
        if case .number(let text) = value { return text }
        return nil
    }
}
