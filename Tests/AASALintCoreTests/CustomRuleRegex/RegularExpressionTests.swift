import Foundation
import Testing
@testable import AASALintCore

struct RegexMatchCase: Sendable, CustomTestStringConvertible {
    let pattern: String
    let text: String
    let expected: Bool

    init(_ pattern: String, _ text: String, _ expected: Bool) {
        self.pattern = pattern
        self.text = text
        self.expected = expected
    }

    var testDescription: String { "\(pattern.debugDescription) on \(text.debugDescription) → \(expected)" }
}

let regexMatchCases: [RegexMatchCase] = [
    // Literals and the unanchored search.
    .init("abc", "xabcx", true), .init("abc", "ab", false), .init("é", "café", true), .init("😀", "a😀", true),
    .init("()", "", true), .init("(?:)", "x", true),
    // Dot stops at ICU's line terminators.
    .init(".", "a", true), .init("a.c", "a😀c", true), .init(".", "\n", false), .init(".", "\r", false),
    .init(".", "\u{85}", false), .init(".", "\u{2028}", false), .init(".", "\u{2029}", false),
    .init(".", "\u{0B}", false), .init(".", "\u{0C}", false), .init("^.$", "\r\n", false),
    // Anchors.
    .init("^abc", "abcd", true), .init("^abc", "xabc", false), .init("abc$", "xabc", true), .init("abc$", "abcx", false),
    .init("abc$", "abc\n", true), .init("abc$", "abc\r\n", true), .init("abc$", "abc\r", true),
    .init("abc$", "abc\u{2028}", true), .init("abc$", "abc\n\n", false), .init("a$", "a\nb", false),
    .init("$\\n", "\r\n", false), .init("^$", "", true), .init("^$", "\n", true), .init("\\r$", "\r\n", false),
    .init("\\Aabc", "abc", true), .init("a\\Ab", "ab", false), .init("abc\\z", "abc", true),
    .init("abc\\z", "abc\n", false), .init("abc\\Z", "abc\n", true), .init("abc\\Z", "abc\nx", false),
    .init("(?m)^b", "a\nb", true), .init("(?m)a$", "a\nb", true), .init("(?m)\\n^", "a\n", false),
    .init("(?m)\\r^\\n", "\r\n", true), .init("(?m)\\r$\\n", "\r\n", false), .init("(?m)^b", "ab", false),
    .init("(?m:^b)|^c", "a\nc", false),
    // Word boundaries on \w, skipping combining marks as ICU does.
    .init("\\bfoo\\b", "a foo b", true), .init("\\bfoo\\b", "afoo", false), .init("\\Bfoo", "afoo", true),
    .init("foo\\b", "foo", true), .init("\\b", "", false), .init("\\B", "", true), .init("é\\b", "café", true),
    .init("a\\b\u{301}", "a\u{301}", false), .init("a\\B\u{301}", "a\u{301}", true),
    .init("\u{301}\\b", "a\u{301} ", true), .init("_\\b", "_-", true), .init("\\b\\d", "x 1", true),
    // Alternation and groups.
    .init("cat|dog", "hotdog", true), .init("cat|dog", "cow", false), .init("a|", "x", true), .init("(|a)b", "b", true),
    .init("^(?:ab|cd)+$", "abcdab", true), .init("^(?:ab|cd)+$", "abca", false),
    .init("(?<year>\\d{4})-\\d{2}", "2024-05", true), .init("^(a(b(c)))$", "abc", true), .init("(?#note)a", "a", true),
    // Quantifiers, lazy ones included.
    .init("^a*$", "", true), .init("^a+$", "", false), .init("^a?b$", "b", true), .init("^a?b$", "aab", false),
    .init("^a{3}$", "aaa", true), .init("^a{3}$", "aa", false), .init("^a{2,}$", "aaaaa", true), .init("^a{2,}$", "a", false),
    .init("^a{2,3}$", "aaaa", false), .init("^a{2,3}$", "aaa", true), .init("^a{0}$", "", true), .init("^(ab){2}$", "abab", true),
    .init("^a*?$", "aaa", true), .init("^a+?b", "aab", true), .init("^a??b", "ab", true), .init("^a{1,2}?b$", "aab", true),
    .init("^a{2,}?$", "aaa", true), .init("^x{0,2}y", "xxxy", false),
    // Loops over empty-matching bodies terminate.
    .init("^(a*)*$", "aaa", true), .init("^(a*)*b", "aaac", false), .init("(a|)*c", "aac", true),
    .init("^(?:a?)+$", "", true), .init("(a*)+$", "b", true), .init("^(?:a*|b)*c$", "abbac", true),
    // Case-insensitive matching with simple case folding.
    .init("(?i)hello", "HeLLo", true), .init("(?i)^[a-z]+$", "ABC", true), .init("(?i)[^a]", "A", false),
    .init("(?i)k", "\u{212A}", true), .init("(?i)\u{212A}", "k", true), .init("(?i)[k]", "\u{212A}", true),
    .init("(?i)[a-z]", "\u{212A}", true), .init("(?i)σ", "Σ", true), .init("(?i)Σ", "ς", true), .init("(?i)é", "É", true),
    .init("(?i:a)b", "AB", false), .init("(?i:a)b", "Ab", true), .init("a(?i)b|c", "C", true), .init("(a(?i)b)c", "aBC", false),
    .init("(?-i)a", "A", false), .init("(?i)(?-i:a)", "A", false), .init("(?i)\\x41", "a", true), .init("(?i)\\d", "7", true),
    .init("(?im)^B$", "a\nb", true),
    // Classes.
    .init("[abc]", "xbx", true), .init("[abc]", "xyz", false), .init("^[a-z]+$", "hello", true), .init("^[a-z]+$", "Hello", false),
    .init("[^0-9]", "123", false), .init("[^0-9]", "12a", true), .init("[]a]", "]", true), .init("[^]a]", "]", false),
    .init("[a-]", "-", true), .init("[-a]", "-", true), .init("[\\d-z]", "-", true), .init("[\\]]", "]", true),
    .init("[\\\\]", "\\", true), .init("[.]", "a", false), .init("[.]", ".", true), .init("[*+?{}()|^$]", "}", true),
    .init("[\\^]", "^", true), .init("^[\\w.-]+@", "a.b-c@", true), .init("[\\u00e9]", "é", true),
    .init("[\\x{1F600}-\\x{1F64F}]", "😀", true), .init("[^\\s]", " \t", false), .init("[\\D]", "1", false),
    .init("[é-ê]", "ê", true), .init("[\\t\\n]", "\n", true), .init("[^\\n]", "\r", true),
    // Class escapes with ICU's Unicode definitions.
    .init("\\d", "٣", true), .init("\\d", "½", false), .init("^\\d+$", "123", true), .init("\\D", "123", false),
    .init("\\w", "é", true), .init("\\w", "_", true), .init("\\w", "-", false), .init("\\w", "\u{301}", true),
    .init("\\w", "\u{200D}", true), .init("\\W", "-", true), .init("\\s", "\u{A0}", true), .init("\\s", "\u{85}", true),
    .init("\\s", "\u{0B}", true), .init("\\s", "x", false), .init("\\S", " ", false), .init("\\h", "\t", true),
    .init("\\h", "\n", false), .init("\\H", "\n", true), .init("\\v", "\n", true), .init("\\v", "\u{2028}", true),
    .init("\\V", "\u{0C}", false),
    // Scalar escapes and escaped punctuation.
    .init("\\t", "\t", true), .init("\\n", "\n", true), .init("\\r", "\r", true), .init("\\f", "\u{0C}", true),
    .init("\\e", "\u{1B}", true), .init("\\a", "\u{07}", true), .init("\\u00e9", "é", true), .init("\\x41", "A", true),
    .init("\\x{1F600}", "😀", true), .init("\\U0001F600", "😀", true), .init("\\.", "a", false), .init("\\.", ".", true),
    .init("\\/", "/", true), .init("\\-", "-", true), .init("\\\\", "\\", true), .init("\\$", "$", true),
    .init("\\{\\}", "{}", true), .init("\\_", "_", true), .init("\\é", "é", true), .init("]", "]", true),
    .init("\\Qa.b\\E", "axb", false), .init("\\Qa.b\\E", "a.b", true), .init("a\\Q*", "a*", true),
    .init("^\\Q(a)\\E+$", "(a))", true),
    // Realistic custom rules.
    .init("^ABCDE12345\\.", "ABCDE12345.com.example.app", true), .init("^ABCDE12345\\.", "XABCDE12345.com", false),
    .init("^[A-Z0-9]{10}\\.[a-zA-Z0-9.-]+$", "9JA89QQLNQ.com.example.app", true),
    .init("^[A-Z0-9]{10}\\.[a-zA-Z0-9.-]+$", "9JA89QQLNQ.com/example", false),
    .init("^/(?:[a-z]+/)*\\*$", "/a/b/*", true), .init("^/(?:[a-z]+/)*\\*$", "/a//*", false),
]

