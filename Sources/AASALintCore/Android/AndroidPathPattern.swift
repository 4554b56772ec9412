/// A path entry of an intent filter, matched as Android's `PatternMatcher` does (ANDROID.md 3):
/// over the UTF-16 code units of the decoded path, greedily and without backtracking, so that
/// matching is linear in the path and the pattern.
package struct AndroidPathPattern: Sendable, Equatable {
    /// The manifest attribute each kind is written with, in `PatternMatcher`'s order.
    package enum Kind: String, Sendable, CaseIterable {
        case literal = "path"
        case prefix = "pathPrefix"
        case simpleGlob = "pathPattern"
        case advancedGlob = "pathAdvancedPattern"
        case suffix = "pathSuffix"
    }

    package let kind: Kind
    package let pattern: String
    private let tokens: [AdvancedToken]?

    /// Throws, as the manifest parser does, for an advanced pattern that is not well formed.
    package init(kind: Kind, pattern: String) throws(AndroidPatternError) {
        self.kind = kind
        self.pattern = pattern
        tokens = kind == .advancedGlob ? try Self.parseAdvanced(Array(pattern.utf16)) : nil
    }

    package func matches(_ path: String) -> Bool {
        switch kind {
        case .literal: return path == pattern
        case .prefix: return path.hasPrefix(pattern)
        case .suffix: return path.hasSuffix(pattern)
        case .simpleGlob: return Self.matchSimpleGlob(Array(pattern.utf16), Array(path.utf16))
        case .advancedGlob: return Self.matchAdvanced(tokens ?? [], Array(path.utf16))
        }
    }

    /// For an advanced pattern: an unbounded `.` (`.*`, `.+`, `.{n,}`) takes the rest of the
    /// path, so a later token that needs a character can never match.
    package var hasUnboundedAnyBeforeMore: Bool {
        guard let tokens, let index = tokens.firstIndex(where: { $0.unit == .any && $0.maximum == Int.max }) else { return false }
        return tokens[(index + 1)...].contains { $0.minimum > 0 }
    }

    /// For a simple glob with `.*` before more pattern: a path a regular expression would match
    /// but Android does not (`failing`), one it does match (`matching`), and the character after
    /// `.*` that Android skips to; nil when the pattern has no such `.*`, or no pair is found.
    package func nonBacktrackingCounterexample() -> (failing: String, matching: String, character: Character)? {
        guard kind == .simpleGlob else { return nil }
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            if characters[index] == "\\" {
                index += 2
                continue
            }
            guard characters[index] == ".", index + 1 < characters.count, characters[index + 1] == "*" else {
                index += 1
                continue
            }
            var next = index + 2
            guard next < characters.count else { return nil }
            if characters[next] == "\\" { next += 1 }
            guard next < characters.count else { return nil }
            let character = characters[next]
            let before = Self.sample(of: characters[..<index])
            let after = Self.sample(of: characters[(next + 1)...])
            let failing = before + "x" + String(character) + "y" + String(character) + after
            let matching = before + "x" + String(character) + after
            guard matches(matching), !matches(failing) else { return nil }
            return (failing, matching, character)
        }
        return nil
    }

    /// A path a simple-glob fragment matches: escapes resolved, `x*` taken zero times, `.` as `a`.
    private static func sample(of fragment: ArraySlice<Character>) -> String {
        var text = ""
        var index = fragment.startIndex
        while index < fragment.endIndex {
            var character = fragment[index]
            if character == "\\", index + 1 < fragment.endIndex {
                index += 1
                character = fragment[index]
            } else if character == "." {
                character = "a"
            }
            if index + 1 < fragment.endIndex, fragment[index + 1] == "*" {
                index += 2
                continue
            }
            text.append(character)
            index += 1
        }
        return text
    }

    // MARK: Simple glob (`pathPattern`): `PatternMatcher.matchGlobPattern`

    private static let dot = UInt16(UInt8(ascii: "."))
    private static let star = UInt16(UInt8(ascii: "*"))
    private static let backslash = UInt16(UInt8(ascii: "\\"))

    /// A port of `matchGlobPattern`: `x*` repeats one character, `.` is any character, and `.*`
    /// skips to the first occurrence of the character after it, with no way back.
    static func matchSimpleGlob(_ pattern: [UInt16], _ subject: [UInt16]) -> Bool {
        let patternCount = pattern.count
        guard patternCount > 0 else { return subject.isEmpty }
        let subjectCount = subject.count
        var ip = 0
        var im = 0
        var nextChar = pattern[0]
        func at(_ index: Int) -> UInt16 { index < patternCount ? pattern[index] : 0 }
        while ip < patternCount && im < subjectCount {
            var c = nextChar
            ip += 1
            nextChar = at(ip)
            let escaped = c == backslash
            if escaped {
                c = nextChar
                ip += 1
                nextChar = at(ip)
            }
            if nextChar == star {
                if !escaped && c == dot {
                    if ip >= patternCount - 1 { return true }
                    ip += 1
                    nextChar = pattern[ip]
                    if nextChar == backslash {
                        ip += 1
                        nextChar = at(ip)
                    }
                    while im < subjectCount, subject[im] != nextChar { im += 1 }
                    if im == subjectCount { return false }
                    ip += 1
                    nextChar = at(ip)
                    im += 1
                } else {
                    while im < subjectCount, subject[im] == c { im += 1 }
                    ip += 1
                    nextChar = at(ip)
                }
            } else {
                if c != dot && subject[im] != c { return false }
                im += 1
            }
        }
        if ip >= patternCount && im >= subjectCount { return true }
        // The subject ended, and the pattern ends with `.*`, which matches nothing too.
        return ip == patternCount - 2 && pattern[ip] == dot && pattern[ip + 1] == star
    }

    // MARK: Advanced glob (`pathAdvancedPattern`): `parseAndVerifyAdvancedPattern`, `matchAdvancedPattern`

    struct AdvancedToken: Sendable, Equatable {
        enum Unit: Sendable, Equatable {
            case literal(UInt16)
            case any
            /// Inclusive UTF-16 ranges; `inverted` for `[^...]`.
            case set([UnitRange], inverted: Bool)

            func matches(_ unit: UInt16) -> Bool {
                switch self {
                case .literal(let literal): literal == unit
                case .any: true
                case .set(let ranges, let inverted): ranges.contains { $0.contains(unit) } != inverted
                }
            }
        }

        /// `lower...upper`, empty when written reversed (`z-a`), as Android keeps it.
        struct UnitRange: Sendable, Equatable {
            let lower: UInt16
            let upper: UInt16

            func contains(_ unit: UInt16) -> Bool { lower <= unit && unit <= upper }
        }

        var unit: Unit
        var minimum = 1
        var maximum = 1
    }

    /// Android's parser stores a pattern in 2,048 ints and refuses a longer one.
    static let maximumStorage = 2048

    /// A port of `parseAndVerifyAdvancedPattern`, including what it lets through (a `}` outside a
    /// range is dropped) and what it refuses, with its messages.
    static func parseAdvanced(_ pattern: [UInt16]) throws(AndroidPatternError) -> [AdvancedToken] {
        func unit(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(scalar.value) }
        var tokens: [AdvancedToken] = []
        var storage = 0
        var index = 0
        // The token just parsed ends with a modifier, so another modifier cannot follow.
        var lastWasModifier = false
        while index < pattern.count {
            guard storage <= maximumStorage - 3 else { throw AndroidPatternError("the pattern is too large: Android stores at most \(maximumStorage) parsed items") }
            var c = pattern[index]
            switch c {
            case unit("["):
                guard index + 1 < pattern.count else { throw AndroidPatternError("\"[\" at the end starts a set that is never closed") }
                let inverted = pattern[index + 1] == unit("^")
                index += inverted ? 2 : 1
                storage += 1
                var ranges: [AdvancedToken.UnitRange] = []
                var closed = false
                while index < pattern.count {
                    guard storage <= maximumStorage - 3 else { throw AndroidPatternError("the pattern is too large: Android stores at most \(maximumStorage) parsed items") }
                    c = pattern[index]
                    if c == unit("]") {
                        guard !ranges.isEmpty else { throw AndroidPatternError("a set \"[]\" must hold at least one character") }
                        storage += 1
                        index += 1
                        closed = true
                        break
                    }
                    if c == unit("\\") {
                        guard index + 1 < pattern.count else { throw AndroidPatternError("\"\\\" at the end escapes nothing") }
                        index += 1
                        c = pattern[index]
                    }
                    if index + 2 < pattern.count, pattern[index + 1] == unit("-"), pattern[index + 2] != unit("]") {
                        let upper = pattern[index + 2]
                        // A reversed range such as z-a is kept and matches nothing.
                        ranges.append(AdvancedToken.UnitRange(lower: c, upper: upper))
                        index += 3
                    } else {
                        ranges.append(AdvancedToken.UnitRange(lower: c, upper: c))
                        index += 1
                    }
                    storage += 2
                }
                guard closed else { throw AndroidPatternError("the set \"[\" is not closed by \"]\"") }
                tokens.append(AdvancedToken(unit: .set(ranges, inverted: inverted)))
                lastWasModifier = false
                continue
            case unit("{"):
                guard let last = tokens.indices.last, !lastWasModifier else { throw AndroidPatternError("the range \"{\" must follow a character, \".\" or a set") }
                guard let close = pattern[(index + 1)...].firstIndex(of: unit("}")) else { throw AndroidPatternError("the range \"{\" is not closed by \"}\"") }
                let text = String(decoding: pattern[(index + 1)..<close], as: UTF16.self)
                let bounds = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                guard let minimum = Int(bounds[0]), minimum >= 0 else { throw AndroidPatternError("the range \"{\(text)}\" needs a number of repetitions, such as {2} or {1,3}") }
                let maximum: Int
                if bounds.count == 1 {
                    maximum = minimum
                } else if bounds[1].isEmpty {
                    maximum = Int.max
                } else {
                    guard let parsed = Int(bounds[1]), parsed >= 0 else { throw AndroidPatternError("the range \"{\(text)}\" needs a number after \",\"") }
                    maximum = parsed
                }
                guard minimum <= maximum else { throw AndroidPatternError("the range \"{\(text)}\" has its minimum over its maximum") }
                tokens[last].minimum = minimum
                tokens[last].maximum = maximum
                storage += 4
                lastWasModifier = true
                index = close + 1
                continue
            case unit("*"), unit("+"):
                guard let last = tokens.indices.last, !lastWasModifier else {
                    throw AndroidPatternError("\"\(c == unit("*") ? "*" : "+")\" must follow a character, \".\" or a set")
                }
                tokens[last].minimum = c == unit("*") ? 0 : 1
                tokens[last].maximum = Int.max
                storage += 1
                lastWasModifier = true
            case unit("}"):
                // Outside a range, Android's parser drops it.
                break
            case unit("."):
                tokens.append(AdvancedToken(unit: .any))
                storage += 1
                lastWasModifier = false
            case unit("\\"):
                guard index + 1 < pattern.count else { throw AndroidPatternError("\"\\\" at the end escapes nothing") }
                index += 1
                tokens.append(AdvancedToken(unit: .literal(pattern[index])))
                storage += 1
                lastWasModifier = false
            default:
                tokens.append(AdvancedToken(unit: .literal(c)))
                storage += 1
                lastWasModifier = false
            }
            index += 1
        }
        return tokens
    }

    /// A port of `matchAdvancedPattern`: each token takes as many characters as it can, up to its
    /// maximum, and never gives any back.
    static func matchAdvanced(_ tokens: [AdvancedToken], _ subject: [UInt16]) -> Bool {
        var position = 0
        for token in tokens {
            var taken = 0
            while taken < token.maximum, position + taken < subject.count, token.unit.matches(subject[position + taken]) {
                taken += 1
            }
            guard taken >= token.minimum else { return false }
            position += taken
        }
        return position >= subject.count
    }
}

/// Why Android's manifest parser refuses a path pattern.
package struct AndroidPatternError: Error, Sendable, Equatable {
    package let message: String

    init(_ message: String) {
        self.message = message
    }
}
