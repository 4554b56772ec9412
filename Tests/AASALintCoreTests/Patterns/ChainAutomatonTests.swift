@testable import AASALintCore
import Testing

/// A pattern of literals and `?` ending in at most one `*` gets its deterministic automaton
/// without the Thompson automaton and subset construction: the same automaton, state for
/// state and class for class, and the same work charged, as subset construction builds from
/// the Thompson automaton, on generated patterns (fixed seed), case-insensitive ones and
/// budgets too small for them included.
@Suite struct ChainAutomatonTests {
    static let pieces = ["a", "B", "k", "s", "/", "é", "%", "1", "?", "*", "//", "Σ", "-"]

    @Test func chainsAreBuiltAsSubsetConstructionBuildsThem() {
        var random = SplitMix64(seed: 0x17_C4A1)
        var differences: [String] = []
        var chains = 0
        var overBudget = 0
        for _ in 0..<3_000 {
            let text = (0..<random.next(below: 9)).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
            let caseSensitive = random.next(below: 2) == 0
            let part: PatternCompiler.Part = random.next(below: 2) == 0 ? .path : .other
            let stateBudget = random.next(below: 4) == 0 ? 2 + random.next(below: 8) : PatternLanguage.defaultStateBudget
            var compiler = PatternCompiler(variables: SubstitutionVariables([]), stateBudget: stateBudget, determinisesEagerly: false)
            let language = compiler.language(of: text, as: part, caseSensitive: caseSensitive)
            let thompson = language.nondeterministic
            let (expected, expectedWork) = DeterministicAutomaton.determinising(thompson, classes: ScalarClasses(separating: thompson.labels),
                                                                                stateBudget: stateBudget)
            let tokens = part == .path ? PathNormalization.normalize(Pattern(text).tokens) : Pattern(text).tokens
            if PatternCompiler.chain(of: tokens, caseSensitive: caseSensitive) != nil {
                chains += 1
                if expected == nil { overBudget += 1 }
            }
            let label = "\(text) (\(part), caseSensitive \(caseSensitive), budget \(stateBudget))"
            if language.determinisationWork != expectedWork {
                differences.append("\(label): work \(language.determinisationWork), subset construction \(expectedWork)")
            }
            if let difference = Self.difference(language.automaton, expected) { differences.append("\(label): \(difference)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(chains > 800 && overBudget > 20, "the generator must produce chains, some over budget: \(chains), \(overBudget)")
    }

    /// The first thing that tells the two automata apart; nil when they are the same.
    private static func difference(_ actual: DeterministicAutomaton?, _ expected: DeterministicAutomaton?) -> String? {
        guard let actual, let expected else { return (actual == nil) == (expected == nil) ? nil : "one automaton is missing" }
        guard actual.classes.sets == expected.classes.sets else { return "classes \(actual.classes.sets) vs \(expected.classes.sets)" }
        guard actual.start == expected.start, actual.accepting == expected.accepting else {
            return "start or accepting states \(actual.start) \(actual.accepting) vs \(expected.start) \(expected.accepting)"
        }
        for state in 0..<actual.stateCount {
            guard actual.isDead(state) == expected.isDead(state) else { return "state \(state) dead or not" }
            for classIndex in 0..<actual.classes.count
                where actual.target(of: state, onClass: classIndex) != expected.target(of: state, onClass: classIndex) {
                return "state \(state) on class \(classIndex)"
            }
        }
        return nil
    }
}
