#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
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
    private var firstVariableChildren: [Int32]
    private var nextVariableSiblings: [Int32]
    private let values: [ValueTrie]
    /// The components in depth-first order of the trie, and where each component is.
    let componentsInTrieOrder: [Int]
    let positions: [Int]
    /// Nodes are numbered in depth-first order. Per node, how many components end at the nodes
    /// before it (one more entry: all of them), and the number after its subtree; per position in
    /// `componentsInTrieOrder`, the node where the component's key ends.
    private var componentsBefore: [Int32]
    private var subtreeEnds: [Int32]
    private var nodeNumbers: [Int32]

    /// `values`: the value tries of the variables of `keys`, by id.
    ///
    /// The keys are taken in lexicographic order, each branching from the one before where they
    /// part: every node is then made once, in depth-first order, with no search for the children
    /// that keys share, and a subtree ends where the keys leave its start. Inserting the keys one
    /// by one searched a child per token and numbered the nodes in a second pass, most of the
    /// cost of the index of a large file.
    init(keys: [[PathKeyToken]], values: [ValueTrie]) {
        self.values = values
        let labels = KeyLabels(keys)
        let order = labels.lexicographicOrder()
        let shared = labels.sharedLengths(along: order)
        var nodeCount = 1
        for (position, component) in order.enumerated() { nodeCount += labels.count(of: component) - shared[position] }
        var parents = [Int32](repeating: 0, count: nodeCount)
        var nodeLabels = [UInt32](repeating: 0, count: nodeCount)
        var subtreeEnds = [Int32](repeating: Int32(nodeCount), count: nodeCount)
        var nodeNumbers = [Int32](repeating: 0, count: order.count)
        parents.withUnsafeMutableBufferPointer { parents in
            nodeLabels.withUnsafeMutableBufferPointer { nodeLabels in
                subtreeEnds.withUnsafeMutableBufferPointer { subtreeEnds in
                    nodeNumbers.withUnsafeMutableBufferPointer { nodeNumbers in
                        labels.makeNodes(in: order, shared: shared, parents: parents, labels: nodeLabels, subtreeEnds: subtreeEnds, ends: nodeNumbers)
                    }
                }
            }
        }
        var firstVariableChildren = [Int32](repeating: -1, count: nodeCount)
        var nextVariableSiblings = [Int32](repeating: -1, count: nodeCount)
        for node in nodeLabels.indices.reversed() where nodeLabels[node] & Self.variableLabel != 0 {
            let parent = Int(parents[node])
            nextVariableSiblings[node] = firstVariableChildren[parent]
            firstVariableChildren[parent] = Int32(node)
        }
        var componentsBefore = [Int32](repeating: Int32(order.count), count: nodeCount + 1)
        for position in order.indices.reversed() { componentsBefore[Int(nodeNumbers[position])] = Int32(position) }
        // A node where no key ends has as many components before it as the node after it.
        for node in stride(from: nodeCount - 1, through: 0, by: -1) { componentsBefore[node] = min(componentsBefore[node], componentsBefore[node + 1]) }
        var positions = [Int](repeating: 0, count: order.count)
        for (position, component) in order.enumerated() { positions[component] = position }
        edges = TrieEdges(parents: parents, labels: nodeLabels)
        self.firstVariableChildren = firstVariableChildren
        self.nextVariableSiblings = nextVariableSiblings
        self.subtreeEnds = subtreeEnds
        self.nodeNumbers = nodeNumbers
        self.componentsBefore = componentsBefore
        self.positions = positions
        componentsInTrieOrder = order
    }

    /// The run of the subtree of the node where the component at `position` of `componentsInTrieOrder`
    /// ends: the components whose keys start with its key, all compatible with it.
    func subtreeRun(ofComponentAt position: Int) -> Range<Int> {
        subtreeRun(of: Int(nodeNumbers[position]))
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

    @inline(__always)
    fileprivate static func label(of token: PathKeyToken) -> UInt32 {
        switch token {
        case .scalar(let scalar): scalar
        case .variable(let id): variableLabel | UInt32(id)
        }
    }

    @inline(__always)
    private func ownRun(of node: Int) -> Range<Int> {
        Int(componentsBefore[node])..<Int(componentsBefore[node + 1])
    }

    @inline(__always)
    private func subtreeRun(of node: Int) -> Range<Int> {
        Int(componentsBefore[node])..<Int(componentsBefore[Int(subtreeEnds[node])])
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

/// Keys as the trie labels their edges, in one array: what ordering them compares.
private struct KeyLabels {
    private var labels: [UInt32] = []
    /// Where each key starts in `labels`, and one more: where the last ends.
    private var starts: [Int] = [0]
    private(set) var longest = 0

    init(_ keys: [[PathKeyToken]]) {
        labels.reserveCapacity(keys.reduce(0) { $0 + $1.count })
        starts.reserveCapacity(keys.count + 1)
        for key in keys {
            for token in key { labels.append(PathKeyTrie.label(of: token)) }
            starts.append(labels.count)
            longest = max(longest, key.count)
        }
    }

    func count(of key: Int) -> Int { starts[key + 1] - starts[key] }

    func tokens(of key: Int) -> ArraySlice<UInt32> { labels[starts[key]..<starts[key + 1]] }

    /// The keys' numbers, ordered so that keys that start alike are together, each key before
    /// those it starts, equal keys by number: the order of their bytes, compared by `memcmp`,
    /// which is not the order of the labels' values but is as good for a trie.
    func lexicographicOrder() -> [Int] {
        labels.withUnsafeBytes { bytes in
            starts.withUnsafeBufferPointer { starts in
                Self.mergeSorted(Array(starts.indices.dropLast())) { one, other in
                    let (start, otherStart) = (starts[one], starts[other])
                    let (length, otherLength) = (starts[one + 1] - start, starts[other + 1] - otherStart)
                    if let base = bytes.baseAddress, min(length, otherLength) > 0 {
                        let compared = memcmp(base + 4 * start, base + 4 * otherStart, 4 * min(length, otherLength))
                        if compared != 0 { return compared < 0 }
                    }
                    return length != otherLength ? length < otherLength : one < other
                }
            }
        }
    }

    /// `numbers` sorted by `precedes`, runs of doubling length merged bottom up. The standard
    /// library's sort called the comparison through a closure, 116 instructions a comparison on
    /// a catalog's keys; here it is inlined.
    @inline(__always)
    private static func mergeSorted(_ numbers: [Int], by precedes: (Int, Int) -> Bool) -> [Int] {
        var from = numbers
        var into = numbers
        var width = 1
        while width < numbers.count {
            from.withUnsafeBufferPointer { from in
                into.withUnsafeMutableBufferPointer { into in
                    for low in stride(from: 0, to: from.count, by: 2 * width) {
                        let (middle, high) = (min(low + width, from.count), min(low + 2 * width, from.count))
                        var (left, right) = (low, middle)
                        for next in low..<high {
                            if right == high || left < middle && !precedes(from[right], from[left]) {
                                into[next] = from[left]
                                left += 1
                            } else {
                                into[next] = from[right]
                                right += 1
                            }
                        }
                    }
                }
            }
            swap(&from, &into)
            width *= 2
        }
        return from
    }

    /// For each key of `order`, how many tokens it starts with alike with the key before (none for the first).
    func sharedLengths(along order: [Int]) -> [Int] {
        var shared = [Int](repeating: 0, count: order.count)
        labels.withUnsafeBufferPointer { labels in
            for position in order.indices.dropFirst() {
                let (start, otherStart) = (starts[order[position - 1]], starts[order[position]])
                let length = min(count(of: order[position - 1]), count(of: order[position]))
                var same = 0
                while same < length, labels[start + same] == labels[otherStart + same] { same += 1 }
                shared[position] = same
            }
        }
        return shared
    }

    /// Makes the trie's nodes from the keys in `order`, each branching from the one before after
    /// the tokens they share (`shared`): every node once, numbered in depth-first order, with its
    /// parent, its label and the number after its subtree (a subtree ends where the keys leave its
    /// start); `ends` gets the node where each key of `order` ends.
    func makeNodes(in order: [Int], shared: [Int], parents: UnsafeMutableBufferPointer<Int32>, labels nodeLabels: UnsafeMutableBufferPointer<UInt32>,
                   subtreeEnds: UnsafeMutableBufferPointer<Int32>, ends: UnsafeMutableBufferPointer<Int32>) {
        // The nodes along the key before: path[depth] is the node `depth` tokens deep.
        var path = [Int32](repeating: 0, count: longest + 1)
        var depth = 0
        var next: Int32 = 1
        labels.withUnsafeBufferPointer { labels in
            path.withUnsafeMutableBufferPointer { path in
                for (position, key) in order.enumerated() {
                    while depth > shared[position] {
                        subtreeEnds[Int(path[depth])] = next
                        depth -= 1
                    }
                    for index in (starts[key] + depth)..<starts[key + 1] {
                        parents[Int(next)] = path[depth]
                        nodeLabels[Int(next)] = labels[index]
                        depth += 1
                        path[depth] = next
                        next += 1
                    }
                    ends[position] = path[depth]
                }
            }
        }
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
