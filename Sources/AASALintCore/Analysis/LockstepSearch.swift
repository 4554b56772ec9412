/// Runs automata side by side, breadth first, over a partition that refines all of them
/// (ANALYSIS.md, "Coverage"): the subject automata must all accept; at every string they
/// accept, the *signature* is the set of other automata that accept it too. Each distinct
/// signature comes with the shortest string that reaches it, built from readable scalars.
struct LockstepSearch {
    /// A signature and the first string found with it.
    struct Branch {
        /// The ids of the other automata that accept `witness`, ascending.
        let members: [Int]
        let witness: [UInt32]
    }

    enum Outcome {
        /// Every signature of the subject's strings; none when the subject accepts nothing.
        case branches([Branch])
        /// A string of the subject that no other automaton accepts (search stopped there).
        case uncovered([UInt32])
        case overBudget
    }

    /// A nil automaton among `others` accepts everything. `stopsWhenUncovered` ends the search
    /// at the first string no other automaton accepts; otherwise the empty signature is a
    /// branch like any other.
    static func run(subject: [DeterministicAutomaton], others: [(id: Int, automaton: DeterministicAutomaton?)],
                    stopsWhenUncovered: Bool = true, budget: inout Int) -> Outcome {
        // An example URL with a literal `*` or `?` reads like a pattern (`/a/*`): first look for an
        // uncovered string without them, within the same allowance and not charged, since only
        // the example is at stake; the answer itself comes from the search over every class.
        if stopsWhenUncovered {
            var allowance = budget
            if case .uncovered(let witness)? = search(subject: subject, others: others, stopsWhenUncovered: true, plainOnly: true, budget: &allowance) {
                return .uncovered(witness)
            }
        }
        return search(subject: subject, others: others, stopsWhenUncovered: stopsWhenUncovered, plainOnly: false, budget: &budget)
            ?? .overBudget
    }

    /// The search over the classes in readable order; with `plainOnly`, over those without `*` or
    /// `?` only, and nil when no class has them (the full search says the same).
    private static func search(subject: [DeterministicAutomaton], others: [(id: Int, automaton: DeterministicAutomaton?)],
                               stopsWhenUncovered: Bool, plainOnly: Bool, budget: inout Int) -> Outcome? {
        let always = others.filter { $0.automaton == nil }.map(\.id)
        let tracked = others.compactMap { other in other.automaton.map { (id: other.id, automaton: $0) } }
        // Without other automata the subject's shortest string is the answer, and its search prefers plain strings itself.
        if plainOnly, tracked.isEmpty { return nil }
        // An absent query or fragment: the empty text, with nothing to search.
        if tracked.isEmpty, subject.allSatisfy({ $0.accepting[$0.start] }) {
            return outcome(reaching: [], signature: always.sorted(), stopsWhenUncovered: stopsWhenUncovered)
        }
        if tracked.isEmpty, subject.count > 1, let witness = shortestOfLargest(subject, budget: &budget) {
            return witness.map { outcome(reaching: $0, signature: always.sorted(), stopsWhenUncovered: stopsWhenUncovered) } ?? .overBudget
        }
        let involved = subject + tracked.map(\.automaton)
        // One automaton needs no common refinement: its own partition is one (and most
        // searches over components that share no prefix with another are of that kind).
        let classes = involved.count == 1 ? involved[0].classes : ScalarClasses(refining: involved.map(\.classes))
        let everyClass = readableOrder(of: classes)
        let readable = plainOnly ? everyClass.filter { !readsLikeWildcard($0.value) } : everyClass
        if plainOnly, readable.count == everyClass.count { return nil }
        let subjectMoves = subject.map { ClassMap($0, over: classes) }
        if tracked.isEmpty, subject.map(\.stateCount).productWithoutOverflow != nil {
            return shortest(subject: subject, moves: subjectMoves, readable: readable, budget: &budget).map { witness in
                outcome(reaching: witness, signature: always.sorted(), stopsWhenUncovered: stopsWhenUncovered)
            } ?? (budget < 0 ? .overBudget : .branches([]))
        }
        let trackedMoves = tracked.map { ClassMap($0.automaton, over: classes) }
        let width = subject.count
        // A product state is its subject states, then (slot, state) of each tracked automaton
        // not dead yet, by slot: kept end to end and looked up from a scratch buffer, so that a
        // move to a state reached before allocates nothing.
        var states = ProductStates()
        var scratch = [Int32](repeating: 0, count: width + 2 * tracked.count)
        var length = 0
        for automaton in subject {
            scratch[length] = Int32(automaton.start)
            length += 1
        }
        for slot in tracked.indices where !tracked[slot].automaton.isDead(tracked[slot].automaton.start) {
            scratch[length] = Int32(slot)
            scratch[length + 1] = Int32(tracked[slot].automaton.start)
            length += 2
        }
        _ = states.insert(scratch[..<length])
        var parents: [(state: Int, value: UInt32)] = [(-1, 0)]
        var branches: [Branch] = []
        var seenSignatures: Set<[Int]> = []
        var head = 0
        while head < states.count {
            let (base, end) = states.bounds(of: head)
            if (0..<width).allSatisfy({ subject[$0].accepting[Int(states.values[base + $0])] }) {
                var members = always
                for pair in stride(from: base + width, to: end, by: 2) {
                    let slot = Int(states.values[pair])
                    if tracked[slot].automaton.accepting[Int(states.values[pair + 1])] { members.append(tracked[slot].id) }
                }
                members.sort()
                if seenSignatures.insert(members).inserted {
                    let witness = Self.witness(to: head, parents: parents)
                    if members.isEmpty && stopsWhenUncovered { return .uncovered(witness) }
                    branches.append(Branch(members: members, witness: witness))
                }
            }
            next: for (classIndex, value) in readable {
                for position in 0..<width {
                    let target = subjectMoves[position].target(of: Int(states.values[base + position]), onClass: classIndex)
                    if subject[position].isDead(target) { continue next }
                    scratch[position] = Int32(target)
                }
                length = width
                for pair in stride(from: base + width, to: end, by: 2) {
                    let slot = Int(states.values[pair])
                    let target = trackedMoves[slot].target(of: Int(states.values[pair + 1]), onClass: classIndex)
                    if !tracked[slot].automaton.isDead(target) {
                        scratch[length] = Int32(slot)
                        scratch[length + 1] = Int32(target)
                        length += 2
                    }
                }
                guard states.insert(scratch[..<length]) else { continue }
                // A product state costs one state of each automaton still running.
                budget -= width + (length - width) / 2
                guard budget >= 0 else { return .overBudget }
                parents.append((head, value))
            }
            head += 1
        }
        return .branches(branches)
    }

