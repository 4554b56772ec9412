/// The set of strings one pattern matches under its settings, as an automaton: matching is
/// one pass over the input whatever the pattern (no backtracking), and the automaton is there
/// for questions about languages (overlap, containment, example strings).
public final class PatternLanguage: Sendable {
    /// More states than this and the pattern is matched by state-set simulation instead;
    /// `*a??????????` needs 2^10 deterministic states.
    public static let defaultStateBudget = 4096

    /// Nil when determinisation exceeded the budget.
    public let automaton: DeterministicAutomaton?
    public let nondeterministic: NondeterministicAutomaton
    private let simulation: StateSetSimulation?

    init(_ nondeterministic: NondeterministicAutomaton, stateBudget: Int) {
        self.nondeterministic = nondeterministic
        let classes = ScalarClasses(separating: nondeterministic.edges.flatMap { $0.map(\.label) })
        automaton = DeterministicAutomaton(nondeterministic, classes: classes, stateBudget: stateBudget)
        simulation = automaton == nil ? StateSetSimulation(nondeterministic, classes: classes) : nil
    }

    public func matches(_ input: [UInt32]) -> Bool {
        if let automaton { return automaton.accepts(input) }
        return simulation?.accepts(input) ?? false
    }

    public func matches(_ text: String) -> Bool {
        matches(text.unicodeScalars.map(\.value))
    }

    /// True when the pattern matches no string at all.
    public var isEmpty: Bool {
        if let automaton { return automaton.isEmpty }
        return !nondeterministic.canReachAccepting
    }
}

extension NondeterministicAutomaton {
    var canReachAccepting: Bool {
        var seen: Set<Int> = [start]
        var stack = [start]
        while let state = stack.popLast() {
            if state == accepting { return true }
            for target in emptyMoves[state] + edges[state].map(\.target) where seen.insert(target).inserted {
                stack.append(target)
            }
        }
        return false
    }
}
