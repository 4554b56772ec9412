/// A complete deterministic automaton over the classes of a scalar partition. Every state has
/// a transition for every class (a dead state absorbs what cannot match), so running it is one
/// table look-up per scalar, and products, complements and emptiness are the textbook ones.
final class DeterministicAutomaton: Sendable {
    package let classes: ScalarClasses
    package let start: Int
    package let accepting: [Bool]
    /// `stateCount * classes.count` targets, row per state.
    private let table: [Int32]
    /// States from which no accepting state can be reached: a run may stop there.
    private let dead: [Bool]

    package var stateCount: Int { accepting.count }

    convenience init(classes: ScalarClasses, start: Int, accepting: [Bool], table: [Int32]) {
        self.init(classes: classes, start: start, accepting: accepting, table: table,
                  dead: Self.deadStates(accepting: accepting, table: table, classCount: classes.count))
    }

    /// `dead`: the states from which no accepting state can be reached, when the caller knows them.
    private init(classes: ScalarClasses, start: Int, accepting: [Bool], table: [Int32], dead: [Bool]) {
        self.classes = classes
        self.start = start
        self.accepting = accepting
        self.table = table
        self.dead = dead
    }

    /// Subset construction: the automaton, nil when it would need more than `stateBudget`
    /// states or more work than `workPerState` times as many, and the work it did either way.
    /// The work counts each class of each state built and each member of each subset formed:
    /// the time it takes, which states alone do not tell (a state of `*$(v)` holds a member for
    /// every value that may have started, and a pattern whose subsets hold thousands of states
    /// gives up after a few of them).
    static func determinising(_ automaton: NondeterministicAutomaton, classes: ScalarClasses,
                              stateBudget: Int) -> (automaton: DeterministicAutomaton?, work: Int) {
        var work = 0
        let automaton = subsetConstruction(automaton, classes: classes, stateBudget: stateBudget, work: &work)
        return (automaton, work)
    }

    private static func subsetConstruction(_ automaton: NondeterministicAutomaton, classes: ScalarClasses, stateBudget: Int,
                                           work: inout Int) -> DeterministicAutomaton? {
        let workBudget = stateBudget.multipliedReportingOverflow(by: workPerState).overflow ? Int.max : stateBudget * workPerState
        var subsets = SubsetStore()
        var table: [Int32] = []
        var accepting: [Bool] = []
        func state(for subset: [Int32]) -> Int? {
            let (state, isNew) = subsets.state(for: subset, limit: stateBudget)
            if isNew { accepting.append(subset.contains(Int32(automaton.accepting))) }
            return state
        }
        guard let start = state(for: automaton.closure(of: [automaton.start]).map(Int32.init)), let deadState = state(for: []) else { return nil }
        // Moves and closures of the states that subsets reach, each found once and kept end to
        // end, targets gathered in buckets kept from one subset to the next, and subsets built
        // with marks rather than sets: this loop is most of the time spent compiling a file.
        var moves = FlatLists(stateCount: automaton.stateCount)
        var closures = FlatLists(stateCount: automaton.stateCount)
        var marks = [Int](repeating: -1, count: automaton.stateCount)
        var generation = 0
        var buckets = [[Int32]](repeating: [], count: classes.count)
        var subset: [Int32] = []
        var next = 0
        while next < subsets.count {
            for position in subsets.positions(of: next) {
                let source = Int(subsets.members[position])
                let found = moves.positions(of: source) ?? moves.add(automaton.moves(of: source, over: classes).flatMap { [Int32($0.classIndex), Int32($0.target)] }, for: source)
                for position in stride(from: found.lowerBound, to: found.upperBound, by: 2) {
                    buckets[Int(moves.values[position])].append(moves.values[position + 1])
                }
            }
            work += classes.count
            for classIndex in 0..<classes.count {
                guard !buckets[classIndex].isEmpty else {
                    table.append(Int32(deadState))
                    continue
                }
                subset.removeAll(keepingCapacity: true)
                generation += 1
                for target in buckets[classIndex] {
                    let state = Int(target)
                    let closure = closures.positions(of: state)
                        ?? closures.add(automaton.hasEmptyMoves(state) ? automaton.closure(of: [state]).map(Int32.init) : [target], for: state)
                    for position in closure where marks[Int(closures.values[position])] != generation {
                        marks[Int(closures.values[position])] = generation
                        subset.append(closures.values[position])
                    }
                }
                buckets[classIndex].removeAll(keepingCapacity: true)
                work += subset.count
                guard work <= workBudget else { return nil }
                subset.sort()
                guard let target = state(for: subset) else { return nil }
                table.append(Int32(target))
            }
            next += 1
        }
        return DeterministicAutomaton(classes: classes, start: start, accepting: accepting, table: table)
    }

