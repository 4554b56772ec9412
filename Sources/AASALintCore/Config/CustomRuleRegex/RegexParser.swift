// The parser of a custom rule's regular expression (ICU syntax, less what needs backtracking).

/// Parses with an explicit stack of open groups, so that hostile nesting cannot overflow the call stack.
struct RegexParser {
    private struct Flags {
        var ignoresCase = false
        var multiline = false
    }

    private struct OpenGroup {
        let offset: Int
        /// Flags set inside a group, e.g. (?i), end with it.
        let flagsOutside: Flags
        var alternatives: [RegexNode] = []
        var sequence: [RegexNode] = []
        /// False at the start of a branch and after \b, \A, (?i) or a quantifier, as in ICU.
        var lastIsRepeatable = false

        var node: RegexNode {
            let branch: RegexNode = sequence.count == 1 ? sequence[0] : .sequence(sequence)
            return alternatives.isEmpty ? branch : .alternation(alternatives + [branch])
        }

        mutating func append(_ node: RegexNode, isRepeatable: Bool = true) {
            sequence.append(node)
            lastIsRepeatable = isRepeatable
        }
    }

    private enum ClassItem {
        case scalar(Unicode.Scalar)
        case category(RegexScalarCategory, isNegated: Bool)
    }

    private let scalars: [Unicode.Scalar]
    private var offset = 0
    private var flags = Flags()
    private var current = OpenGroup(offset: 0, flagsOutside: Flags())
    private var enclosing: [OpenGroup] = []

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    mutating func parse() throws(RegexSyntaxError) -> RegexNode {
        // NSRegularExpression refuses it too, and a rule matching every value is surely a mistake.
        guard !scalars.isEmpty else { throw RegexSyntaxError(reason: "the pattern is empty, so it would match every value") }
        while let scalar = next() {
            let start = offset - 1
            switch scalar {
            case "(": try openGroup(at: start)
            case ")": try closeGroup(at: start)
            case "|":
                current.alternatives.append(current.node)
                current.sequence = []
                current.lastIsRepeatable = false
            case "*": try repeatLast(minimum: 0, maximum: nil, quantifierAt: start)
            case "+": try repeatLast(minimum: 1, maximum: nil, quantifierAt: start)
            case "?": try repeatLast(minimum: 0, maximum: 1, quantifierAt: start)
            case "{":
                let (minimum, maximum) = try parseCountedRepetition(openedAt: start)
                try repeatLast(minimum: minimum, maximum: maximum, quantifierAt: start)
            case "}": throw RegexSyntaxError(reason: "unescaped '}' at offset \(start); write \\} for a literal brace")
            case "[": current.append(.scalar(.set(try parseClass(openedAt: start))))
            case ".": current.append(.scalar(.anyButLineTerminator))
            // ICU lets ^ and $ (unlike \A, \b...) take a quantifier.
            case "^": current.append(.assertion(flags.multiline ? .startOfLine : .startOfText))
            case "$": current.append(.assertion(flags.multiline ? .endOfLine : .endOfTextOrBeforeFinalLineTerminator))
            case "\\": try parseEscape(at: start)
            default: current.append(literal(scalar))
            }
        }
        guard enclosing.isEmpty else {
            throw RegexSyntaxError(reason: "unbalanced parenthesis at offset \(current.offset): this '(' is never closed")
        }
        return current.node
    }

    private mutating func next() -> Unicode.Scalar? {
        guard offset < scalars.count else { return nil }
        defer { offset += 1 }
        return scalars[offset]
    }

    private func peek(_ distance: Int = 0) -> Unicode.Scalar? {
        offset + distance < scalars.count ? scalars[offset + distance] : nil
    }

    private mutating func skip(_ expected: Unicode.Scalar) -> Bool {
        guard peek() == expected else { return false }
        offset += 1
        return true
    }