@Test("agrees with the expected answer, with NSRegularExpression, and stays within the step bound", arguments: regexMatchCases)
func matchesLikeNSRegularExpression(_ testCase: RegexMatchCase) throws {
    let expression = try RegularExpression(testCase.pattern)
    var steps = 0
    #expect(expression.search(in: testCase.text, steps: &steps) == testCase.expected)
    #expect(expression.search(in: testCase.text) == testCase.expected)
    #expect(steps <= (testCase.text.unicodeScalars.count + 1) * expression.programSize)

    let reference = try NSRegularExpression(pattern: testCase.pattern)
    let range = NSRange(testCase.text.startIndex..., in: testCase.text)
    #expect((reference.firstMatch(in: testCase.text, range: range) != nil) == testCase.expected, "NSRegularExpression disagrees")
}

struct RegexRejectionCase: Sendable, CustomTestStringConvertible {
    let pattern: String
    let reason: String
    /// Syntax errors must be errors for ICU too; backtracking features are valid ICU we refuse by choice.
    let isInvalidForICU: Bool

    init(_ pattern: String, _ reason: String, invalidForICU: Bool) {
        self.pattern = pattern
        self.reason = reason
        self.isInvalidForICU = invalidForICU
    }

    var testDescription: String { pattern.debugDescription }
}

