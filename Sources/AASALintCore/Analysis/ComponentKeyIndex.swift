/// The rules of one entry in a trie of their path keys (`PathKeyToken`): two rules whose keys
/// disagree before either ends match no common path, so the analysis never compares them. In
/// real files this removes almost every pair. A variable meets literal text by its values, so
/// `/$(lang)/shop/*` and `/shoes/*` disagree too; where two different variables meet, the
/// rules are taken to be compatible.
///
/// Every compatible rule lies in a run of the trie's rules in depth-first order (the rules of a
/// node, or of its subtree), and the index keeps those runs rather than the pairs: thousands of
/// rules that all meet (`/*/a1`, `/*/a2`, ...) would otherwise take memory in the square of
/// their number before any budget could stop the analysis.
struct ComponentKeyIndex: Sendable {
    private struct Node {
        var scalarChildren: [UInt32: Int] = [:]
        var variableChildren: [Int: Int] = [:]
        var rulesEndingHere: [Int] = []
    }

    private var nodes = [Node()]
    private let keys: [[PathKeyToken]]
    private let values: [ValueTrie]
    /// The rules in depth-first order of the trie, the run of each node's own rules and of its
    /// subtree in it, and where each rule is.
    private var rulesInTrieOrder: [Int] = []
    private var ownRanges: [Range<Int>] = []
    private var subtreeRanges: [Range<Int>] = []
    private var positions: [Int] = []
    /// Per rule, runs of `rulesInTrieOrder` that together hold exactly the rules compatible with
    /// it (itself included; runs may overlap).
    private var compatibleRuns: [[Range<Int>]] = []
    private static let smallestParallelIndex = 256

    init(keys: [[PathKeyToken]], vocabulary: PathKeyVocabulary) {
        self.keys = keys
        values = vocabulary.values
        for (rule, key) in keys.enumerated() { insert(key, of: rule) }
        orderRulesDepthFirst()
        let trie = self
        let walk = { @Sendable (rule: Int) -> [Range<Int>] in
            var found = CompatibleRuns()
            trie.walk(from: 0, key: keys[rule], at: 0, into: &found)
            return found.runs
        }
        // The walks only read the trie; on large files they take a share of the analysis worth spreading.
        compatibleRuns = keys.count < Self.smallestParallelIndex ? keys.indices.map(walk) : Array(keys.indices).parallelMap(walk)
    }

    private mutating func insert(_ key: [PathKeyToken], of rule: Int) {
        var node = 0
        for token in key {
            let existing: Int? = switch token {
            case .scalar(let scalar): nodes[node].scalarChildren[scalar]
            case .variable(let id): nodes[node].variableChildren[id]
            }
            if let existing {
                node = existing
                continue
            }
            nodes.append(Node())
            switch token {
            case .scalar(let scalar): nodes[node].scalarChildren[scalar] = nodes.count - 1
            case .variable(let id): nodes[node].variableChildren[id] = nodes.count - 1
            }
            node = nodes.count - 1
        }
        nodes[node].rulesEndingHere.append(rule)
    }

    /// Lists the rules in depth-first order, so that each node's subtree is one run of them.
    private mutating func orderRulesDepthFirst() {
        subtreeRanges = Array(repeating: 0..<0, count: nodes.count)
        ownRanges = Array(repeating: 0..<0, count: nodes.count)
        var stack = [(node: 0, leaving: false)]
        while let (node, leaving) = stack.popLast() {
            if leaving {
                subtreeRanges[node] = subtreeRanges[node].lowerBound..<rulesInTrieOrder.count
                continue
            }
            subtreeRanges[node] = rulesInTrieOrder.count..<rulesInTrieOrder.count
            ownRanges[node] = rulesInTrieOrder.count..<rulesInTrieOrder.count + nodes[node].rulesEndingHere.count
            rulesInTrieOrder += nodes[node].rulesEndingHere
            stack.append((node, true))
            stack += nodes[node].scalarChildren.values.map { ($0, false) } + nodes[node].variableChildren.values.map { ($0, false) }
        }
        positions = Array(repeating: 0, count: keys.count)
        for (position, rule) in rulesInTrieOrder.enumerated() { positions[rule] = position }
    }

