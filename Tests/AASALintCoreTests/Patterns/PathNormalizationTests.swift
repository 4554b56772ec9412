@testable import AASALintCore
import Testing

/// URL paths are normalised on their scalar values, patterns on their tokens: the two agree, on
/// generated texts (fixed seed) mixing slashes, stars and scalars of every UTF-8 length.
@Suite struct PathNormalizationTests {
    static let pieces = ["/", "//", "*", "?", "a", "é", "€", "𝄞", "é/", "%2F", ""]

    @Test func bytesAndTokensNormaliseAlike() {
        var random = SplitMix64(seed: 0x17_9A7E)
        var differences: [String] = []
        for _ in 0..<5_000 {
            let text = (0..<random.next(below: 7)).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
            let tokens = PathNormalization.normalize(Pattern(text, expandsVariables: false).tokens)
            var view = String.UnicodeScalarView()
            for token in tokens {
                switch token.kind {
                case .literal(let scalar): view.append(scalar)
                case .anyRun: view.append("*")
                case .anyScalar: view.append("?")
                case .variable, .unterminatedVariable: break
                }
            }
            let normalized = PathNormalization.normalize(text)
            if normalized != String(view) { differences.append("\(text): \(normalized) vs \(String(view))") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }
}
