/// A Thompson automaton: transitions labelled with scalar sets, plus empty moves; one start
/// and one accepting state. Patterns compile to this first; `DeterministicAutomaton` is built
/// from it.
///
/// The automaton of a variable's values is built once per file and embedded by reference in
/// every pattern that uses it: its states are numbered after the pattern's own, so a variable
/// of thousands of values used by thousands of patterns takes memory in their sum, not their
/// product.
struct NondeterministicAutomaton: Sendable {
    private var edges: [[(label: ScalarSet, target: Int)]] = []
    /// Targets may be states of embedded automata.
    private var emptyMoves: [[Int]] = []
    private var embeddings: [Embedding] = []
    /// Embeddings asked for while the automaton is being built, numbered when it is finished.
    private var pendingEmbeddings: [(automaton: SharedAutomaton, entry: Int, exit: Int)] = []
    private(set) var start = 0
    private(set) var accepting = 0

    private struct Embedding: Sendable {
        let automaton: SharedAutomaton
        /// The number of its start state here.
        let base: Int
        /// The state its accepting state moves on to.
        let exit: Int

        func contains(_ state: Int) -> Bool {
            state >= base && state < base + automaton.states.stateCount
        }
    }

    init() {}

    /// The states it owns and those of the automata it embeds.
    var stateCount: Int { edges.count + embeddings.reduce(0) { $0 + $1.automaton.states.stateCount } }

    /// Every transition label, each distinct label of an embedded automaton once.
    var labels: [ScalarSet] {
        edges.flatMap { $0.map(\.label) } + embeddings.flatMap(\.automaton.labels)
    }

    mutating func addState() -> Int {
        edges.append([])
        emptyMoves.append([])
        return edges.count - 1
    }

    mutating func addEdge(from source: Int, on label: ScalarSet, to target: Int) {
        guard !label.isEmpty else { return }
        edges[source].append((label, target))
    }

    mutating func addEmptyMove(from source: Int, to target: Int) {
        emptyMoves[source].append(target)
    }

    /// A path from `entry` through `automaton` to `exit`, both own states.
    mutating func embed(_ automaton: SharedAutomaton, from entry: Int, to exit: Int) {
        pendingEmbeddings.append((automaton, entry, exit))
    }

    /// Ends the construction: numbers the embedded states after the own ones.
    mutating func setEnds(start: Int, accepting: Int) {
        self.start = start
        self.accepting = accepting
        var base = stateCount
        for pending in pendingEmbeddings {
            embeddings.append(Embedding(automaton: pending.automaton, base: base, exit: pending.exit))
            emptyMoves[pending.entry].append(base + pending.automaton.states.start)
            base += pending.automaton.states.stateCount
        }
        pendingEmbeddings = []
    }

    private func embedding(of state: Int) -> Embedding? {
        state < edges.count ? nil : embeddings.first { $0.contains(state) }
    }

    /// Calls `body` with the label and target of each transition of `state`.
    @inline(__always)
    func forEachEdge(of state: Int, _ body: (ScalarSet, Int) -> Void) {
        guard let embedding = embedding(of: state) else {
            for edge in edges[state] { body(edge.label, edge.target) }
            return
        }
        embedding.automaton.states.forEachEdge(of: state - embedding.base) { body($0, $1 + embedding.base) }
    }

    /// Calls `body` with the target of each empty move of `state`.
    @inline(__always)
    func forEachEmptyMove(of state: Int, _ body: (Int) -> Void) {
        guard let embedding = embedding(of: state) else {
            for target in emptyMoves[state] { body(target) }
            return
        }
        let inner = state - embedding.base
        embedding.automaton.states.forEachEmptyMove(of: inner) { body($0 + embedding.base) }
        if inner == embedding.automaton.states.accepting { body(embedding.exit) }
    }

    func hasEmptyMoves(_ state: Int) -> Bool {
        guard let embedding = embedding(of: state) else { return !emptyMoves[state].isEmpty }
        let inner = state - embedding.base
        return inner == embedding.automaton.states.accepting || embedding.automaton.states.hasEmptyMoves(inner)
    }

    /// The states reachable from `states` by empty moves, sorted.
    func closure(of states: some Sequence<Int>) -> [Int] {
        var seen = Set<Int>()
        var stack = Array(states)
        while let state = stack.popLast() {
            guard seen.insert(state).inserted else { continue }
            forEachEmptyMove(of: state) { stack.append($0) }
        }
        return seen.sorted()
    }

    /// The edges of `state` split into one move per class of `classes` (before empty moves).
    func moves(of state: Int, over classes: ScalarClasses) -> [(classIndex: Int, target: Int)] {
        var moves: [(classIndex: Int, target: Int)] = []
        forEachEdge(of: state) { label, target in
            for classIndex in classes.classes(in: label) { moves.append((classIndex, target)) }
        }
        return moves
    }

    var canReachAccepting: Bool {
        var seen: Set<Int> = [start]
        var stack = [start]
        while let state = stack.popLast() {
            if state == accepting { return true }
            func visit(_ target: Int) {
                if seen.insert(target).inserted { stack.append(target) }
            }
            forEachEmptyMove(of: state, visit)
            forEachEdge(of: state) { visit($1) }
        }
        return false
    }
}

/// An automaton built once and embedded in many (the values of a variable), with its distinct
/// labels, which every automaton that embeds it needs for its classes.
final class SharedAutomaton: Sendable {
    let states: NondeterministicAutomaton
    let labels: [ScalarSet]

    init(_ states: NondeterministicAutomaton) {
        self.states = states
        var labels = Set<ScalarSet>()
        for state in 0..<states.stateCount {
            states.forEachEdge(of: state) { label, _ in labels.insert(label) }
        }
        self.labels = Array(labels)
    }
}

/// A nondeterministic automaton run by tracking the set of live states: time linear in the
/// input for any pattern, and no memory beyond the automaton's own. Used when determinisation
/// would exceed its budget.
struct StateSetSimulation: Sendable {
    let automaton: NondeterministicAutomaton

    func accepts(_ input: [UInt32]) -> Bool {
        var marks = [Int](repeating: -1, count: automaton.stateCount)
        var current: [Int] = []
        var next: [Int] = []
        var pending: [Int] = []
        /// Adds the states of `pending` and those their empty moves reach, each once per step.
        func close(into states: inout [Int], step: Int) {
            while let state = pending.popLast() {
                guard marks[state] != step else { continue }
                marks[state] = step
                states.append(state)
                automaton.forEachEmptyMove(of: state) { pending.append($0) }
            }
        }
        pending.append(automaton.start)
        close(into: &current, step: 0)
        for (position, value) in input.enumerated() {
            next.removeAll(keepingCapacity: true)
            for state in current {
                automaton.forEachEdge(of: state) { label, target in
                    if label.contains(value) { pending.append(target) }
                }
            }
            close(into: &next, step: position + 1)
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return current.contains(automaton.accepting)
    }
}
