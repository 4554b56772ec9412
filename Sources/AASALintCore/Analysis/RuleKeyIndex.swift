/// The rules of one entry in a trie of their path keys (`PathKeyToken`): two rules whose keys
/// disagree before either ends match no common path, so the analysis never compares them. In
/// real files this removes almost every pair. A variable meets literal text by its values, so
/// `/$(lang)/shoes/*` and `/shoes/*` disagree too; where two different variables meet, the
/// rules are taken to be compatible.
struct RuleKeyIndex {
    private struct Node {
        var scalarChildren: [UInt32: Int] = [:]
        var variableChildren: [Int: Int] = [:]
        var rulesEndingHere: [Int] = []
    }

    private var nodes = [Node()]
    private let keys: [[PathKeyToken]]
    private let values: [ValueTrie]
    private var earlierCompatible: [[Int]] = []
    /// The rules in depth-first order of the trie, and the run of them below each node.
    private var rulesInTrieOrder: [Int] = []
    private var subtreeRanges: [Range<Int>] = []
    private static let smallestParallelIndex = 256

    init(keys: [[PathKeyToken]], vocabulary: PathKeyVocabulary) {
        self.keys = keys
        values = vocabulary.values
        for (rule, key) in keys.enumerated() { insert(key, of: rule) }
        orderRulesDepthFirst()
        let trie = self
        let walk = { @Sendable (rule: Int) -> [Int] in
            var found = CompatibleRules(count: keys.count)
            trie.walk(from: 0, key: keys[rule], at: 0, into: &found)
            return found.members(before: rule)
        }
        // The walks only read the trie; on large files they take a share of the analysis worth spreading.
        earlierCompatible = keys.count < Self.smallestParallelIndex ? keys.indices.map(walk) : Array(keys.indices).parallelMap(walk)
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
        var stack = [(node: 0, leaving: false)]
        while let (node, leaving) = stack.popLast() {
            if leaving {
                subtreeRanges[node] = subtreeRanges[node].lowerBound..<rulesInTrieOrder.count
                continue
            }
            subtreeRanges[node] = rulesInTrieOrder.count..<rulesInTrieOrder.count
            rulesInTrieOrder += nodes[node].rulesEndingHere
            stack.append((node, true))
            stack += nodes[node].scalarChildren.values.map { ($0, false) } + nodes[node].variableChildren.values.map { ($0, false) }
        }
    }

    /// The earlier rules whose key is compatible with that of `rule`, ascending.
    func earlierRules(compatibleWith rule: Int) -> [Int] {
        earlierCompatible[rule]
    }

    /// The rules in groups, each ascending and the groups by their first rule, such that rules
    /// of different groups share no path: the connected parts of the compatibility relation.
    func groups() -> [[Int]] {
        var leader = Array(keys.indices)
        func root(_ rule: Int) -> Int {
            var current = rule
            while leader[current] != current {
                leader[current] = leader[leader[current]]
                current = leader[current]
            }
            return current
        }
        for rule in keys.indices {
            for other in earlierCompatible[rule] {
                let (first, second) = (root(rule), root(other))
                if first != second { leader[max(first, second)] = min(first, second) }
            }
        }
        var groups: [Int: [Int]] = [:]
        for rule in keys.indices { groups[root(rule), default: []].append(rule) }
        return groups.keys.sorted().map { groups[$0] ?? [] }
    }

    /// Collects the rules of the subtree at `node` whose keys are compatible with `key[position...]`.
    private func walk(from node: Int, key: [PathKeyToken], at position: Int, into found: inout CompatibleRules) {
        found.insert(nodes[node].rulesEndingHere)
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
    private func followValues(of id: Int, along key: [PathKeyToken], from position: Int, then child: Int, into found: inout CompatibleRules) {
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
                            into found: inout CompatibleRules) {
        let isStart = valueNode == 0
        if values.nodes[valueNode].isWordEnd { resume(from: node, key: key, at: position, into: &found) }
        if !isStart {
            found.insert(nodes[node].rulesEndingHere)
            for child in nodes[node].variableChildren.values { collectSubtree(child, into: &found) }
        }
        for (scalar, nextValue) in values.nodes[valueNode].children {
            guard let child = nodes[node].scalarChildren[scalar] else { continue }
            followTrie(from: child, valueNode: nextValue, values: values, key: key, resumingAt: position, into: &found)
        }
    }

    /// The walk after a value: values that are prefixes of one another (`a`, `aa`) reach one
    /// place by many ways, and each place is walked once.
    private func resume(from node: Int, key: [PathKeyToken], at position: Int, into found: inout CompatibleRules) {
        guard found.firstVisit(to: node, at: position, keyLength: key.count) else { return }
        walk(from: node, key: key, at: position, into: &found)
    }

    private func collectSubtree(_ node: Int, into found: inout CompatibleRules) {
        found.insert(rulesInTrieOrder[subtreeRanges[node]])
    }
}

/// The rules found so far, as bits: rules are found many times over, and listed once. Also
/// where the walk has resumed after a value, so that no place is walked twice.
private struct CompatibleRules {
    private var words: [UInt64]
    private var visited: Set<Int> = []

    /// True the first time the walk reaches `node` at `position` of a key of `keyLength` tokens.
    mutating func firstVisit(to node: Int, at position: Int, keyLength: Int) -> Bool {
        visited.insert(node * (keyLength + 1) + position).inserted
    }

    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    mutating func insert(_ rules: some Collection<Int>) {
        for rule in rules { words[rule >> 6] |= 1 << UInt64(rule & 63) }
    }

    /// The rules found that come before `limit`, ascending.
    func members(before limit: Int) -> [Int] {
        var found: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                let rule = index << 6 + remaining.trailingZeroBitCount
                guard rule < limit else { return found }
                found.append(rule)
                remaining &= remaining - 1
            }
        }
        return found
    }
}
