#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// Scalar edges are labelled with the scalar, variable edges with the variable's id and this bit.
    private static let variableLabel: UInt32 = 1 << 31
    private var edges: TrieEdges
    /// Per node, the first of its variable children and the next variable child of its parent (-1 for none):
    /// every step of a walk asks for them, and most nodes have none.
    private var firstVariableChildren: [Int32] = [-1]
    private var nextVariableSiblings: [Int32] = [-1]
    private let values: [ValueTrie]
    /// The components in depth-first order of the trie, and where each component is.
    private(set) var componentsInTrieOrder: [Int] = []
    private(set) var positions: [Int] = []
    /// Per node, its number in depth-first order; per depth-first number, how many components end at
    /// the nodes before it, and the number after the node's subtree; per position in
    /// `componentsInTrieOrder`, the depth-first number of the component's node.
    private var depthFirstNumbers: [Int32] = []
    private var componentsBefore: [Int32] = []
    private var subtreeEndsByNumber: [Int32] = []
    private var nodeNumbers: [Int32] = []

    /// `values`: the value tries of the variables of `keys`, by id.
    init(keys: [[PathKeyToken]], values: [ValueTrie]) {
        self.values = values
        // Keys share most of their starts: half their tokens is room enough for the edges, most often.
        edges = TrieEdges(capacity: keys.reduce(0) { $0 + $1.count } / 2)
        let ends = keys.map { insert($0) }
        orderComponentsDepthFirst(ends: ends)
    }

    /// The run of the subtree of the node where the component at `position` of `componentsInTrieOrder`
    /// ends: the components whose keys start with its key, all compatible with it.
    func subtreeRun(ofComponentAt position: Int) -> Range<Int> {
        subtreeRun(ofNumber: Int(nodeNumbers[position]))
    }

    /// Runs of `componentsInTrieOrder` that together hold the components whose keys are compatible with `key`.
    /// Walks that share `followings` follow each variable from each node once.
    func compatibleRuns(with key: [PathKeyToken], sharing followings: ValueFollowings? = nil) -> [Range<Int>] {
        var found = CompatibleRuns(keyIsPrefix: true, followings: followings)
        walk(from: 0, key: key, at: 0, into: &found)
        return found.runs
    }

    /// Runs of `componentsInTrieOrder` that together hold the components whose keys some start of `text`
    /// (a whole path rather than a key, folded as it is read) expands: the components that may match it.
    func runs(startingText text: [UInt32]) -> [Range<Int>] {
        var found = CompatibleRuns(keyIsPrefix: false, followings: nil)
        walk(from: 0, key: text.lazy.map { PathKeyToken.scalar(CaseFolding.fold($0)) }, at: 0, into: &found)
        return found.runs
    }

    /// Whether `key` holds a variable: only such keys meet components beyond their own branch of the trie.
    static func hasVariable(_ key: [PathKeyToken]) -> Bool {
        key.contains { if case .variable = $0 { true } else { false } }
    }

    /// The node where `key` ends.
    private mutating func insert(_ key: [PathKeyToken]) -> Int {
        var node = 0
        for token in key {
            let label = Self.label(of: token)
            let nodeCount = edges.nodeCount
            let child = edges.addChild(of: node, along: label)
            if edges.nodeCount > nodeCount {
                firstVariableChildren.append(-1)
                nextVariableSiblings.append(-1)
                if label & Self.variableLabel != 0 {
                    nextVariableSiblings[child] = firstVariableChildren[node]
                    firstVariableChildren[node] = Int32(child)
                }
            }
            node = child
        }
        return node
    }

    @inline(__always)
    private static func label(of token: PathKeyToken) -> UInt32 {
        switch token {
        case .scalar(let scalar): scalar
        case .variable(let id): variableLabel | UInt32(id)
        }
    }

    /// Numbers the nodes in depth-first order, so that each node's subtree is one run of numbers and
    /// of components, and lists the components in that order.
    private mutating func orderComponentsDepthFirst(ends: [Int]) {
        let nodeCount = edges.nodeCount
        var numbers = [Int32](repeating: 0, count: nodeCount)
        var order: [Int32] = []
        order.reserveCapacity(nodeCount)
        // A node's children are pushed when it is numbered, so its descendants are numbered right after it.
        var stack: [Int32] = [0]
        while let node = stack.popLast() {
            numbers[Int(node)] = Int32(order.count)
            order.append(node)
            var child = edges.firstChild(of: Int(node))
            while child >= 0 {
                stack.append(Int32(child))
                child = edges.nextSibling(of: child)
            }
        }
        var sizes = [Int32](repeating: 1, count: nodeCount)
        for node in order.reversed() {
            var child = edges.firstChild(of: Int(node))
            while child >= 0 {
                sizes[Int(node)] += sizes[child]
                child = edges.nextSibling(of: child)
            }
        }
        var before = [Int32](repeating: 0, count: nodeCount + 1)
        for end in ends { before[Int(numbers[end]) + 1] += 1 }
        for number in 0..<nodeCount { before[number + 1] += before[number] }
        var next = before
        componentsInTrieOrder = Array(repeating: 0, count: ends.count)
        positions = Array(repeating: 0, count: ends.count)
        nodeNumbers = Array(repeating: 0, count: ends.count)
        for (component, end) in ends.enumerated() {
            let number = Int(numbers[end])
            let position = Int(next[number])
            next[number] += 1
            componentsInTrieOrder[position] = component
            positions[component] = position
            nodeNumbers[position] = Int32(number)
        }
        subtreeEndsByNumber = [Int32](repeating: 0, count: nodeCount)
        for node in 0..<nodeCount { subtreeEndsByNumber[Int(numbers[node])] = numbers[node] + sizes[node] }
        depthFirstNumbers = numbers
        componentsBefore = before
    }

    @inline(__always)
    private func ownRun(of node: Int) -> Range<Int> {
        let number = Int(depthFirstNumbers[node])
        return Int(componentsBefore[number])..<Int(componentsBefore[number + 1])
    }

    @inline(__always)
    private func subtreeRun(of node: Int) -> Range<Int> {
        subtreeRun(ofNumber: Int(depthFirstNumbers[node]))
    }

    @inline(__always)
    private func subtreeRun(ofNumber number: Int) -> Range<Int> {
        Int(componentsBefore[number])..<Int(componentsBefore[Int(subtreeEndsByNumber[number])])
    }

    /// Collects the components of the subtree at `node` whose keys are compatible with `key[position...]`.
    private func walk<Key: KeyText>(from node: Int, key: Key, at position: Int, into found: inout CompatibleRuns) {
        var node = node
        var position = position
        // Along literal text through nodes without variable children, a loop rather than a call per scalar.
        while position < key.count, firstVariableChildren[node] < 0, case .scalar(let scalar) = key[position] {
            found.insert(ownRun(of: node))
            let child = edges.child(of: node, along: scalar)
            guard child >= 0 else { return }
            node = child
            position += 1
        }
        found.insert(ownRun(of: node))
        guard position < key.count else {
            if found.keyIsPrefix { found.insert(subtreeRun(of: node)) }
            return
        }
        var variableChild = Int(firstVariableChildren[node])
        switch key[position] {
        case .scalar(let scalar):
            let child = edges.child(of: node, along: scalar)
            if child >= 0 { walk(from: child, key: key, at: position + 1, into: &found) }
            while variableChild >= 0 {
                followValues(of: Int(edges.labels[variableChild] & ~Self.variableLabel), along: key, from: position, then: variableChild, into: &found)
                variableChild = Int(nextVariableSiblings[variableChild])
            }
        case .variable(let id):
            while variableChild >= 0 {
                if Int(edges.labels[variableChild] & ~Self.variableLabel) == id {
                    walk(from: variableChild, key: key, at: position + 1, into: &found)
                } else {
                    found.insert(subtreeRun(of: variableChild))
                }
                variableChild = Int(nextVariableSiblings[variableChild])
            }
            let steps = found.followings?.steps(from: node, variable: id) { followTrie(from: node, values: values[id]) }
                ?? followTrie(from: node, values: values[id])
            for step in steps {
                switch step {
                case .run(let run): found.insert(run)
                case .resume(let next): resume(from: next, key: key, at: position + 1, into: &found)
                }
            }
        }
    }

    /// A variable of the trie (values `id`, subtree `child`) against the key's text from `position`:
    /// each value the text starts with resumes the walk after it; a key that ends (or meets a
    /// variable) inside a value is compatible with the whole subtree.
    private func followValues<Key: KeyText>(of id: Int, along key: Key, from position: Int, then child: Int, into found: inout CompatibleRuns) {
        let trie = values[id]
        var valueNode = 0
        var cursor = position
        while true {
            if trie.isWordEnd(valueNode) { resume(from: child, key: key, at: cursor, into: &found) }
            guard trie.edges.firstChild(of: valueNode) >= 0 else { return }
            guard cursor < key.count, case .scalar(let scalar) = key[cursor] else {
                if found.keyIsPrefix { found.insert(subtreeRun(of: child)) }
                return
            }
            valueNode = trie.edges.child(of: valueNode, along: scalar)
            guard valueNode >= 0 else { return }
            cursor += 1
        }
    }

    /// A variable of the key (`values`) against the literal branches of the trie below `node`, in
    /// the order the walk takes them: where a value ends, the key's walk resumes; components whose
    /// keys end (or meet a variable) inside a value are compatible. The steps do not depend on the
    /// rest of the key: the walks of hundreds of keys that start `/$(lang)/` take the same ones.
    private func followTrie(from node: Int, values: ValueTrie) -> [ValueFollowings.Step] {
        var steps: [ValueFollowings.Step] = []
        followTrie(from: node, valueNode: 0, values: values, into: &steps)
        return steps
    }

    private func followTrie(from node: Int, valueNode: Int, values: ValueTrie, into steps: inout [ValueFollowings.Step]) {
        if values.isWordEnd(valueNode) { steps.append(.resume(node)) }
        if valueNode != 0 {
            steps.append(run: ownRun(of: node))
            var variableChild = Int(firstVariableChildren[node])
            while variableChild >= 0 {
                steps.append(run: subtreeRun(of: variableChild))
                variableChild = Int(nextVariableSiblings[variableChild])
            }
        }
        // The branches both tries have, found from the side with fewer: a language code's trie
        // offers dozens of letters where a path goes on with a few.
        if edges.childCount(of: node) < values.edges.childCount(of: valueNode) {
            var child = edges.firstChild(of: node)
            while child >= 0 {
                let label = edges.labels[child]
                let nextValue = label & Self.variableLabel == 0 ? values.edges.child(of: valueNode, along: label) : -1
                if nextValue >= 0 { followTrie(from: child, valueNode: nextValue, values: values, into: &steps) }
                child = edges.nextSibling(of: child)
            }
        } else {
            var nextValue = values.edges.firstChild(of: valueNode)
            while nextValue >= 0 {
                let child = edges.child(of: node, along: values.edges.labels[nextValue])
                if child >= 0 { followTrie(from: child, valueNode: nextValue, values: values, into: &steps) }
                nextValue = values.edges.nextSibling(of: nextValue)
            }
        }
    }

    /// The walk after a value: values that are prefixes of one another (`a`, `aa`) reach one
    /// place by many ways, and each place is walked once.
    private func resume<Key: KeyText>(from node: Int, key: Key, at position: Int, into found: inout CompatibleRuns) {
        guard found.firstVisit(to: node, at: position, keyLength: key.count) else { return }
        walk(from: node, key: key, at: position, into: &found)
    }
}