let backtrackingOnly = "needs a backtracking matcher, which custom rules do not use so that no value can make matching slow; rewrite the pattern without it"

let regexRejectionCases: [RegexRejectionCase] = [
    .init("(a)\\1", "backreference '\\1' at offset 3 \(backtrackingOnly)", invalidForICU: false),
    .init("(?<n>a)\\k<n>", "backreference '\\k' at offset 7 \(backtrackingOnly)", invalidForICU: false),
    .init("a(?=b)", "lookahead '(?=' at offset 1 \(backtrackingOnly)", invalidForICU: false),
    .init("a(?!b)", "lookahead '(?!' at offset 1 \(backtrackingOnly)", invalidForICU: false),
    .init("(?<=a)b", "lookbehind '(?<=' at offset 0 \(backtrackingOnly)", invalidForICU: false),
    .init("(?<!a)b", "lookbehind '(?<!' at offset 0 \(backtrackingOnly)", invalidForICU: false),
    .init("(?>a+)b", "atomic group '(?>' at offset 0 \(backtrackingOnly)", invalidForICU: false),
    .init("a*+", "possessive quantifier '*+' at offset 1 \(backtrackingOnly)", invalidForICU: false),
    .init("a++", "possessive quantifier '++' at offset 1 \(backtrackingOnly)", invalidForICU: false),
    .init("a?+", "possessive quantifier '?+' at offset 1 \(backtrackingOnly)", invalidForICU: false),
    .init("a{2,3}+", "possessive quantifier '{2,3}+' at offset 1 \(backtrackingOnly)", invalidForICU: false),
    .init("", "the pattern is empty, so it would match every value", invalidForICU: true),
    .init("(ab", "unbalanced parenthesis at offset 0: this '(' is never closed", invalidForICU: true),
    .init("a(b(c)", "unbalanced parenthesis at offset 1: this '(' is never closed", invalidForICU: true),
    .init("(?:a", "unbalanced parenthesis at offset 0: this '(' is never closed", invalidForICU: true),
    .init("(?", "unbalanced parenthesis at offset 0: this '(' is never closed", invalidForICU: true),
    .init("ab)", "unbalanced parenthesis at offset 2: this ')' closes no group", invalidForICU: true),
    .init("[z-a]", "invalid range 'z-a' at offset 1: its start comes after its end", invalidForICU: true),
    .init("a{3,1}", "invalid repetition {3,1} at offset 1: the maximum is below the minimum", invalidForICU: true),
    .init("a{5001}", "the repetition count at offset 1 exceeds the limit of 5000", invalidForICU: false),
    .init("(a{1000}){1000}", "the pattern is too large: it compiles to 1000001 instructions (counted repetitions are expanded by copying); the limit is 5000", invalidForICU: false),
    .init(String(repeating: "a", count: 5_000), "the pattern is too large: it compiles to 5001 instructions (counted repetitions are expanded by copying); the limit is 5000", invalidForICU: false),
    .init("(((((a{5000}){5000}){5000}){5000}){5000}){5000}", "the pattern is too large: it compiles to more than \(Int.max) instructions", invalidForICU: false),
    .init(String(repeating: "(", count: 201) + "a" + String(repeating: ")", count: 201), "groups are nested more than 200 deep at offset 200", invalidForICU: false),
    .init("a**", "the quantifier at offset 2 has nothing to repeat", invalidForICU: true),
    .init("*a", "the quantifier at offset 0 has nothing to repeat", invalidForICU: true),
    .init("a|+", "the quantifier at offset 2 has nothing to repeat", invalidForICU: true),
    .init("(?i)*", "the quantifier at offset 4 has nothing to repeat", invalidForICU: true),
    .init("\\b+", "the quantifier at offset 2 has nothing to repeat", invalidForICU: true),
    .init("a{", "malformed repetition at offset 1: expected {n}, {n,} or {n,m}", invalidForICU: true),
    .init("a{,3}", "malformed repetition at offset 1", invalidForICU: true),
    .init("a{x}", "malformed repetition at offset 1", invalidForICU: true),
    .init("}", "unescaped '}' at offset 0; write \\} for a literal brace", invalidForICU: true),
    .init("[abc", "the class opened at offset 0 is never closed with ']'", invalidForICU: true),
    .init("[]", "the class opened at offset 0 is never closed with ']'", invalidForICU: true),
    .init("ab\\", "the pattern ends with a lone backslash", invalidForICU: true),
    .init("[a-\\d]", "the range at offset 1 ends with a class escape such as \\d", invalidForICU: true),
    .init("\\u12", "invalid hexadecimal escape at offset 0", invalidForICU: true),
    .init("\\x{110000}", "invalid hexadecimal escape at offset 0", invalidForICU: true),
    .init("(?<1n>a)", "invalid group name at offset 0", invalidForICU: true),
    .init("(?s).", "the flag 's' at offset 2 is not supported; custom rules accept only i (ignore case) and m (multiline)", invalidForICU: false),
    .init("(?x)a b", "the flag 'x' at offset 2 is not supported", invalidForICU: false),
    .init("(?)a", "the group '(?)' at offset 0 names no flag", invalidForICU: true),
    .init("(?*a)", "unknown group syntax '(?*' at offset 0", invalidForICU: true),
    .init("[:alpha:]", "POSIX classes such as [:alpha:] at offset 0 are not supported", invalidForICU: false),
    .init("[[:alpha:]]", "nested classes and class operations ([[...]], &&, --) at offset 1 are not supported", invalidForICU: false),
    .init("[a-z&&[^m]]", "nested classes and class operations ([[...]], &&, --) at offset 4 are not supported", invalidForICU: false),
    .init("\\p{L}", "unsupported escape '\\p' at offset 0", invalidForICU: false),
    .init("\\0101", "unsupported escape '\\0' at offset 0", invalidForICU: false),
]