    private func literal(_ scalar: Unicode.Scalar) -> RegexNode {
        .scalar(flags.ignoresCase ? .literalIgnoringCase(folded: scalar.simpleCaseFolded) : .literal(scalar))
    }

    // MARK: Groups

    private mutating func openGroup(at start: Int) throws(RegexSyntaxError) {
        guard skip("?") else { return try pushGroup(at: start) }
        guard let kind = next() else {
            throw RegexSyntaxError(reason: "unbalanced parenthesis at offset \(start): this '(' is never closed")
        }
        switch kind {
        case ":": try pushGroup(at: start)
        case "=", "!": throw .needsBacktracking("lookahead '(?\(kind)'", at: start)
        case ">": throw .needsBacktracking("atomic group '(?>'", at: start)
        case "<" where peek() == "=" || peek() == "!": throw .needsBacktracking("lookbehind '(?<\(peek()!)'", at: start)
        case "<":
            try skipGroupName(at: start)
            try pushGroup(at: start)
        case "#":
            while let scalar = next(), scalar != ")" {}
            guard scalars[offset - 1] == ")" else {
                throw RegexSyntaxError(reason: "unbalanced parenthesis at offset \(start): this comment is never closed")
            }
        default:
            offset -= 1
            try parseFlags(groupAt: start)
        }
    }

    private mutating func pushGroup(at start: Int, flagsInside: Flags? = nil) throws(RegexSyntaxError) {
        guard enclosing.count < RegularExpression.maximumGroupDepth else {
            throw RegexSyntaxError(reason: "groups are nested more than \(RegularExpression.maximumGroupDepth) deep at offset \(start)")
        }
        enclosing.append(current)
        current = OpenGroup(offset: start, flagsOutside: flags)
        flags = flagsInside ?? flags
    }

    private mutating func closeGroup(at start: Int) throws(RegexSyntaxError) {
        guard let parent = enclosing.popLast() else {
            throw RegexSyntaxError(reason: "unbalanced parenthesis at offset \(start): this ')' closes no group")
        }
        let group = current.node
        flags = current.flagsOutside
        current = parent
        current.append(group)
    }

    /// ICU names are an ASCII letter followed by ASCII letters and digits.
    private mutating func skipGroupName(at start: Int) throws(RegexSyntaxError) {
        var length = 0
        while let scalar = next(), scalar != ">" {
            let isDigit = ("0"..."9").contains(scalar)
            guard scalar.isASCII && (scalar.properties.isAlphabetic || (isDigit && length > 0)) else {
                throw RegexSyntaxError(reason: "invalid group name at offset \(start): names are an ASCII letter followed by letters and digits")
            }
            length += 1
        }
        guard length > 0, scalars[offset - 1] == ">" else {
            throw RegexSyntaxError(reason: "invalid group name at offset \(start): expected (?<name>...)")
        }
    }

    private mutating func parseFlags(groupAt start: Int) throws(RegexSyntaxError) {
        var flagsAfter = flags
        var turnsOn = true
        while let scalar = next() {
            switch scalar {
            case "i": flagsAfter.ignoresCase = turnsOn
            case "m": flagsAfter.multiline = turnsOn
            case "-" where turnsOn: turnsOn = false
            case ")" where offset == start + 3:
                throw RegexSyntaxError(reason: "the group '(?)' at offset \(start) names no flag")
            case ")":
                flags = flagsAfter
                current.lastIsRepeatable = false
                return
            case ":": return try pushGroup(at: start, flagsInside: flagsAfter)
            case _ where scalar.properties.isAlphabetic:
                throw RegexSyntaxError(reason: "the flag '\(scalar)' at offset \(offset - 1) is not supported; "
                    + "custom rules accept only i (ignore case) and m (multiline)")
            default:
                throw RegexSyntaxError(reason: "unknown group syntax '(?\(scalar)' at offset \(start)")
            }
        }
        throw RegexSyntaxError(reason: "unbalanced parenthesis at offset \(start): this '(' is never closed")
    }

