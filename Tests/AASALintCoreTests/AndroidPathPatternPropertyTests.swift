@testable import AASALintCore
import Testing

/// Android's PatternMatcher as ANDROID.md §3 states it, checked on generated patterns and paths:
/// each property is a sentence of the specification, so a matcher that backtracks, ignores a
/// length or treats a set as a regular expression's fails it. The worked examples come first.
@Suite struct AndroidPathPatternPropertyTests {
    private static let rounds = 400
    /// Path characters, with the pattern's own specials among them only where a case adds them.
    private static let alphabet = Array("abcxyz019-_~/é😀")

    private static func pattern(_ kind: AndroidPathPattern.Kind, _ text: String) throws -> AndroidPathPattern {
        try AndroidPathPattern(kind: kind, pattern: text)
    }

    private static func word(_ random: inout SplitMix64, length: Int? = nil, from characters: [Character] = alphabet) -> String {
        String((0..<(length ?? random.next(below: 8))).map { _ in characters[random.next(below: characters.count)] })
    }

    @Test("the specification's worked examples", arguments: [
        (AndroidPathPattern.Kind.simpleGlob, "/a1*b", "/ab", true),
        (.simpleGlob, "/a1*b", "/a11b", true),
        (.simpleGlob, "/a1*b", "/a1bc", false),
        (.advancedGlob, "/[a-z]{1,5}", "/zazaz", true),
        (.advancedGlob, "/[a-z]{1,5}", "/azazaz", false),
        (.advancedGlob, #"/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\.html"#, "/2016/09/07/got_this_working.html", true),
        (.advancedGlob, #"/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\.html"#, "/2016/9/7/got_this_working.html", false),
        (.simpleGlob, "/.*/foo", "/a/b/foo", false),
        (.simpleGlob, #"/.*\.pdf"#, "/file.v2.pdf", false),
        (.simpleGlob, "/a.*b", "/a.bc", false),
        (.simpleGlob, "/product/.*", "/product/", true),
        (.simpleGlob, "/product/.*", "/product", false),
        (.advancedGlob, "/b*a*bar.*", "/babar", true),
        (.advancedGlob, "/b*a*bar.*", "/bar", false),
        (.prefix, "/foo", "/foobar", true),
        (.literal, "/foo", "/foo/", false),
    ])
    func workedExample(kind: AndroidPathPattern.Kind, pattern: String, path: String, matches: Bool) throws {
        #expect(try Self.pattern(kind, pattern).matches(path) == matches)
    }

    /// `path` is equality, `pathPrefix` and `pathSuffix` are `startsWith` and `endsWith` (not
    /// segment-aware), and a simple glob without `.`, `*` or `\` is a literal.
    @Test func plainPatternsCompareText() throws {
        var random = SplitMix64(seed: 0x35_0A01)
        let plain = Self.alphabet.filter { $0 != "." }
        for _ in 0..<Self.rounds {
            let text = "/" + Self.word(&random, from: plain)
            let other = random.next(below: 2) == 0 ? text : "/" + Self.word(&random, from: plain)
            let extended = other + Self.word(&random, from: plain)
            #expect(try Self.pattern(.literal, text).matches(other) == (text == other))
            #expect(try Self.pattern(.simpleGlob, text).matches(other) == (text == other), "\(text) \(other)")
            #expect(try Self.pattern(.prefix, text).matches(extended) == extended.hasPrefix(text))
            #expect(try Self.pattern(.suffix, String(extended.suffix(3))).matches(extended))
        }
    }

    /// A `.` is any one character, so a path with some characters put back as `.` still
    /// matches, and a path one character longer or shorter does not.
    @Test func aDotIsExactlyOneCharacter() throws {
        var random = SplitMix64(seed: 0x35_0A02)
        for _ in 0..<Self.rounds {
            // Android counts UTF-16 code units: a character outside the BMP is two of them.
            let path = "/" + Self.word(&random, length: 1 + random.next(below: 8), from: Self.alphabet.filter { $0 != "." && $0.utf16.count == 1 })
            let dotted = String(path.enumerated().map { index, character in index > 0 && random.next(below: 3) == 0 ? "." : character })
            let glob = try Self.pattern(.simpleGlob, dotted)
            let advanced = try Self.pattern(.advancedGlob, dotted)
            #expect(glob.matches(path) && advanced.matches(path), "\(dotted) against \(path)")
            #expect(!(try Self.pattern(.simpleGlob, ".").matches("😀")), "one dot is one UTF-16 code unit")
            #expect(!glob.matches(path + "a") && !glob.matches(String(path.dropLast())), "\(dotted) against \(path)")
        }
    }

    /// `x*` in a simple glob is zero or more of `x`: `/a1*b` takes any run of `1`s and nothing else.
    @Test func aStarRepeatsTheCharacterBeforeIt() throws {
        var random = SplitMix64(seed: 0x35_0A03)
        for _ in 0..<Self.rounds {
            let head = "/" + Self.word(&random, from: Array("abc/"))
            let repeated = Array("xyz019")[random.next(below: 6)]
            let tail = Self.word(&random, length: 1 + random.next(below: 3), from: Array("abc/").filter { $0 != repeated })
            let glob = try Self.pattern(.simpleGlob, head + String(repeated) + "*" + tail)
            let count = random.next(below: 6)
            #expect(glob.matches(head + String(repeating: repeated, count: count) + tail))
            #expect(!glob.matches(head + String(repeating: repeated, count: count) + "q" + tail))
        }
    }

    /// `.*` does not backtrack: it skips to the first occurrence of the character after it and
    /// goes on from there, so the path matches only when the rest of it follows that first one.
    @Test func aWildcardRunStopsAtTheFirstOccurrenceOfTheNextCharacter() throws {
        var random = SplitMix64(seed: 0x35_0A04)
        let letters = Array("abc/")
        for _ in 0..<Self.rounds {
            let stop = letters[random.next(below: letters.count)]
            let tail = Self.word(&random, from: letters)
            let glob = try Self.pattern(.simpleGlob, "/.*" + String(stop) + tail)
            let subject = Self.word(&random, length: random.next(below: 10), from: letters)
            let expected: Bool
            if let first = subject.firstIndex(of: stop) {
                expected = subject[subject.index(after: first)...] == tail
            } else {
                expected = false
            }
            #expect(glob.matches("/" + subject) == expected, "/.*\(stop)\(tail) against /\(subject)")
            // At the very end, `.*` takes anything, nothing included.
            #expect(try Self.pattern(.simpleGlob, "/" + tail + ".*").matches("/" + tail + subject))
        }
    }

    /// An advanced token takes as many characters as it can and never gives one back: `.*` or
    /// `[…]*` followed by a token its run could have taken never matches.
    @Test func advancedTokensAreGreedyWithoutBacktracking() throws {
        var random = SplitMix64(seed: 0x35_0A05)
        for _ in 0..<Self.rounds {
            let subject = "/" + Self.word(&random, from: Array("abcxyz"))
            #expect(!(try Self.pattern(.advancedGlob, "/.*x").matches(subject)), "\(subject)")
            #expect(!(try Self.pattern(.advancedGlob, "/[a-z]*[a-z]").matches(subject)), "\(subject)")
        }
    }

    /// `[a-z]{n,m}` is a run of n to m characters of the set, and `+` one or more: ranges, sets
    /// and counts are those of the specification, not of a regular expression's defaults.
    @Test func setsAndCountsBoundTheRun() throws {
        var random = SplitMix64(seed: 0x35_0A06)
        for _ in 0..<Self.rounds {
            let lower = 1 + random.next(below: 3)
            let upper = lower + random.next(below: 4)
            let subject = Self.word(&random, length: random.next(below: 9), from: Array("abzAZ09"))
            let inSet = subject.allSatisfy { ("a"..."z").contains($0) }
            #expect(try Self.pattern(.advancedGlob, "/[a-z]{\(lower),\(upper)}").matches("/" + subject)
                == (inSet && (lower...upper).contains(subject.count)), "{\(lower),\(upper)} against /\(subject)")
            #expect(try Self.pattern(.advancedGlob, "/[^a-z]+").matches("/" + subject)
                == (!subject.isEmpty && subject.allSatisfy { !("a"..."z").contains($0) }), "/[^a-z]+ against /\(subject)")
            #expect(try Self.pattern(.advancedGlob, "/[a-z]{\(lower)}").matches("/" + subject) == (inSet && subject.count == lower))
        }
    }
}