    /// The work subset construction may do per state of its budget.
    package static let workPerState = 256

    /// What subset construction builds from the Thompson automaton of a pattern of fixed
    /// scalars (`labels`: one per literal or `?`) that ends in at most one `*`, state for state
    /// and with the work it counts, without building either: most patterns of large files are
    /// such chains, and compiling them was most of the time spent deciding many URLs. Nil when
    /// subset construction would exceed its budget, which then decides how far it gets.
    static func chain(_ labels: [ScalarSet], endsInRun: Bool, stateBudget: Int) -> (automaton: DeterministicAutomaton, work: Int)? {
        let classes = ScalarClasses(separating: endsInRun ? labels + [.all] : labels)
        let width = classes.count
        let steps = labels.map { classes.classes(in: $0) }
        // The start, the empty subset, one subset per scalar; with a run, the last scalar's
        // subset holds the run's state too, and the run's state alone follows it.
        let stateCount = labels.count + (endsInRun ? 3 : 2)
        // Subset construction counts each class of each state, and each member of each subset
        // a class leads to: one per step, two into the last scalar's subset before a run.
        var work = stateCount * width + steps.reduce(0) { $0 + $1.count }
        if endsInRun { work += (steps.last?.count ?? 0) + 2 * width }
        let workBudget = stateBudget.multipliedReportingOverflow(by: workPerState).overflow ? Int.max : stateBudget * workPerState
        guard stateCount <= stateBudget, work <= workBudget else { return nil }
        let deadState: Int32 = 1
        func state(after scalars: Int) -> Int { scalars == 0 ? 0 : scalars + 1 }
        var table = [Int32](repeating: deadState, count: stateCount * width)
        for (position, step) in steps.enumerated() {
            let row = state(after: position) * width
            for classIndex in step { table[row + classIndex] = Int32(state(after: position + 1)) }
        }
        var accepting = [Bool](repeating: false, count: stateCount)
        let end = state(after: labels.count)
        accepting[end] = true
        if endsInRun {
            let run = stateCount - 1
            accepting[run] = true
            for row in [end, run] {
                table.replaceSubrange(row * width..<(row + 1) * width, with: repeatElement(Int32(run), count: width))
            }
        }
        // The empty subset is dead, and so is every state before a label that holds no scalar.
        var dead = [Bool](repeating: false, count: stateCount)
        dead[Int(deadState)] = true
        var reachesEnd = true
        for (position, step) in steps.enumerated().reversed() {
            reachesEnd = reachesEnd && !step.isEmpty
            dead[state(after: position)] = !reachesEnd
        }
        return (DeterministicAutomaton(classes: classes, start: 0, accepting: accepting, table: table, dead: dead), work)
    }

    @inline(__always)
    package func target(of state: Int, onClass classIndex: Int) -> Int {
        Int(table[state * classes.count + classIndex])
    }

    package func isDead(_ state: Int) -> Bool { dead[state] }

    package func accepts(_ input: [UInt32]) -> Bool {
        var state = start
        let width = classes.count
        for value in input {
            state = Int(table[state * width + classes.classIndex(of: value)])
            if dead[state] { return false }
        }
        return accepting[state]
    }

    /// The state reached after `input`.
    package func run(_ input: some Sequence<Unicode.Scalar>, from state: Int? = nil) -> Int {
        input.reduce(state ?? start) { target(of: $0, onClass: classes.classIndex(of: $1.value)) }
    }

    private static func deadStates(accepting: [Bool], table: [Int32], classCount: Int) -> [Bool] {
        // Predecessor lists in one array (offsets per state), built in two passes.
        var offsets = [Int](repeating: 0, count: accepting.count + 1)
        for target in table { offsets[Int(target) + 1] += 1 }
        for state in accepting.indices { offsets[state + 1] += offsets[state] }
        var predecessors = [Int](repeating: 0, count: table.count)
        var filled = offsets
        for (position, target) in table.enumerated() {
            predecessors[filled[Int(target)]] = position / classCount
            filled[Int(target)] += 1
        }
        var live = accepting
        var stack = accepting.indices.filter { accepting[$0] }
        while let state = stack.popLast() {
            for predecessor in predecessors[offsets[state]..<offsets[state + 1]] where !live[predecessor] {
                live[predecessor] = true
                stack.append(predecessor)
            }
        }
        return live.map { !$0 }
    }
}

