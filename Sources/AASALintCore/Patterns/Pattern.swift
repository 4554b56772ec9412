/// A pattern string of an AASA file parsed into its parts (AASA.md sections 2 and 3), each
/// with its place in the string so that findings point at the exact characters.
package struct Pattern: Hashable, Sendable {
    package let text: String
    /// The Unicode scalars of `text`, which token ranges count: kept for the rules that look
    /// at every pattern scalar by scalar.
    package let scalars: [Unicode.Scalar]
    /// The `$(name)` references, with their ranges.
    package let variableReferences: [(name: String, range: Range<Int>)]
    private let expandsVariables: Bool
    /// Which ASCII scalars `text` holds, and whether it holds any other: most rules look for a
    /// character that most patterns lack.
    private let asciiScalars: ASCIIBits
    private let holdsNonASCII: Bool

    /// `expandsVariables` is false for the values of substitution variables, where `$(` is
    /// plain text (and makes the system drop the value).
    package init(_ text: String, expandsVariables: Bool = true) {
        self.text = text
        self.expandsVariables = expandsVariables
        // Appended one by one: `Array(text.unicodeScalars)` walks the text once more to count them.
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var ascii = ASCIIBits()
        var nonASCII = false
        for scalar in text.unicodeScalars {
            scalars.append(scalar)
            ascii.insert(scalar.value)
            nonASCII = nonASCII || !scalar.isASCII
        }
        self.scalars = scalars
        asciiScalars = ascii
        holdsNonASCII = nonASCII
        let mayReferVariables = ascii.contains(UInt32(UInt8(ascii: "$")))
        variableReferences = mayReferVariables ? PatternParser(scalars, expandsVariables: expandsVariables).tokens().compactMap { token in
            if case .variable(let name) = token.kind { (name, token.range) } else { nil }
        } : []
    }

    /// The parts of the pattern, parsed when asked: most patterns are only searched for a few
    /// characters they lack, and a token per scalar kept for every pattern of a large file
    /// was megabytes.
    package var tokens: [PatternToken] {
        PatternParser(scalars, expandsVariables: expandsVariables).tokens()
    }

    /// Whether `text` holds `scalar`; for an ASCII scalar, answered without going through it.
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? asciiScalars.contains(scalar.value) : holdsNonASCII && scalars.contains(scalar)
    }

    /// Whether every scalar of `text` is ASCII.
    package var isASCII: Bool { !holdsNonASCII }

    /// Everything else is read from the text.
    package static func == (lhs: Pattern, rhs: Pattern) -> Bool {
        lhs.text == rhs.text && lhs.expandsVariables == rhs.expandsVariables
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(expandsVariables)
    }
}

/// One part of a pattern. `range` counts Unicode scalars of the pattern text.
package struct PatternToken: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case literal(Unicode.Scalar)
        /// `*`: zero or more characters, `/` included.
        case anyRun
        /// `?`: exactly one Unicode scalar.
        case anyScalar
        /// `$(name)`; the name ends at the first `)`.
        case variable(String)
        /// `$(` without a closing `)`: the system never matches the pattern.
        case unterminatedVariable
    }

    package let kind: Kind
    package let range: Range<Int>

    package init(_ kind: Kind, at range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

private struct PatternParser {
    let scalars: [Unicode.Scalar]
    let expandsVariables: Bool

    init(_ scalars: [Unicode.Scalar], expandsVariables: Bool) {
        self.scalars = scalars
        self.expandsVariables = expandsVariables
    }

    func tokens() -> [PatternToken] {
        var tokens: [PatternToken] = []
        tokens.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "*":
                tokens.append(PatternToken(.anyRun, at: index..<index + 1))
            case "?":
                tokens.append(PatternToken(.anyScalar, at: index..<index + 1))
            case "$" where expandsVariables && index + 1 < scalars.count && scalars[index + 1] == "(":
                guard let close = scalars[(index + 2)...].firstIndex(of: ")") else {
                    tokens.append(PatternToken(.unterminatedVariable, at: index..<scalars.count))
                    return tokens
                }
                // Scalar by scalar: appending the slice at once takes a generic path that costs
                // more than parsing the rest of the pattern.
                var name = ""
                for scalar in scalars[(index + 2)..<close] {
                    name.unicodeScalars.append(scalar)
                }
                tokens.append(PatternToken(.variable(name), at: index..<close + 1))
                index = close + 1
                continue
            default:
                tokens.append(PatternToken(.literal(scalar), at: index..<index + 1))
            }
            index += 1
        }
        return tokens
    }
}