    /// The subject's shortest common string, when there are no other automata to track (one
    /// signature): product states are numbered rather than hashed as arrays, since every
    /// example URL starts here. Nil when there is none or the budget ran out (then negative).
    private static func shortest(subject: [DeterministicAutomaton], moves: [ClassMap], readable: [(index: Int, value: UInt32)],
                                 budget: inout Int) -> [UInt32]? {
        let allowed = budget
        let found = shortestOver(subject: subject, moves: moves, readable: readable, budget: &budget)
        // An example URL with a literal `*` or `?` reads like a pattern (`/a/*`): look for one
        // without them, a little longer (`/a/a/`), within the same allowance and not charged,
        // so that the answers and what they cost stay those of the search over every class.
        guard let witness = found, witness.contains(where: readsLikeWildcard) else { return found }
        var allowance = allowed
        return shortestOver(subject: subject, moves: moves, readable: readable.filter { !readsLikeWildcard($0.value) }, budget: &allowance)
            ?? witness
    }

    private static func shortestOver(subject: [DeterministicAutomaton], moves: [ClassMap], readable: [(index: Int, value: UInt32)],
                                     budget: inout Int) -> [UInt32]? {
        let width = subject.count
        // States side by side in one array, `width` numbers each: no allocation per move.
        var states = subject.map(\.start)
        var targets = [Int](repeating: 0, count: width)
        func number(_ states: some Collection<Int>) -> Int {
            zip(states, subject).reduce(0) { $0 * $1.1.stateCount + $1.0 }
        }
        var parents: [(state: Int, value: UInt32)] = [(-1, 0)]
        var seen = SeenNumbers(count: subject.reduce(1) { $0 * $1.stateCount })
        _ = seen.insert(number(states))
        var head = 0
        while head < parents.count {
            let base = head * width
            if (0..<width).allSatisfy({ subject[$0].accepting[states[base + $0]] }) { return witness(to: head, parents: parents) }
            next: for (classIndex, value) in readable {
                for position in 0..<width {
                    let target = moves[position].target(of: states[base + position], onClass: classIndex)
                    if subject[position].isDead(target) { continue next }
                    targets[position] = target
                }
                guard seen.insert(number(targets)) else { continue }
                budget -= width
                guard budget >= 0 else { return nil }
                states += targets
                parents.append((head, value))
            }
            head += 1
        }
        return nil
    }

    /// `*` and `?`, the wildcards of patterns.
    private static func readsLikeWildcard(_ value: UInt32) -> Bool {
        value == UInt32(UInt8(ascii: "*")) || value == UInt32(UInt8(ascii: "?"))
    }

    private static func outcome(reaching witness: [UInt32], signature: [Int], stopsWhenUncovered: Bool) -> Outcome {
        signature.isEmpty && stopsWhenUncovered ? .uncovered(witness) : .branches([Branch(members: signature, witness: witness)])
    }

