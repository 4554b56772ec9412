import Foundation
import Testing
@testable import AASALintCore

/// Random small patterns and texts: wherever both engines accept a pattern, they must agree on every text.
@Test func randomPatternsAgreeWithNSRegularExpression() throws {
    let tokens = ["a", "b", "A", "é", "(", ")", "(?:", "|", "*", "+", "?", "*?", "{2}", "{1,2}", "{0,}", "^", "$", "\\b", "\\B",
                  ".", "[ab]", "[^a]", "[a-c]", "\\d", "\\w", "\\s", "\\n", "\\r", "(?i)", "(?m)", "\\z", "\\Z", "\\A", "1", " ",
                  "k", "s", "σ", "(?i:", "(?-i)", "\\h", "\\v", "\\W", "\\D", "\\S", "[^\\s]", "[\\w-]", "[K-k]", "\\x{212A}", "\\Q.\\E", "\\.", "(?#c)", "[\\n\\r]"]
    let alphabet: [Unicode.Scalar] = ["a", "b", "A", "B", "é", "1", " ", "\n", "\r", "_", "\u{301}", "\u{85}", "\u{2028}", "\u{0B}", "\u{212A}", "K", "k", "ſ", "S", "ς", "Σ", "\u{200B}", "٣", "\t", "\u{A0}", ".", "-"]
    var random = SplitMix64(seed: 20_240_611)
    var compared = 0
    var disagreements: [String] = []
    for _ in 0..<5_000 {
        let pattern = (0..<1 + random.next(below: 10)).map { _ in tokens[random.next(below: tokens.count)] }.joined()
        // ICU bug: a lazily repeated anchor hides later alternatives ("^*?A|" fails on "", "|^*?A" matches).
        if pattern.contains(/[\^$](?:[*+?]|\{[\d,]+\})\?/) { continue }
        let reference = try? NSRegularExpression(pattern: pattern)
        let ours: RegularExpression
        do {
            ours = try RegularExpression(pattern)
        } catch {
            // Possessive quantifiers are valid ICU that custom rules refuse by choice.
            if reference != nil && !error.message.contains("backtracking") { disagreements.append("\(pattern.debugDescription): only ICU accepts it") }
            continue
        }
        guard let reference else {
            disagreements.append("\(pattern.debugDescription): only we accept it")
            continue
        }
        for _ in 0..<6 {
            var text = ""
            text.unicodeScalars.append(contentsOf: (0..<random.next(below: 7)).map { _ in alphabet[random.next(below: alphabet.count)] })
            let expected = reference.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            compared += 1
            if ours.search(in: text) != expected {
                disagreements.append("\(pattern.debugDescription) on \(text.debugDescription): ICU \(expected)")
            }
        }
    }
    #expect(compared > 10_000)
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(40).joined(separator: "\n"))")
}
