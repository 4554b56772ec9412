import Foundation

/// The set of strings one pattern matches under its settings, as an automaton: matching is
/// one pass over the input whatever the pattern (no backtracking), and the automaton is there
/// for questions about languages (overlap, containment, example strings).
public final class PatternLanguage: @unchecked Sendable {
    /// More states than this and the pattern is matched by state-set simulation instead;
    /// `*a??????????` needs 2^10 deterministic states.
    public static let defaultStateBudget = 4096

    private let stateBudget: Int
    /// Built at once for callers that match many URLs, so that matching takes no lock.
    private let eager: Determinised?
    /// Built on first use otherwise, and the Thompson automaton with it: a lint needs few
    /// languages, and those of patterns such as `/$(lang)/*` are most of the cost, in time and
    /// memory, of compiling a file.
    private var lazy: Determinised?
    private let construction: @Sendable () -> NondeterministicAutomaton
    private let lock = NSLock()

    /// The Thompson automaton, the deterministic one (nil when over the budget) and, then, the
    /// simulation.
    private struct Determinised {
        let nondeterministic: NondeterministicAutomaton
        let automaton: DeterministicAutomaton?
        let simulation: StateSetSimulation?

        init(_ nondeterministic: NondeterministicAutomaton, stateBudget: Int) {
            self.nondeterministic = nondeterministic
            let classes = ScalarClasses(separating: nondeterministic.labels)
            automaton = DeterministicAutomaton(nondeterministic, classes: classes, stateBudget: stateBudget)
            simulation = automaton == nil ? StateSetSimulation(automaton: nondeterministic) : nil
        }
    }

    /// `construction` builds the Thompson automaton, now or on first use.
    init(stateBudget: Int, determinisesEagerly: Bool = true, construction: @escaping @Sendable () -> NondeterministicAutomaton) {
        self.stateBudget = stateBudget
        self.construction = construction
        eager = determinisesEagerly ? Determinised(construction(), stateBudget: stateBudget) : nil
    }

    private var determinised: Determinised {
        if let eager { return eager }
        lock.lock()
        defer { lock.unlock() }
        if let lazy { return lazy }
        let built = Determinised(construction(), stateBudget: stateBudget)
        lazy = built
        return built
    }

    public var nondeterministic: NondeterministicAutomaton { determinised.nondeterministic }

    /// Nil when determinisation exceeded the budget.
    public var automaton: DeterministicAutomaton? { determinised.automaton }

    public func matches(_ input: [UInt32]) -> Bool {
        let determinised = self.determinised
        if let automaton = determinised.automaton { return automaton.accepts(input) }
        return determinised.simulation?.accepts(input) ?? false
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
