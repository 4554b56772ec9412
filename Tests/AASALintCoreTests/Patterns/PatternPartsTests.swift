@testable import AASALintCore
import Foundation
import Testing

/// What a `Pattern` answers without parsing its tokens (its variable references, an unterminated
/// `$(`, which scalars it holds) agrees with its tokens and its text on generated patterns.
@Suite struct PatternPartsTests {
    static let pieces = ["a", "/", "*", "?", "$", "(", ")", "$(", "$(v)", "$(lang)", "$(é)", "é", "%", "#", "=", "\\", "𝄞", "$()"]
    /// With the ASCII scalars whose bits the bytes of `é` (C3 A9) and `𝄞` (F0 9D 84 9E) would set if
    /// a byte of a multi-byte scalar were taken for ASCII: C, i, p, ], D, ^.
    static let probes: [Unicode.Scalar] = ["a", "$", "(", ")", "%", "#", "=", "\\", "*", "é", "𝄞", "z", "\u{0}", "C", "i", "p", "]", "D", "^"]

    @Test(arguments: [true, false])
    func partsAgreeWithTokens(expandsVariables: Bool) {
        var random = SplitMix64(seed: expandsVariables ? 0x7A11 : 0x7A12)
        var referencesSeen = 0
        var unterminatedSeen = 0
        for _ in 0..<3_000 {
            let text = (0..<random.next(below: 8)).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
            let pattern = Pattern(text, expandsVariables: expandsVariables)
            let tokens = pattern.tokens
            let references = tokens.compactMap { token in if case .variable(let name) = token.kind { "\(name)@\(token.range)" } else { nil } }
            #expect(pattern.variableReferences.map { "\($0.name)@\($0.range)" } == references, "\(text)")
            let unterminated = tokens.first { $0.kind == .unterminatedVariable }?.range
            #expect(pattern.unterminatedVariable == unterminated, "\(text)")
            #expect(pattern.scalars == Array(text.unicodeScalars), "\(text)")
            #expect(pattern.isASCII == text.unicodeScalars.allSatisfy(\.isASCII), "\(text)")
            for probe in Self.probes {
                #expect(pattern.contains(probe) == text.unicodeScalars.contains(probe), "\(text) \(probe)")
            }
            referencesSeen += references.count
            unterminatedSeen += unterminated == nil ? 0 : 1
        }
        // With variables expanded both come up often; without, never.
        #expect(expandsVariables ? referencesSeen > 500 && unterminatedSeen > 300 : referencesSeen + unterminatedSeen == 0)
    }

    /// A file's catalog holds a scalar exactly when one of its occurrences does: generated files
    /// with patterns in every place the catalog reads (paths, queries, query items, fragments,
    /// legacy paths, variable values).
    @Test func catalogHoldsWhatItsOccurrencesHold() {
        var random = SplitMix64(seed: 0x7A13)
        var held = 0
        for _ in 0..<300 {
            func pattern() -> String {
                let text = (0..<random.next(below: 3)).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
                return text.replacingOccurrences(of: "\\", with: "\\\\")
            }
            let text = #"{"applinks": {"substitutionVariables": {"v": ["\#(pattern())"]}, "details": ["#
                + ##"{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "\##(pattern())", "?": {"q": "\##(pattern())"}, "#": "\##(pattern())"}, {"?": "\##(pattern())"}]},"##
                + #"{"appID": "ABCDE12345.com.example.other", "paths": ["NOT \#(pattern())"]}]}}"#
            let catalog = PatternCatalog(file: LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(text.utf8)))
            #expect(catalog.occurrences.count == 6, "\(text)")
            for probe in Self.probes where probe.isASCII {
                let expected = catalog.occurrences.contains { $0.patternContains(probe) }
                #expect(catalog.heldScalars.mayContain(probe) == expected, "\(text) \(probe)")
                held += expected ? 1 : 0
            }
            #expect(catalog.heldScalars.holdsNonASCII == catalog.occurrences.contains { !$0.patternIsASCII }, "\(text)")
        }
        #expect(held > 1_000)
    }
}