    /// The rules in groups, each ascending and the groups by their first rule, such that rules
    /// of different groups share no path: the connected parts of the compatibility relation.
    /// Joining each rule to its runs, and the members of each run to one another once, takes
    /// time in the number of runs and rules, not of pairs.
    func groups() -> [[Int]] {
        var parts = Partition(count: rulesInTrieOrder.count)
        for rule in keys.indices {
            for run in compatibleRuns[rule] where !run.isEmpty {
                parts.join(positions[rule], run.lowerBound)
                parts.joinRun(run)
            }
        }
        var groups: [Int: [Int]] = [:]
        for rule in keys.indices { groups[parts.root(of: positions[rule]), default: []].append(rule) }
        return groups.values.sorted { $0[0] < $1[0] }
    }

    /// Lists the earlier compatible rules of the rules of a group, asked in ascending order.
    struct EarlierRules {
        private let index: ComponentKeyIndex
        /// The positions in trie order of the rules listed so far.
        private var listed: [UInt64]

        init(_ index: ComponentKeyIndex) {
            self.index = index
            listed = Array(repeating: 0, count: (index.rulesInTrieOrder.count + 63) / 64)
        }

        /// The earlier rules compatible with `rule`, ascending, when every earlier rule of its
        /// group was listed before. The runs are read a word of positions at a time and only
        /// the rules listed so far are taken: listing costs what it lists plus a sixty-fourth
        /// of the runs, however many later rules they hold.
        mutating func of(_ rule: Int) -> [Int] {
            var found: [Int] = []
            for run in index.compatibleRuns[rule] where !run.isEmpty {
                for word in (run.lowerBound >> 6)...((run.upperBound - 1) >> 6) where listed[word] != 0 {
                    var bits = listed[word]
                    while bits != 0 {
                        let position = word << 6 + bits.trailingZeroBitCount
                        bits &= bits - 1
                        if run.contains(position) { found.append(index.rulesInTrieOrder[position]) }
                    }
                }
            }
            let position = index.positions[rule]
            listed[position >> 6] |= 1 << UInt64(position & 63)
            found.sort()
            return found.enumerated().compactMap { offset, other in offset > 0 && found[offset - 1] == other ? nil : other }
        }
    }

    /// Collects the rules of the subtree at `node` whose keys are compatible with `key[position...]`.
    private func walk(from node: Int, key: [PathKeyToken], at position: Int, into found: inout CompatibleRuns) {
        found.insert(ownRanges[node])
        guard position < key.count else {
            collectSubtree(node, into: &found)
            return
        }
        switch key[position] {
        case .scalar(let scalar):
            if let child = nodes[node].scalarChildren[scalar] { walk(from: child, key: key, at: position + 1, into: &found) }
            for (id, child) in nodes[node].variableChildren {
                followValues(of: id, along: key, from: position, then: child, into: &found)
            }
        case .variable(let id):
            for (other, child) in nodes[node].variableChildren {
                if other == id {
                    walk(from: child, key: key, at: position + 1, into: &found)
                } else {
                    collectSubtree(child, into: &found)
                }
            }
            followTrie(from: node, valueNode: 0, values: values[id], key: key, resumingAt: position + 1, into: &found)
        }
    }

