extension DeterministicAutomaton {
    /// The reachable part of the automaton whose states are `State` values and whose moves
    /// `next` gives for a member of each class of `classes`; nil when it has more than `budget`
    /// states. Every member of a class moves alike, so one member stands for its class.
    static func reachable<State: Hashable>(over classes: ScalarClasses, from start: State, budget: Int,
                                            accepting: (State) -> Bool,
                                            next: (State, UInt32) -> State) -> DeterministicAutomaton? {
        let members = classes.sets.map { $0.ranges.first?.lowerBound ?? 0 }
        var index: [State: Int] = [start: 0]
        var states = [start]
        var table: [Int32] = []
        table.reserveCapacity(members.count * 8)
        var head = 0
        while head < states.count {
            let state = states[head]
            head += 1
            for member in members {
                let target = next(state, member)
                if let known = index[target] {
                    table.append(Int32(known))
                    continue
                }
                guard states.count < budget else { return nil }
                index[target] = states.count
                states.append(target)
                table.append(Int32(states.count - 1))
            }
        }
        return DeterministicAutomaton(classes: classes, start: 0, accepting: states.map(accepting), table: table)
    }

    /// The target of `state` on the scalar `value`.
    func target(of state: Int, on value: UInt32) -> Int {
        target(of: state, onClass: classes.classIndex(of: value))
    }

    /// The intersection with `other`, or nil when it needs more than `budget` states.
    func intersection(_ other: DeterministicAutomaton, budget: Int) -> DeterministicAutomaton? {
        guard stateCount * other.stateCount <= budget else {
            let classes = ScalarClasses(separating: self.classes.sets + other.classes.sets)
            return Self.reachable(over: classes, from: Pair(left: start, right: other.start), budget: budget,
                                  accepting: { self.accepting[$0.left] && other.accepting[$0.right] },
                                  next: { Pair(left: self.target(of: $0.left, on: $1), right: other.target(of: $0.right, on: $1)) })
        }
        return product(other) { $0 && $1 }
    }
}

private struct Pair: Hashable {
    let left: Int
    let right: Int
}