@Test("rejects with a message saying what and where", arguments: regexRejectionCases)
func rejectsWithMessage(_ testCase: RegexRejectionCase) {
    do {
        _ = try RegularExpression(testCase.pattern)
        Issue.record("accepted \(testCase.pattern.debugDescription)")
    } catch {
        let prefix = "'\(testCase.pattern)' is not a valid regular expression: "
        #expect(error.message.hasPrefix(prefix + testCase.reason), "\(error.message)")
    }
    if testCase.isInvalidForICU {
        #expect(throws: (any Error).self, "NSRegularExpression accepts it") { try NSRegularExpression(pattern: testCase.pattern) }
    }
}

@Test func deepNestingWithinTheLimitCompilesAndHostileNestingFailsFast() throws {
    let nested = try RegularExpression(String(repeating: "(", count: 200) + "a" + String(repeating: ")", count: 200))
    #expect(nested.search(in: "xa"))
    #expect(throws: UsageError.self) { try RegularExpression(String(repeating: "(", count: 100_000)) }
}

/// Each case would take exponential time in a backtracking engine; the VM does bounded work per scalar.
@Test(arguments: [
    (#"^9JA89QQLNQ\.(a+)+$"#, "9JA89QQLNQ." + String(repeating: "a", count: 10_000) + "!", false),
    (#"^9JA89QQLNQ\.(a+)+$"#, "9JA89QQLNQ." + String(repeating: "a", count: 10_000), true),
    ("(a*)*b", String(repeating: "a", count: 100_000), false),
    ("(x+x+)+y", String(repeating: "x", count: 5_000), false),
    ("^(a|a)*$", String(repeating: "a", count: 50_000) + "b", false),
    ("(?i)(\\w+\\s?)*$", String(repeating: "word ", count: 5_000) + "!", true),
])
func hostileValuesTakeLinearSteps(pattern: String, text: String, expected: Bool) throws {
    let expression = try RegularExpression(pattern)
    var steps = 0
    #expect(expression.search(in: text, steps: &steps) == expected)
    #expect(steps <= (text.unicodeScalars.count + 1) * expression.programSize)
}
