/// A pattern string of an AASA file parsed into its parts (AASA.md sections 2 and 3), each
/// with its place in the string so that findings point at the exact characters.
package struct Pattern: Hashable, Sendable {
    package let text: String
    private let expandsVariables: Bool
    /// Which scalars `text` holds: most rules look for a character that most patterns lack.
    /// Only this is worked out when a pattern is made (from the UTF-8 bytes): a file's patterns
    /// are made by the thousand and most are only searched.
    private let held: HeldScalars

    /// `expandsVariables` is false for the values of substitution variables, where `$(` is
    /// plain text (and makes the system drop the value).
    package init(_ text: String, expandsVariables: Bool = true) {
        var gathered: HeldScalars? = nil
        self.init(text, expandsVariables: expandsVariables, gathering: &gathered)
    }

    /// Also adds the scalars `text` holds to `gathered`, which gathers those of many patterns.
    package init(_ text: String, expandsVariables: Bool = true, gathering gathered: inout HeldScalars?) {
        self.text = text
        self.expandsVariables = expandsVariables
        // Through the bytes in memory: the UTF-8 view's iterator costs several times more per byte.
        var text = text
        held = text.withUTF8(HeldScalars.init(utf8:))
        gathered?.formUnion(held)
    }

    /// The Unicode scalars of `text`, which token ranges count; made when asked, by the few
    /// rules that look at a pattern scalar by scalar once it holds what they look for.
    package var scalars: [Unicode.Scalar] {
        Array(text.unicodeScalars)
    }

    /// The `$(name)` references, with their ranges.
    package var variableReferences: [(name: String, range: Range<Int>)] {
        var references: [(name: String, range: Range<Int>)]? = []
        _ = scanVariables(collecting: &references)
        return references ?? []
    }

    /// The `$(` that has no closing `)`, to the end of the pattern: the system never matches it.
    package var unterminatedVariable: Range<Int>? {
        var references: [(name: String, range: Range<Int>)]? = nil
        return scanVariables(collecting: &references)
    }

    /// What `tokens` says of variables: the unterminated `$(` it ends with, if any, and each
    /// reference when `references` is not nil. An ASCII pattern is read from its bytes (where a
    /// byte is a scalar), without making a token per scalar or a string per scalar of a name.
    private func scanVariables(collecting references: inout [(name: String, range: Range<Int>)]?) -> Range<Int>? {
        guard expandsVariables, held.mayContain("$") else { return nil }
        guard !held.holdsNonASCII else {
            for token in tokens {
                switch token.kind {
                case .variable(let name): references?.append((name, token.range))
                case .unterminatedVariable: return token.range
                default: break
                }
            }
            return nil
        }
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index + 1 < bytes.count {
                guard bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "(") else {
                    index += 1
                    continue
                }
                guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")")) else { return index..<bytes.count }
                if references != nil {
                    references?.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 2)..<close]), as: UTF8.self), index..<close + 1))
                }
                index = close + 1
            }
            return nil
        }
    }

    /// The parts of the pattern, parsed when asked: most patterns are only searched for a few
    /// characters they lack, and a token per scalar kept for every pattern of a large file
    /// was megabytes.
    package var tokens: [PatternToken] {
        PatternParser(scalars, expandsVariables: expandsVariables).tokens()
    }

    /// Whether `text` holds `scalar`; for an ASCII scalar, answered without going through it.
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? held.mayContain(scalar) : held.holdsNonASCII && text.unicodeScalars.contains(scalar)
    }

    /// Whether every scalar of `text` is ASCII.
    package var isASCII: Bool { !held.holdsNonASCII }

    /// Everything else is read from the text.
    package static func == (lhs: Pattern, rhs: Pattern) -> Bool {
        lhs.text == rhs.text && lhs.expandsVariables == rhs.expandsVariables
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(expandsVariables)
    }
}

/// Which ASCII scalars some text holds, and whether it holds any other: of one pattern, or
/// gathered from all of a file's as they are made (`PatternCatalog.heldScalars`), so that a rule
/// looking for a character that no pattern holds skips them all.
package struct HeldScalars: Sendable {
    private var ascii = ASCIIBits()
    package private(set) var holdsNonASCII = false

    package init() {}

    /// What UTF-8 text holds, worked out in registers: adding byte by byte to the set in memory
    /// took 20 instructions a byte, a fifth of the pattern catalog of a large file.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var (low, high, any): (UInt64, UInt64, UInt8) = (0, 0, 0)
        for byte in bytes {
            let bit = UInt64(1) &<< UInt64(byte & 63)
            low |= byte < 64 ? bit : 0
            high |= byte < 64 ? 0 : bit
            any |= byte
        }
        holdsNonASCII = any >= 0x80
        if holdsNonASCII {
            // The bytes of multi-byte scalars were added to `high` too.
            high = 0
            for byte in bytes where byte & 0xC0 == 64 { high |= UInt64(1) &<< UInt64(byte & 63) }
        }
        ascii = ASCIIBits(low: low, high: high)
    }

    /// Adds what `other` holds.
    mutating func formUnion(_ other: HeldScalars) {
        ascii.formUnion(other.ascii)
        holdsNonASCII = holdsNonASCII || other.holdsNonASCII
    }

    /// Whether the text holds the ASCII `scalar`; for another scalar, whether it holds one that is
    /// not ASCII.
    package func mayContain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ascii.contains(scalar.value) : holdsNonASCII
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