    /// The shortest string of the automaton with the most states, when the others accept it
    /// too: then it is also the shortest they share, found without a common partition. A
    /// component's shortest path is nearly always a path a URL can have. Nil when the others
    /// reject it (or it has none); `.some(nil)` over budget.
    private static func shortestOfLargest(_ automata: [DeterministicAutomaton], budget: inout Int) -> [UInt32]?? {
        guard let largest = automata.indices.max(by: { automata[$0].stateCount < automata[$1].stateCount }) else { return nil }
        let automaton = automata[largest]
        var allowance = budget
        guard let witness = shortest(subject: [automaton], moves: [ClassMap(automaton, over: automaton.classes)],
                                     readable: readableOrder(of: automaton.classes), budget: &allowance) else {
            if allowance < 0 {
                budget = allowance
                return .some(nil)
            }
            return nil
        }
        guard automata.allSatisfy({ $0.accepts(witness) }) else { return nil }
        budget = allowance
        return .some(witness)
    }

    /// The classes with their most readable members, most readable first: the order in which
    /// searches try them, so that example strings read well.
    private static func readableOrder(of classes: ScalarClasses) -> [(index: Int, value: UInt32)] {
        classes.representatives.enumerated()
            .map { (rank: rank($0.element), index: $0.offset, value: $0.element) }
            .sorted { ($0.rank, $0.value) < ($1.rank, $1.value) }
            .map { (index: $0.index, value: $0.value) }
    }

    private static func witness(to state: Int, parents: [(state: Int, value: UInt32)]) -> [UInt32] {
        var values: [UInt32] = []
        var cursor = state
        while parents[cursor].state >= 0 {
            values.append(parents[cursor].value)
            cursor = parents[cursor].state
        }
        return values.reversed()
    }

    /// Readable scalars first, and `/` before other punctuation so that paths end in `/`
    /// rather than `*`; the query marks count as `&` and `=`.
    private static func rank(_ value: UInt32) -> Int {
        value == 0x2F ? 3 : Unicode.Scalar(value).map(ScalarSet.readability(of:)) ?? 4
    }
}

/// The product states a search has reached, by number: one bit each while the product is small
/// (every example URL's search is over one automaton or two), hashed beyond.
private struct SeenNumbers {
    private var bits: [UInt64]
    private var hashed: Set<Int> = []
    private static let mostBits = 1 << 16

    init(count: Int) {
        bits = count <= Self.mostBits ? Array(repeating: 0, count: (count + 63) / 64) : []
    }

    /// True when `number` was not reached before.
    mutating func insert(_ number: Int) -> Bool {
        guard !bits.isEmpty else { return hashed.insert(number).inserted }
        let mask: UInt64 = 1 << UInt64(number & 63)
        guard bits[number >> 6] & mask == 0 else { return false }
        bits[number >> 6] |= mask
        return true
    }
}

/// The product states of a search, numbered in the order reached, each a run of `values`, with an
/// open-addressing table of their numbers by hash.
private struct ProductStates {
    private(set) var values: [Int32] = []
    /// Where each state's run starts in `values`, and where the last ends.
    private var starts: [Int] = [0]
    private var hashes: [Int] = []
    /// State numbers by hash, -1 where empty; never more than half full.
    private var table = [Int32](repeating: -1, count: 64)

    var count: Int { hashes.count }

    func bounds(of state: Int) -> (start: Int, end: Int) {
        (starts[state], starts[state + 1])
    }

    /// Adds `state` as the next number; false when it was reached before.
    mutating func insert(_ state: ArraySlice<Int32>) -> Bool {
        let hash = Self.hash(state)
        let mask = table.count - 1
        var slot = hash & mask
        while table[slot] >= 0 {
            let known = Int(table[slot])
            if hashes[known] == hash && holds(known, state) { return false }
            slot = (slot + 1) & mask
        }
        table[slot] = Int32(count)
        values += state
        starts.append(values.count)
        hashes.append(hash)
        if count * 2 > table.count { grow() }
        return true
    }

    private func holds(_ known: Int, _ state: ArraySlice<Int32>) -> Bool {
        let start = starts[known]
        guard starts[known + 1] - start == state.count else { return false }
        for (offset, value) in zip(start..., state) where values[offset] != value { return false }
        return true
    }

    private mutating func grow() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for (state, hash) in hashes.enumerated() {
            var slot = hash & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(state)
        }
    }

    private static func hash(_ state: ArraySlice<Int32>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for value in state { hash = (hash ^ UInt64(UInt32(bitPattern: value))) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}

/// An automaton's moves over a finer partition than its own.
private struct ClassMap {
    let automaton: DeterministicAutomaton
    let ownClass: [Int]

    init(_ automaton: DeterministicAutomaton, over classes: ScalarClasses) {
        self.automaton = automaton
        ownClass = classes.sets.map { automaton.classes.classIndex(of: $0.ranges[0].lowerBound) }
    }

    func target(of state: Int, onClass classIndex: Int) -> Int {
        automaton.target(of: state, onClass: ownClass[classIndex])
    }
}
