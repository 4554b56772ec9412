// The syntax tree of a custom rule's regular expression, and what one step of the matcher tests.

/// The parsed pattern. Groups leave no trace: a yes/no search needs no captures.
indirect enum RegexNode {
    case empty
    case scalar(RegexScalarTest)
    case assertion(RegexAssertion)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, minimum: Int, maximum: Int?)

    /// Exactly what RegexCompiler emits, saturating so that nested counts cannot overflow.
    var programSize: Int {
        switch self {
        case .empty: return 0
        case .scalar, .assertion: return 1
        case .sequence(let nodes): return nodes.reduce(0) { $0.saturatingPlus($1.programSize) }
        case .alternation(let branches):
            return branches.reduce(2 * (branches.count - 1)) { $0.saturatingPlus($1.programSize) }
        case .repetition(let operand, let minimum, let maximum):
            let size = operand.programSize
            guard let maximum else { return minimum == 0 ? size.saturatingPlus(2) : size.saturatingTimes(minimum).saturatingPlus(1) }
            return size.saturatingTimes(minimum).saturatingPlus(size.saturatingPlus(1).saturatingTimes(maximum - minimum))
        }
    }
}

extension Int {
    func saturatingPlus(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    func saturatingTimes(_ other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}

/// What one consuming step accepts.
enum RegexScalarTest: Sendable {
    case literal(Unicode.Scalar)
    case literalIgnoringCase(folded: Unicode.Scalar)
    case anyButLineTerminator
    case set(RegexScalarSet)

    func accepts(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .literal(let expected): return scalar == expected
        case .literalIgnoringCase(let folded): return scalar.simpleCaseFolded == folded
        case .anyButLineTerminator: return !scalar.isLineTerminator
        case .set(let set): return set.contains(scalar)
        }
    }
}

struct RegexScalarSet: Sendable {
    enum Member: Sendable {
        case range(ClosedRange<Unicode.Scalar>)
        case category(RegexScalarCategory, isNegated: Bool)
    }

    var members: [Member] = []
    var isNegated = false
    var ignoresCase = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        // ICU closes the set over case before negating it, so (?i)[^a] rejects "A".
        let variants = ignoresCase ? [scalar, scalar.simpleCaseFolded, scalar.simpleLowercase, scalar.simpleUppercase] : [scalar]
        return variants.contains { variant in members.contains { $0.contains(variant) } } != isNegated
    }
}

extension RegexScalarSet.Member {
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .range(let range): return range.contains(scalar)
        case .category(let category, let isNegated): return category.contains(scalar) != isNegated
        }
    }
}

/// The class escapes, with ICU's definitions (\d is Nd, \w follows UTS #18, \s is White_Space).
enum RegexScalarCategory: Sendable {
    case decimalDigit, word, whitespace, horizontalWhitespace, lineTerminator

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch self {
        case .decimalDigit: return properties.generalCategory == .decimalNumber
        case .whitespace: return properties.isWhitespace
        case .horizontalWhitespace: return scalar == "\t" || properties.generalCategory == .spaceSeparator
        case .lineTerminator: return scalar.isLineTerminator
        case .word:
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
            default: return properties.isAlphabetic || scalar == "\u{200C}" || scalar == "\u{200D}"
            }
        }
    }
}

extension Unicode.Scalar {
    /// ICU's line terminators, which `.` does not match and `$` stops before.
    var isLineTerminator: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Only single-scalar mappings: a scalar compares with one scalar, never with a string.
    var simpleLowercase: Unicode.Scalar { Self.onlyScalar(of: properties.lowercaseMapping) ?? self }
    var simpleUppercase: Unicode.Scalar { Self.onlyScalar(of: properties.uppercaseMapping) ?? self }

    /// Upper then lower case brings ſ, K (Kelvin) and ς to s, k and σ, as simple case folding does.
    var simpleCaseFolded: Unicode.Scalar {
        if isASCII { return ("A"..."Z").contains(self) ? Unicode.Scalar(value + 32)! : self }
        return simpleUppercase.simpleLowercase
    }

    private static func onlyScalar(of mapping: String) -> Unicode.Scalar? {
        let scalars = mapping.unicodeScalars
        return scalars.count == 1 ? scalars.first : nil
    }
}