    // MARK: Quantifiers

    private mutating func repeatLast(minimum: Int, maximum: Int?, quantifierAt start: Int) throws(RegexSyntaxError) {
        guard current.lastIsRepeatable, let operand = current.sequence.popLast() else {
            throw RegexSyntaxError(reason: "the quantifier at offset \(start) has nothing to repeat")
        }
        if skip("+") {
            var quantifier = ""
            quantifier.unicodeScalars.append(contentsOf: scalars[start..<offset])
            throw .needsBacktracking("possessive quantifier '\(quantifier)'", at: start)
        }
        _ = skip("?")  // Lazy and greedy give the same yes/no answer.
        current.append(.repetition(operand, minimum: minimum, maximum: maximum), isRepeatable: false)
    }

    private mutating func parseCountedRepetition(openedAt start: Int) throws(RegexSyntaxError) -> (Int, Int?) {
        let malformed = RegexSyntaxError(reason: "malformed repetition at offset \(start): expected {n}, {n,} or {n,m}")
        guard let minimum = parseCount() else { throw malformed }
        var maximum: Int? = minimum
        if skip(",") { maximum = parseCount() }
        guard skip("}") else { throw malformed }
        let limit = RegularExpression.maximumProgramSize
        guard max(minimum, maximum ?? 0) <= limit else {
            throw RegexSyntaxError(reason: "the repetition count at offset \(start) exceeds the limit of \(limit)")
        }
        if let maximum, maximum < minimum {
            throw RegexSyntaxError(reason: "invalid repetition {\(minimum),\(maximum)} at offset \(start): the maximum is below the minimum")
        }
        return (minimum, maximum)
    }

    /// Stops growing past the limit, so that a long run of digits cannot overflow.
    private mutating func parseCount() -> Int? {
        var count: Int?
        while let digit = peek(), ("0"..."9").contains(digit) {
            count = min((count ?? 0) * 10 + Int(digit.value - 48), RegularExpression.maximumProgramSize + 1)
            offset += 1
        }
        return count
    }

    // MARK: Escapes and classes

    private mutating func parseEscape(at start: Int) throws(RegexSyntaxError) {
        guard let escaped = next() else { throw RegexSyntaxError(reason: "the pattern ends with a lone backslash") }
        switch escaped {
        case "A": current.append(.assertion(.startOfText), isRepeatable: false)
        case "z": current.append(.assertion(.endOfText), isRepeatable: false)
        case "Z": current.append(.assertion(.endOfTextOrBeforeFinalLineTerminator), isRepeatable: false)
        case "b": current.append(.assertion(.wordBoundary), isRepeatable: false)
        case "B": current.append(.assertion(.notWordBoundary), isRepeatable: false)
        case "1"..."9", "k": throw .needsBacktracking("backreference '\\\(escaped)'", at: start)
        case "Q":
            // Everything up to \E (or the end) is literal.
            while let scalar = next() {
                if scalar == "\\" && skip("E") { return }
                current.append(literal(scalar))
            }
        default:
            switch try parseClassEscape(escaped, at: start) {
            case .scalar(let scalar): current.append(literal(scalar))
            case .category(let category, let isNegated):
                current.append(.scalar(.set(RegexScalarSet(members: [.category(category, isNegated: isNegated)]))))
            }
        }
    }

