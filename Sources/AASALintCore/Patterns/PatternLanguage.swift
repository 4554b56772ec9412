#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The set of strings one pattern matches under its settings, as an automaton: matching is
/// one pass over the input whatever the pattern (no backtracking), and the automaton is there
/// for questions about languages (overlap, containment, example strings).
package final class PatternLanguage: @unchecked Sendable {
    /// More states than this and the pattern is matched by state-set simulation instead;
    /// `*a??????????` needs 2^10 deterministic states.
    package static let defaultStateBudget = 4096

    private let stateBudget: Int
    /// Built at once for callers that match many URLs, so that matching takes no lock.
    private let eager: Determinised?
    /// Built on first use otherwise, and the Thompson automaton with it: a lint needs few
    /// languages, and those of patterns such as `/$(lang)/*` are most of the cost, in time and
    /// memory, of compiling a file. The first match simulates the Thompson automaton instead,
    /// and only a second one determinises: matching one URL against thousands of rules then
    /// costs a pass over each, not its automaton. A chain needs neither to match (`matchingChain`).
    private var lazy: Determinised?
    private var thompson: NondeterministicAutomaton?
    private var hasMatched = false
    private let recipe: PatternRecipe
    /// A chain's labels, which decide a match scalar by scalar without any automaton: a pattern
    /// determinised on use matches with them alone, and nil once known not to be a chain.
    private var matchingChain: ChainMatcher??
    /// Shared with other languages of the file (`PatternCompiler`): a lock per pattern was a tenth
    /// of compiling a large file, and no language takes another's lock while holding its own.
    private let lock: Lock

    /// The deterministic automaton or, over the budget, the simulation of the Thompson one;
    /// and the work determinising took.
    private struct Determinised {
        let automaton: DeterministicAutomaton?
        let simulation: StateSetSimulation?
        let work: Int

        init(_ nondeterministic: NondeterministicAutomaton, stateBudget: Int) {
            let classes = ScalarClasses(separating: nondeterministic.labels)
            (automaton, work) = DeterministicAutomaton.determinising(nondeterministic, classes: classes, stateBudget: stateBudget)
            simulation = automaton == nil ? StateSetSimulation(automaton: nondeterministic) : nil
        }

        init(_ automaton: DeterministicAutomaton, work: Int) {
            (self.automaton, simulation, self.work) = (automaton, nil, work)
        }

        func accepts(_ input: [UInt32]) -> Bool {
            if let automaton { return automaton.accepts(input) }
            return simulation?.accepts(input) ?? false
        }
    }

    /// `recipe` builds the Thompson automaton, now or on first use, and gives, for a pattern that
    /// is a chain (`DeterministicAutomaton.chain`), its scalars' labels and whether it ends in `*`:
    /// a chain's automaton is built directly.
    init(stateBudget: Int, determinisesEagerly: Bool = true, recipe: PatternRecipe, lock: Lock) {
        self.stateBudget = stateBudget
        self.recipe = recipe
        self.lock = lock
        eager = determinisesEagerly ? (Self.direct(recipe, stateBudget: stateBudget) ?? Determinised(recipe.construction(), stateBudget: stateBudget)) : nil
    }

    /// The deterministic automaton built without the Thompson one, when the pattern allows.
    private static func direct(_ recipe: PatternRecipe, stateBudget: Int) -> Determinised? {
        guard let (labels, endsInRun) = recipe.chain() else { return nil }
        return DeterministicAutomaton.chain(labels, endsInRun: endsInRun, stateBudget: stateBudget).map { Determinised($0.automaton, work: $0.work) }
    }

    private var determinised: Determinised {
        if let eager { return eager }
        lock.lock()
        defer { lock.unlock() }
        if let lazy { return lazy }
        let built = Self.direct(recipe, stateBudget: stateBudget) ?? Determinised(thompson ?? recipe.construction(), stateBudget: stateBudget)
        lazy = built
        thompson = nil
        return built
    }

    /// Built again when the deterministic automaton replaced it: it is rarely asked for.
    var nondeterministic: NondeterministicAutomaton {
        lock.withLock {
            guard let determinised = lazy ?? eager else { return builtThompson() }
            return determinised.simulation?.automaton ?? recipe.construction()
        }
    }

    /// How a pattern determinised on use matches: a chain by its labels; any other by simulating
    /// the Thompson automaton the first time, and by its deterministic automaton after.
    private enum LazyMatcher {
        case chain(ChainMatcher)
        case firstMatch(NondeterministicAutomaton)
        case determinised(Determinised)
    }

    private func lazyMatcher() -> LazyMatcher {
        lock.withLock {
            if matchingChain == nil { matchingChain = recipe.chain().map { ChainMatcher(labels: $0.labels, endsInRun: $0.endsInRun) } }
            if let matchingChain = matchingChain ?? nil { return .chain(matchingChain) }
            if let lazy { return .determinised(lazy) }
            if !hasMatched {
                hasMatched = true
                return .firstMatch(builtThompson())
            }
            let built = Determinised(thompson ?? recipe.construction(), stateBudget: stateBudget)
            lazy = built
            thompson = nil
            return .determinised(built)
        }
    }

    /// Called with the lock held.
    private func builtThompson() -> NondeterministicAutomaton {
        let built = thompson ?? recipe.construction()
        thompson = built
        return built
    }

    /// Nil when determinisation exceeded the budget.
    var automaton: DeterministicAutomaton? { determinised.automaton }

    /// Whether the pattern matches every string that starts with `prefix` (every string, for
    /// the empty prefix); false when determinisation exceeded the budget, which cannot prove it.
    package func matchesEveryString(startingWith prefix: String = "") -> Bool {
        guard let automaton else { return false }
        return automaton.acceptsEverything(from: automaton.run(prefix.unicodeScalars))
    }

    /// The work determinising took (`DeterministicAutomaton.determinising`), whether or not it
    /// succeeded: what the rule-order analysis charges each rule that needs the automaton.
    var determinisationWork: Int { determinised.work }

    package func matches(_ input: [UInt32]) -> Bool {
        guard let eager else {
            switch lazyMatcher() {
            case .chain(let chain): return chain.accepts(input)
            case .firstMatch(let automaton): return StateSetSimulation(automaton: automaton).accepts(input)
            case .determinised(let determinised): return determinised.accepts(input)
            }
        }
        return eager.accepts(input)
    }

    package func matches(_ text: String) -> Bool {
        matches(text.unicodeScalars.map(\.value))
    }

    /// True when the pattern matches no string at all.
    package var isEmpty: Bool {
        if let automaton { return automaton.isEmpty }
        return !nondeterministic.canReachAccepting
    }
}

/// A pattern of fixed scalars that ends in at most one `*`, matched as its chain automaton
/// would, one label per scalar.
private struct ChainMatcher {
    let labels: [ScalarSet]
    let endsInRun: Bool

    func accepts(_ input: [UInt32]) -> Bool {
        guard endsInRun ? input.count >= labels.count : input.count == labels.count else { return false }
        for (label, value) in zip(labels, input) where !label.contains(value) { return false }
        return true
    }
}