    /// A variable of the trie (values `id`, subtree `child`) against the key's text from `position`:
    /// each value the text starts with resumes the walk after it; a key that ends (or meets a
    /// variable) inside a value is compatible with the whole subtree.
    private func followValues(of id: Int, along key: [PathKeyToken], from position: Int, then child: Int, into found: inout CompatibleRuns) {
        let trie = values[id]
        var valueNode = 0
        var cursor = position
        while true {
            if trie.nodes[valueNode].isWordEnd { resume(from: child, key: key, at: cursor, into: &found) }
            guard !trie.nodes[valueNode].children.isEmpty else { return }
            guard cursor < key.count, case .scalar(let scalar) = key[cursor] else {
                collectSubtree(child, into: &found)
                return
            }
            guard let next = trie.nodes[valueNode].children[scalar] else { return }
            valueNode = next
            cursor += 1
        }
    }

    /// A variable of the key (`values`) against the literal branches of the trie below `node`:
    /// where a value ends, the key's walk resumes; rules whose keys end (or meet a variable)
    /// inside a value are compatible.
    private func followTrie(from node: Int, valueNode: Int, values: ValueTrie, key: [PathKeyToken], resumingAt position: Int,
                            into found: inout CompatibleRuns) {
        let isStart = valueNode == 0
        if values.nodes[valueNode].isWordEnd { resume(from: node, key: key, at: position, into: &found) }
        if !isStart {
            found.insert(ownRanges[node])
            for child in nodes[node].variableChildren.values { collectSubtree(child, into: &found) }
        }
        for (scalar, nextValue) in values.nodes[valueNode].children {
            guard let child = nodes[node].scalarChildren[scalar] else { continue }
            followTrie(from: child, valueNode: nextValue, values: values, key: key, resumingAt: position, into: &found)
        }
    }

    /// The walk after a value: values that are prefixes of one another (`a`, `aa`) reach one
    /// place by many ways, and each place is walked once.
    private func resume(from node: Int, key: [PathKeyToken], at position: Int, into found: inout CompatibleRuns) {
        guard found.firstVisit(to: node, at: position, keyLength: key.count) else { return }
        walk(from: node, key: key, at: position, into: &found)
    }

    private func collectSubtree(_ node: Int, into found: inout CompatibleRuns) {
        found.insert(subtreeRanges[node])
    }
}

/// The runs of rules found so far, and where the walk has resumed after a value, so that no
/// place is walked twice.
private struct CompatibleRuns {
    private(set) var runs: [Range<Int>] = []
    private var visited: Set<Int> = []

    /// True the first time the walk reaches `node` at `position` of a key of `keyLength` tokens.
    mutating func firstVisit(to node: Int, at position: Int, keyLength: Int) -> Bool {
        visited.insert(node * (keyLength + 1) + position).inserted
    }

    mutating func insert(_ run: Range<Int>) {
        if !run.isEmpty { runs.append(run) }
    }
}

/// Positions joined into parts (union-find), where a run of consecutive positions is joined in
/// time for the positions not joined to their successor yet.
private struct Partition {
    private var leader: [Int]
    /// The first position at or after each that is not yet joined to the next one.
    private var unjoined: [Int]

    init(count: Int) {
        leader = Array(0..<count)
        unjoined = Array(0...count)
    }

    mutating func root(of position: Int) -> Int {
        var current = position
        while leader[current] != current {
            leader[current] = leader[leader[current]]
            current = leader[current]
        }
        return current
    }

    mutating func join(_ first: Int, _ second: Int) {
        let (one, other) = (root(of: first), root(of: second))
        if one != other { leader[max(one, other)] = min(one, other) }
    }

    mutating func joinRun(_ run: Range<Int>) {
        var position = firstUnjoined(from: run.lowerBound)
        while position + 1 < run.upperBound {
            join(position, position + 1)
            unjoined[position] = position + 1
            position = firstUnjoined(from: position + 1)
        }
    }

    private mutating func firstUnjoined(from position: Int) -> Int {
        var found = position
        while unjoined[found] != found { found = unjoined[found] }
        var current = position
        while unjoined[current] != found {
            let next = unjoined[current]
            unjoined[current] = found
            current = next
        }
        return found
    }
}