    /// The escapes that mean the same inside and outside a class.
    private mutating func parseClassEscape(_ escaped: Unicode.Scalar, at start: Int) throws(RegexSyntaxError) -> ClassItem {
        let categories: [Unicode.Scalar: RegexScalarCategory] = ["d": .decimalDigit, "w": .word, "s": .whitespace, "h": .horizontalWhitespace, "v": .lineTerminator]
        let controls: [Unicode.Scalar: Unicode.Scalar] = ["t": "\t", "n": "\n", "r": "\r", "f": "\u{0C}", "a": "\u{07}", "e": "\u{1B}"]
        if let category = categories[escaped.simpleLowercase] {
            return .category(category, isNegated: escaped.properties.isUppercase)
        }
        if let control = controls[escaped] { return .scalar(control) }
        switch escaped {
        case "u": return .scalar(try parseHexScalar(digits: 4, escapeAt: start))
        case "U": return .scalar(try parseHexScalar(digits: 8, escapeAt: start))
        case "x" where skip("{"):
            let scalar = try parseHexScalar(digits: nil, escapeAt: start)
            guard skip("}") else { throw RegexSyntaxError(reason: "unterminated \\x{...} at offset \(start)") }
            return .scalar(scalar)
        case "x": return .scalar(try parseHexScalar(digits: 2, escapeAt: start))
        case _ where escaped.isASCII && (escaped.properties.isAlphabetic || escaped.properties.numericType != nil):
            throw RegexSyntaxError(reason: "unsupported escape '\\\(escaped)' at offset \(start)")
        default: return .scalar(escaped)
        }
    }

    /// A fixed number of hex digits, or (nil) one to eight of them.
    private mutating func parseHexScalar(digits: Int?, escapeAt start: Int) throws(RegexSyntaxError) -> Unicode.Scalar {
        var value: UInt32 = 0
        var count = 0
        while count < (digits ?? 8), let digit = peek().flatMap({ UInt32(String($0), radix: 16) }) {
            value = value * 16 + digit
            count += 1
            offset += 1
        }
        guard count == (digits ?? max(count, 1)), let scalar = Unicode.Scalar(value) else {
            throw RegexSyntaxError(reason: "invalid hexadecimal escape at offset \(start)")
        }
        return scalar
    }

    private mutating func parseClass(openedAt start: Int) throws(RegexSyntaxError) -> RegexScalarSet {
        if peek() == ":" {
            throw RegexSyntaxError(reason: "POSIX classes such as [:alpha:] at offset \(start) are not supported; use \\d, \\w, \\s or ranges")
        }
        var set = RegexScalarSet(isNegated: skip("^"), ignoresCase: flags.ignoresCase)
        var isFirst = true
        while let scalar = next() {
            let itemStart = offset - 1
            if scalar == "]" && !isFirst { return set }  // ICU reads a leading ']' as a literal.
            isFirst = false
            if scalar == "[" || ((scalar == "&" || scalar == "-") && peek() == scalar) {
                throw RegexSyntaxError(reason: "nested classes and class operations ([[...]], &&, --) at offset \(itemStart) "
                    + "are not supported; escape a literal '\(scalar)' with a backslash")
            }
            switch try parseClassItem(scalar, at: itemStart) {
            case .category(let category, let isNegated):
                set.members.append(.category(category, isNegated: isNegated))
            case .scalar(let lower):
                guard peek() == "-", let upperStart = peek(1), upperStart != "]" else {
                    set.members.append(.range(lower...lower))
                    continue
                }
                offset += 2
                guard case .scalar(let upper) = try parseClassItem(upperStart, at: offset - 1) else {
                    throw RegexSyntaxError(reason: "the range at offset \(itemStart) ends with a class escape such as \\d")
                }
                guard lower <= upper else {
                    throw RegexSyntaxError(reason: "invalid range '\(lower)-\(upper)' at offset \(itemStart): its start comes after its end")
                }
                set.members.append(.range(lower...upper))
            }
        }
        throw RegexSyntaxError(reason: "the class opened at offset \(start) is never closed with ']'")
    }

    private mutating func parseClassItem(_ scalar: Unicode.Scalar, at start: Int) throws(RegexSyntaxError) -> ClassItem {
        guard scalar == "\\" else { return .scalar(scalar) }
        guard let escaped = next() else { throw RegexSyntaxError(reason: "the pattern ends with a lone backslash") }
        return try parseClassEscape(escaped, at: start)
    }
}

