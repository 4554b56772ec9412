/// How much work one question about component languages may take before the analysis gives up and
/// says so: the automaton states explored, a product state of k automata counting k, and
/// checking a URL against one component (or offering one component to compare) counting one.
package struct AnalysisBudget: Sendable, Hashable {
    package var states: Int

    package static let standard = AnalysisBudget(states: 20_000)

    /// All questions about one file together may take this many times the budget of one:
    /// a file of thousands of entangled components then ends in seconds with a note, not minutes.
    static let fileFactor = 50

    /// The states all questions about one file may explore together.
    package var fileStates: Int { states * Self.fileFactor }

    /// The work of determinising the patterns of the components the analysis compares, for the whole
    /// file (`DeterministicAutomaton.determinising`): a measure of its own, since one state of
    /// one automaton can take hundreds of times the work of a state of another. A second or two.
    package var fileDeterminisationWork: Int { fileStates * 32 }

    package init(states: Int) {
        self.states = states
    }
}

/// What is left of a file's budget, shared by the questions about its components in order.
final class AnalysisMeter {
    private(set) var remaining: Int
    private(set) var remainingWork: Int

    convenience init(_ budget: AnalysisBudget) {
        self.init(states: budget.fileStates, work: budget.fileDeterminisationWork)
    }

    init(states: Int, work: Int) {
        remaining = states
        remainingWork = work
    }

    var isSpent: Bool { remaining <= 0 || remainingWork <= 0 }

    /// An allowance for one question: its own budget, or what the file has left.
    func allowance(upTo limit: Int) -> Int {
        min(limit, max(0, remaining))
    }

    func spend(_ states: Int, work: Int = 0) {
        remaining -= max(0, states)
        remainingWork -= max(0, work)
    }

    /// What is left goes to a component that needs more: no later component, however cheap, is then
    /// analysed in its place.
    func spendAll() {
        remaining = min(remaining, 0)
    }
}
