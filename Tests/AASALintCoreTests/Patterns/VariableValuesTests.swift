@testable import AASALintCore
import Testing

/// A variable's values are compiled once per file, the plain ones as a minimal automaton and
/// those with wildcards one branch each, and embedded in every pattern that uses them. The
/// languages are still those of the values one by one: determinised, simulated on a first
/// match, and determinised on the second.
@Suite struct VariableValuesTests {
    static let customVariables: [String: [String]] = {
        var random = SplitMix64(seed: 0x5EED)
        let pieces = ["a", "b", "A", "é", "/", "ab", "ba"]
        let plain = (0..<60).map { _ in (0..<random.next(below: 4)).map { _ in pieces[random.next(below: pieces.count)] }.joined() }
        return ["many": plain + ["a*", "?b", "b?a"], "few": ["b", "ab*"]]
    }()
    static let variables = SubstitutionVariables(customVariables.map { name, values in
        SubstitutionVariable(name: name, pointer: .root, values: values.map { Located($0, at: .root) })
    })
    static let patternPieces = ["a", "b", "/", "*", "?", "É", "$(many)", "$(many)", "$(few)"]
    static let inputPieces: [Unicode.Scalar] = ["a", "b", "A", "B", "/", "é", "É"]

    @Test(arguments: [false, true])
    func patternsOfManyValuesAgreeWithTheReference(caseSensitive: Bool) {
        var random = SplitMix64(seed: 0xC0FFEE)
        var eager = PatternCompiler(variables: Self.variables)
        var onUse = PatternCompiler(variables: Self.variables, determinisesEagerly: false)
        let reference = ReferenceMatcher(variables: Self.customVariables, caseSensitive: caseSensitive)
        var disagreements: [String] = []
        var matchesSeen = 0
        for _ in 0..<150 {
            let text = (0..<(1 + random.next(below: 4))).map { _ in Self.patternPieces[random.next(below: Self.patternPieces.count)] }.joined()
            let compiled = eager.language(of: text, as: .other, caseSensitive: caseSensitive)
            let simulatedFirst = onUse.language(of: text, as: .other, caseSensitive: caseSensitive)
            for round in 0..<12 {
                let input = (0..<random.next(below: 7)).map { _ in Self.inputPieces[random.next(below: Self.inputPieces.count)] }
                let expected = reference.matches(Pattern(text).tokens, input[...])
                if expected { matchesSeen += 1 }
                let values = input.map(\.value)
                if compiled.matches(values) != expected || simulatedFirst.matches(values) != expected {
                    disagreements.append("\(text) vs \(String(String.UnicodeScalarView(input))) (round \(round)): reference says \(expected)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(matchesSeen > 100, "the generator must produce matching inputs too")
    }

    /// `*` before 3,000 values with wildcards: every subset holds a state for each value, and
    /// determinising gives up at its work budget, after a few states, rather than building
    /// thousands of them; matching is still exact.
    @Test func aWildcardBeforeThousandsOfValuesGivesUpWithinItsWork() {
        let values = (0..<3_000).map { "x\($0)*y" }
        let variables = SubstitutionVariables([SubstitutionVariable(name: "v", pointer: .root, values: values.map { Located($0, at: .root) })])
        var compiler = PatternCompiler(variables: variables, determinisesEagerly: false)
        let language = compiler.language(of: "*$(v)", as: .path, caseSensitive: true)
        #expect(language.automaton == nil)
        #expect(language.determinisationWork < 2 * PatternLanguage.defaultStateBudget * DeterministicAutomaton.workPerState)
        #expect(language.matches(PathNormalization.normalize("/q/x1234zzy")))
        #expect(!language.matches(PathNormalization.normalize("/q/x1234zz")))
    }

    /// Below the bounds, variables of hundreds of values are still determinised and analysed.
    @Test func hundredsOfPlainValuesAreStillDeterminised() {
        let values = (0..<300).map { "shop-\($0)" }
        let variables = SubstitutionVariables([SubstitutionVariable(name: "v", pointer: .root, values: values.map { Located($0, at: .root) })])
        var compiler = PatternCompiler(variables: variables, determinisesEagerly: false)
        for text in ["/$(v)/*", "*/$(v)", "/$(v)/$(v)"] {
            let language = compiler.language(of: text, as: .path, caseSensitive: false)
            #expect(language.automaton != nil, "\(text)")
            #expect(language.matches(PathNormalization.normalize("/SHOP-299/shop-7")), "\(text)")
        }
    }
}
