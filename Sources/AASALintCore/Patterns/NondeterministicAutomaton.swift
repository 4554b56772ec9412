/// A Thompson automaton: transitions labelled with scalar sets, plus empty moves; one start
/// and one accepting state. Patterns compile to this first; `DeterministicAutomaton` is built
/// from it.
public struct NondeterministicAutomaton: Sendable {
    public private(set) var edges: [[(label: ScalarSet, target: Int)]] = []
    public private(set) var emptyMoves: [[Int]] = []
    public private(set) var start = 0
    public private(set) var accepting = 0

    public init() {}

    public var stateCount: Int { edges.count }

    public mutating func addState() -> Int {
        edges.append([])
        emptyMoves.append([])
        return edges.count - 1
    }

    public mutating func addEdge(from source: Int, on label: ScalarSet, to target: Int) {
        guard !label.isEmpty else { return }
        edges[source].append((label, target))
    }

    public mutating func addEmptyMove(from source: Int, to target: Int) {
        emptyMoves[source].append(target)
    }

    public mutating func setEnds(start: Int, accepting: Int) {
        self.start = start
        self.accepting = accepting
    }

    /// The states reachable from `states` by empty moves, sorted.
    func closure(of states: some Sequence<Int>) -> [Int] {
        var seen = Set<Int>()
        var stack = Array(states)
        while let state = stack.popLast() {
            guard seen.insert(state).inserted else { continue }
            stack += emptyMoves[state]
        }
        return seen.sorted()
    }

    /// Per state, its edges split into one move per class of `classes` (before empty moves).
    func movesByClass(over classes: ScalarClasses) -> [[(classIndex: Int, target: Int)]] {
        edges.map { edges in
            edges.flatMap { edge in classes.classes(in: edge.label).map { (classIndex: $0, target: edge.target) } }
        }
    }

    /// Per state, the targets of its edges by class of `classes` (before empty moves).
    func moves(over classes: ScalarClasses) -> [[Int: [Int]]] {
        edges.map { edges in
            var byClass: [Int: [Int]] = [:]
            for edge in edges {
                for classIndex in classes.classes(in: edge.label) {
                    byClass[classIndex, default: []].append(edge.target)
                }
            }
            return byClass
        }
    }
}

/// A nondeterministic automaton over the classes of a partition, run by tracking the set of
/// live states: time linear in the input for any pattern, used when determinisation would
/// exceed its budget.
struct StateSetSimulation: Sendable {
    let classes: ScalarClasses
    /// Per state: (class -> targets), already closed under empty moves.
    private let moves: [[Int: [Int]]]
    private let startSet: [Int]
    private let accepting: Int
    private let stateCount: Int

    init(_ automaton: NondeterministicAutomaton, classes: ScalarClasses) {
        self.classes = classes
        stateCount = automaton.stateCount
        accepting = automaton.accepting
        startSet = automaton.closure(of: [automaton.start])
        moves = automaton.moves(over: classes).map { byClass in byClass.mapValues { automaton.closure(of: $0) } }
    }

    func accepts(_ input: [UInt32]) -> Bool {
        var current = startSet
        var marks = [Int](repeating: -1, count: stateCount)
        for (position, value) in input.enumerated() {
            let classIndex = classes.classIndex(of: value)
            var next: [Int] = []
            for state in current {
                for target in moves[state][classIndex] ?? [] where marks[target] != position {
                    marks[target] = position
                    next.append(target)
                }
            }
            if next.isEmpty { return false }
            current = next
        }
        return current.contains(accepting)
    }
}