extension DeterministicAutomaton {
    /// The language of the pair, over a partition that refines both: `combine` says which
    /// pairs of acceptance accept (`&&` for the intersection, `a && !b` for a difference).
    package func product(_ other: DeterministicAutomaton, _ combine: (Bool, Bool) -> Bool) -> DeterministicAutomaton {
        let shared = ScalarClasses(separating: classes.sets + other.classes.sets)
        let mine = shared.sets.map { classes.classIndex(of: $0.ranges[0].lowerBound) }
        let theirs = shared.sets.map { other.classes.classIndex(of: $0.ranges[0].lowerBound) }
        var index: [Int: Int] = [:]
        var pairs: [(Int, Int)] = []
        func state(_ pair: (Int, Int)) -> Int {
            let key = pair.0 * other.stateCount + pair.1
            if let known = index[key] { return known }
            index[key] = pairs.count
            pairs.append(pair)
            return pairs.count - 1
        }
        let start = state((self.start, other.start))
        var table: [Int32] = []
        var next = 0
        while next < pairs.count {
            let (left, right) = pairs[next]
            for classIndex in 0..<shared.count {
                table.append(Int32(state((target(of: left, onClass: mine[classIndex]),
                                          other.target(of: right, onClass: theirs[classIndex])))))
            }
            next += 1
        }
        let accepting = pairs.map { combine(self.accepting[$0.0], other.accepting[$0.1]) }
        return DeterministicAutomaton(classes: shared, start: start, accepting: accepting, table: table)
    }

    package var isEmpty: Bool { dead[start] }

    /// A shortest accepted string, built from readable members of each class; nil when empty.
    package func shortestWitness(from origin: Int? = nil) -> String? {
        let origin = origin ?? start
        guard !dead[origin] else { return nil }
        let order = classes.sets.indices
            .compactMap { index in classes.sets[index].representative.map { (index, $0) } }
            .sorted { ScalarSet.readability(of: $0.1) < ScalarSet.readability(of: $1.1) }
        var previous: [Int: (state: Int, scalar: Unicode.Scalar)] = [:]
        var queue = [origin]
        var seen: Set<Int> = [origin]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            if accepting[state] {
                var scalars: [Unicode.Scalar] = []
                var cursor = state
                while cursor != origin, let step = previous[cursor] {
                    scalars.append(step.scalar)
                    cursor = step.state
                }
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars.reversed())
                return String(view)
            }
            for (classIndex, scalar) in order {
                let target = target(of: state, onClass: classIndex)
                guard !dead[target], seen.insert(target).inserted else { continue }
                previous[target] = (state, scalar)
                queue.append(target)
            }
        }
        return nil
    }

    /// True when every string is accepted from `origin` on (from the start by default).
    package func acceptsEverything(from origin: Int? = nil) -> Bool {
        var seen: Set<Int> = [origin ?? start]
        var stack = [origin ?? start]
        while let state = stack.popLast() {
            guard accepting[state] else { return false }
            for classIndex in 0..<classes.count where seen.insert(target(of: state, onClass: classIndex)).inserted {
                stack.append(target(of: state, onClass: classIndex))
            }
        }
        return true
    }
}

/// The subsets of a subset construction, kept end to end and found by a hash of their members:
/// looking one up allocates nothing and hashes one number.
private struct SubsetStore {
    private(set) var members: [Int32] = []
    private var starts = [0]
    private var firstWithHash: [Int: Int32] = [:]
    private var nextWithSameHash: [Int32] = []

    var count: Int { starts.count - 1 }

    func positions(of state: Int) -> Range<Int> {
        starts[state]..<starts[state + 1]
    }

    /// The state of the sorted `subset`, and whether it is new; nil when it would be new and
    /// `limit` states exist already.
    mutating func state(for subset: [Int32], limit: Int) -> (state: Int?, isNew: Bool) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for member in subset { hash = (hash ^ UInt64(UInt32(bitPattern: member))) &* 0x100_0000_01B3 }
        let key = Int(truncatingIfNeeded: hash)
        var candidate = firstWithHash[key] ?? -1
        while candidate >= 0 {
            if members[positions(of: Int(candidate))].elementsEqual(subset) { return (Int(candidate), false) }
            candidate = nextWithSameHash[Int(candidate)]
        }
        guard count < limit else { return (nil, false) }
        nextWithSameHash.append(firstWithHash[key] ?? -1)
        firstWithHash[key] = Int32(count)
        members += subset
        starts.append(members.count)
        return (count - 1, true)
    }
}

/// Lists of numbers for some of the states of an automaton, each found once and kept end to end.
private struct FlatLists {
    private(set) var values: [Int32] = []
    private var ranges: [Range<Int>?]

    init(stateCount: Int) {
        ranges = Array(repeating: nil, count: stateCount)
    }

    func positions(of state: Int) -> Range<Int>? {
        ranges[state]
    }

    mutating func add(_ list: [Int32], for state: Int) -> Range<Int> {
        let range = values.count..<values.count + list.count
        values += list
        ranges[state] = range
        return range
    }
}