/// What a walk reads: a key, or a text read as one without building it.
private protocol KeyText: RandomAccessCollection<PathKeyToken> where Index == Int {}

extension Array: KeyText where Element == PathKeyToken {}
extension LazyMapCollection: KeyText where Base == [UInt32], Element == PathKeyToken {}

/// What following each variable from each node of one trie found (`PathKeyTrie.followTrie`),
/// shared by the walks of an index, on any thread.
final class ValueFollowings: @unchecked Sendable {
    enum Step {
        case run(Range<Int>)
        /// The walk resumes at this node after a value.
        case resume(Int)
    }

    private let lock = Lock()
    private var known: [Int: [Step]] = [:]

    func steps(from node: Int, variable id: Int, _ follow: () -> [Step]) -> [Step] {
        let key = node << 32 | id
        if let steps = lock.withLock({ known[key] }) { return steps }
        let steps = follow()
        lock.withLock { known[key] = steps }
        return steps
    }
}

extension [ValueFollowings.Step] {
    fileprivate mutating func append(run: Range<Int>) {
        if !run.isEmpty { append(.run(run)) }
    }
}

/// The runs of components found so far, and where the walk has resumed after a value, so that no
/// place is walked twice.
private struct CompatibleRuns {
    /// False when the walked key is a whole text: components whose keys go on beyond its end cannot match it.
    let keyIsPrefix: Bool
    let followings: ValueFollowings?
    private(set) var runs: [Range<Int>] = []
    /// The places resumed at, in a list while they are few (a walk resumes after each value that a
    /// path starts with, a dozen places or so), then in a set.
    private var visitedFew: [Int] = []
    private var visited: Set<Int> = []
    private static let mostListed = 32

    init(keyIsPrefix: Bool, followings: ValueFollowings?) {
        self.keyIsPrefix = keyIsPrefix
        self.followings = followings
    }

    /// True the first time the walk reaches `node` at `position` of a key of `keyLength` tokens.
    mutating func firstVisit(to node: Int, at position: Int, keyLength: Int) -> Bool {
        let place = node * (keyLength + 1) + position
        guard visitedFew.count == Self.mostListed else {
            guard !visitedFew.contains(place) else { return false }
            // Grown one by one, the list was reallocated five times in most walks.
            if visitedFew.isEmpty { visitedFew.reserveCapacity(Self.mostListed) }
            visitedFew.append(place)
            if visitedFew.count == Self.mostListed { visited = Set(visitedFew) }
            return true
        }
        return visited.insert(place).inserted
    }

    @inline(__always)
    mutating func insert(_ run: Range<Int>) {
        if !run.isEmpty { runs.append(run) }
    }
}
