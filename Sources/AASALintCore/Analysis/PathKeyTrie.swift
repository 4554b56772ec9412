/// The path keys of some components in a trie, walked with another key to find the
/// components whose keys are compatible with it (neither disagrees with the other before one
/// ends). A variable meets literal text by its values; where two different variables meet,
/// the keys are taken to be compatible. The order analysis walks it with each component's
/// key, `ComponentIndex` with a URL's path.
///
/// Every compatible component lies in a run of the trie's components in depth-first order
/// (the components of a node, or of its subtree), and a walk answers those runs rather than
/// the components themselves.
struct PathKeyTrie: Sendable {
    private struct Node {
        var scalarChildren: [UInt32: Int] = [:]
        var variableChildren: [Int: Int] = [:]
        var componentsEndingHere: [Int] = []
    }

    private var nodes = [Node()]
    private let values: [ValueTrie]
    /// The components in depth-first order of the trie, the run of each node's own components and of its
    /// subtree in it, and where each component is.
    private(set) var componentsInTrieOrder: [Int] = []
    private var ownRanges: [Range<Int>] = []
    private var subtreeRanges: [Range<Int>] = []
    private(set) var positions: [Int] = []

    /// `values`: the value tries of the variables of `keys`, by id.
    init(keys: [[PathKeyToken]], values: [ValueTrie]) {
        self.values = values
        for (component, key) in keys.enumerated() { insert(key, of: component) }
        orderComponentsDepthFirst(count: keys.count)
    }

    /// Runs of `componentsInTrieOrder` that together hold the components whose keys are compatible with `key`.
    func compatibleRuns(with key: [PathKeyToken]) -> [Range<Int>] {
        var found = CompatibleRuns(keyIsPrefix: true)
        walk(from: 0, key: key, at: 0, into: &found)
        return found.runs
    }

    /// Runs of `componentsInTrieOrder` that together hold the components whose keys some start of `text`
    /// (folded scalars, a whole path rather than a key) expands: the components that may match it.
    func runs(startingText text: [PathKeyToken]) -> [Range<Int>] {
        var found = CompatibleRuns(keyIsPrefix: false)
        walk(from: 0, key: text, at: 0, into: &found)
        return found.runs
    }

    private mutating func insert(_ key: [PathKeyToken], of component: Int) {
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
        nodes[node].componentsEndingHere.append(component)
    }

    /// Lists the components in depth-first order, so that each node's subtree is one run of them.
    private mutating func orderComponentsDepthFirst(count: Int) {
        subtreeRanges = Array(repeating: 0..<0, count: nodes.count)
        ownRanges = Array(repeating: 0..<0, count: nodes.count)
        var stack = [(node: 0, leaving: false)]
        while let (node, leaving) = stack.popLast() {
            if leaving {
                subtreeRanges[node] = subtreeRanges[node].lowerBound..<componentsInTrieOrder.count
                continue
            }
            subtreeRanges[node] = componentsInTrieOrder.count..<componentsInTrieOrder.count
            ownRanges[node] = componentsInTrieOrder.count..<componentsInTrieOrder.count + nodes[node].componentsEndingHere.count
            componentsInTrieOrder += nodes[node].componentsEndingHere
            stack.append((node, true))
            stack += nodes[node].scalarChildren.values.map { ($0, false) } + nodes[node].variableChildren.values.map { ($0, false) }
        }
        positions = Array(repeating: 0, count: count)
        for (position, component) in componentsInTrieOrder.enumerated() { positions[component] = position }
    }

    /// Collects the components of the subtree at `node` whose keys are compatible with `key[position...]`.
    private func walk(from node: Int, key: [PathKeyToken], at position: Int, into found: inout CompatibleRuns) {
        found.insert(ownRanges[node])
        guard position < key.count else {
            if found.keyIsPrefix { collectSubtree(node, into: &found) }
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
                if found.keyIsPrefix { collectSubtree(child, into: &found) }
                return
            }
            guard let next = trie.nodes[valueNode].children[scalar] else { return }
            valueNode = next
            cursor += 1
        }
    }

    /// A variable of the key (`values`) against the literal branches of the trie below `node`:
    /// where a value ends, the key's walk resumes; components whose keys end (or meet a variable)
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

/// The runs of components found so far, and where the walk has resumed after a value, so that no
/// place is walked twice.
private struct CompatibleRuns {
    /// False when the walked key is a whole text: components whose keys go on beyond its end cannot match it.
    let keyIsPrefix: Bool
    private(set) var runs: [Range<Int>] = []
    private var visited: Set<Int> = []

    init(keyIsPrefix: Bool) {
        self.keyIsPrefix = keyIsPrefix
    }

    /// True the first time the walk reaches `node` at `position` of a key of `keyLength` tokens.
    mutating func firstVisit(to node: Int, at position: Int, keyLength: Int) -> Bool {
        visited.insert(node * (keyLength + 1) + position).inserted
    }

    mutating func insert(_ run: Range<Int>) {
        if !run.isEmpty { runs.append(run) }
    }
}
