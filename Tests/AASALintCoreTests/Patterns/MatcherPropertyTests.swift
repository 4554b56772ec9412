@testable import AASALintCore
import AASALintTestSupport
import Foundation
import Testing

/// The compiled automata agree with a deliberately simple recursive matcher on many
/// generated patterns and inputs (fixed seed), with and without case folding, with
/// variables, and with a state budget small enough to force the simulation fallback.
@Suite struct MatcherPropertyTests {
    static let customVariables = ["v": ["a*", "B", ""], "w": ["?b"], "ſ": ["k"]]
    static let variables = SubstitutionVariables(customVariables.map { name, values in
        SubstitutionVariable(name: name, pointer: .root, values: values.map { Located($0, at: .root) })
    })
    static let patternPieces = ["a", "b", "A", "k", "/", "*", "?", "é", "É", "σ", "$(v)", "$(digit)", "$(w)", "$(ſ)", "$(", "$(zz)"]
    static let inputPieces: [Unicode.Scalar] = ["a", "b", "A", "B", "K", "\u{212A}", "/", "é", "É", "ς", "1"]

    @Test(arguments: [false, true], [PatternLanguage.defaultStateBudget, 3])
    func compiledMatcherAgreesWithReference(caseSensitive: Bool, stateBudget: Int) {
        var random = SplitMix64(seed: 0xA5A5_2024)
        var compiler = PatternCompiler(variables: Self.variables, stateBudget: stateBudget)
        var disagreements: [String] = []
        var matchesSeen = 0
        for round in 0..<600 {
            let text = (0..<random.next(below: 7)).map { _ in Self.patternPieces[random.next(below: Self.patternPieces.count)] }.joined()
            let part: PatternCompiler.Part = random.next(below: 2) == 0 ? .path : .other
            // Every other pattern is determinised on use, as `match` and a lint compile them: a chain
            // then matches by its labels, any other pattern by simulation first.
            var lazyCompiler = PatternCompiler(variables: Self.variables, stateBudget: stateBudget, determinisesEagerly: false)
            let language = round.isMultiple(of: 2)
                ? compiler.language(of: text, as: part, caseSensitive: caseSensitive)
                : lazyCompiler.language(of: text, as: part, caseSensitive: caseSensitive)
            for _ in 0..<25 {
                var input = (0..<random.next(below: 8)).map { _ in Self.inputPieces[random.next(below: Self.inputPieces.count)] }
                var tokens = Pattern(text).tokens
                if part == .path {
                    tokens = PathNormalization.normalize(tokens)
                    input = Array(PathNormalization.normalize(String(String.UnicodeScalarView(input))).unicodeScalars)
                }
                let expected = ReferenceMatcher(variables: Self.customVariables, caseSensitive: caseSensitive).matches(tokens, input[...])
                if expected { matchesSeen += 1 }
                if language.matches(input.map(\.value)) != expected {
                    disagreements.append("\(text) (\(part)) vs \(String(String.UnicodeScalarView(input))): reference says \(expected)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(matchesSeen > 500, "the generator must produce matching inputs too")
    }

    @Test func queryItemsSplitAsURLComponentsDoes() throws {
        var random = SplitMix64(seed: 7)
        let pieces = ["a", "b", "=", "&", "%20", "x"]
        for _ in 0..<500 {
            let query = (0..<random.next(below: 8)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            let components = try #require(URLComponents(string: "https://example.com/?" + query))
            let expected = (components.percentEncodedQueryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
            let actual = LinkURL.items(of: query.unicodeScalars.map(\.value)).map { "\($0.name.encoded)=\($0.value.encoded)" }
            #expect(actual == expected, "query \(query)")
        }
    }

    @Test func matchingStaysLinearOnPathologicalPatterns() throws {
        var compiler = PatternCompiler(variables: SubstitutionVariables([]))
        let path = Array(repeating: UInt32(("a" as Unicode.Scalar).value), count: 10_000)
        let elapsed = ThreadProcessorTime.measure {
            for pattern in ["*a*a*a*a*a*a*a*a*b", "*a??????????????????b", "*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b"] {
                let language = compiler.language(of: pattern, as: .other, caseSensitive: false)
                #expect(!language.matches(path))
                #expect(language.matches(path + [UInt32(("b" as Unicode.Scalar).value)]))
            }
        }
        // Linear matching takes about a second of processor time in a debug build; backtracking
        // on 10,000 characters would take hours.
        #expect(elapsed < .seconds(10), "took \(elapsed) of processor time")
    }
}

/// Recursive wildcard matching straight from AASA.md: slow, obviously right.
struct ReferenceMatcher {
    let variables: [String: [String]]
    let caseSensitive: Bool

    func matches(_ tokens: [PatternToken], _ input: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = tokens.first else { return input.isEmpty }
        let rest = Array(tokens.dropFirst())
        switch first.kind {
        case .literal(let scalar):
            guard let next = input.first, same(scalar, next) else { return false }
            return matches(rest, input.dropFirst())
        case .anyScalar:
            return !input.isEmpty && matches(rest, input.dropFirst())
        case .anyRun:
            return (0...input.count).contains { matches(rest, input.dropFirst($0)) }
        case .variable(let name):
            if let values = variables[name] {
                return values.contains { value in
                    (0...input.count).contains { split in
                        matches(Pattern(value, expandsVariables: false).tokens, input.prefix(split)) && matches(rest, input.dropFirst(split))
                    }
                }
            }
            guard name == "digit", let next = input.first, ("0"..."9").contains(next) else { return false }
            return matches(rest, input.dropFirst())
        case .unterminatedVariable:
            return false
        }
    }

    private func same(_ pattern: Unicode.Scalar, _ input: Unicode.Scalar) -> Bool {
        caseSensitive ? pattern == input : CaseFolding.fold(pattern) == CaseFolding.fold(input)
    }
}

/// A fixed-seed generator, so failures reproduce.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(bound))
    }
}
