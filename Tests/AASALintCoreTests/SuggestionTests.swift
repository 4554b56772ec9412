@testable import AASALintCore
import Testing

@Suite struct SuggestionTests {
    @Test(arguments: [
        ("appIds", ["appIDs", "components"], "appIDs"),
        ("caseSensitve", ["caseSensitive", "percentEncoded"], "caseSensitive"),
        ("app", ["apps"], "apps"),
        ("warn", ["warning", "error"], "warning"),
    ])
    func suggestsALikelyCorrection(word: String, candidates: [String], expected: String) {
        #expect(Suggestion.nearest(to: word, in: candidates) == expected)
    }

    // A one-letter key shares nothing with "#" or "?": replacing every letter is a guess.
    @Test(arguments: [
        ("x", ["/", "?", "#", "exclude", "comment"]),
        ("q", ["/", "?", "#"]),
        ("ab", ["#", "?"]),
    ])
    func suggestsNothingForAWordWithNothingInCommon(word: String, candidates: [String]) {
        #expect(Suggestion.nearest(to: word, in: candidates) == nil)
    }
}
