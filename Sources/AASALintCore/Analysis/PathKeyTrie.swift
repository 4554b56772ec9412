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
    private static let variableLabel = PathKeyToken.variableLabel
    /// Nodes are numbered in depth-first order, children by ascending label: a node's first child
    /// follows it, each next sibling follows the subtree of the one before, and its variable
    /// children come last. Per node, the label of the edge into it, the number after its subtree,
    /// and its first variable child (-1 for none: every step of a walk asks, and most nodes have none).
    private let nodeLabels: [UInt32]
    private let subtreeEnds: [Int32]
    private let firstVariableChildren: [Int32]
    /// The nodes with more than `mostListedChildren` (bits), whose children are found in a table
    /// rather than along their siblings: most nodes of a trie of paths have one child, and a
    /// table of every edge was most of the trie's memory.
    private let wideNodes: [UInt64]
    private let wideChildren: EdgeTable
    fileprivate static let mostListedChildren = 12
    private let values: [ValueTrie]
    /// The components in depth-first order of the trie, and where each component is.
    let componentsInTrieOrder: [Int]
    let positions: [Int]
    /// Per node, how many components end at the nodes before it (one more entry: all of them);
    /// per position in `componentsInTrieOrder`, the node where the component's key ends.
    private let componentsBefore: [Int32]
    private let nodeNumbers: [Int32]

    /// `values`: the value tries of the variables of `keys`, by id.
    ///
    /// The keys are taken in lexicographic order, each branching from the one before where they
    /// part: every node is then made once, in depth-first order, with no search for the children
    /// that keys share, and a subtree ends where the keys leave its start. Inserting the keys one
    /// by one searched a child per token and numbered the nodes in a second pass, most of the
    /// cost of the index of a large file.
    init(keys: [[PathKeyToken]], values: [ValueTrie]) {
        self.init(keys: PathKeys(keys), values: values)
    }

    init(keys labels: PathKeys, values: [ValueTrie]) {
        self.values = values
        let (order, shared) = labels.lexicographicOrder()
        var nodeCount = 1
        for (position, component) in order.enumerated() { nodeCount += labels.length(of: component) - shared[position] }
        var nodeLabels = [UInt32](repeating: 0, count: nodeCount)
        var subtreeEnds = [Int32](repeating: Int32(nodeCount), count: nodeCount)
        var firstVariableChildren = [Int32](repeating: -1, count: nodeCount)
        var nodeNumbers = [Int32](repeating: 0, count: order.count)
        var wideNodes = [UInt64](repeating: 0, count: (nodeCount + 63) / 64)
        var componentsBefore = [Int32](repeating: Int32(order.count), count: nodeCount + 1)
        componentsBefore[0] = 0
        nodeLabels.withUnsafeMutableBufferPointer { nodeLabels in
            subtreeEnds.withUnsafeMutableBufferPointer { subtreeEnds in
                firstVariableChildren.withUnsafeMutableBufferPointer { firstVariableChildren in
                    nodeNumbers.withUnsafeMutableBufferPointer { nodeNumbers in
                        wideNodes.withUnsafeMutableBufferPointer { wideNodes in
                            componentsBefore.withUnsafeMutableBufferPointer { componentsBefore in
                                labels.makeNodes(in: order, shared: shared, labels: nodeLabels, subtreeEnds: subtreeEnds,
                                                 firstVariableChildren: firstVariableChildren, wideNodes: wideNodes, ends: nodeNumbers,
                                                 componentsBefore: componentsBefore)
                            }
                        }
                    }
                }
            }
        }
        var positions = [Int](repeating: 0, count: order.count)
        for (position, component) in order.enumerated() { positions[component] = position }
        wideChildren = Self.children(of: wideNodes, labels: nodeLabels, subtreeEnds: subtreeEnds)
        self.wideNodes = wideNodes
        self.nodeLabels = nodeLabels
        self.firstVariableChildren = firstVariableChildren
        self.subtreeEnds = subtreeEnds
        self.nodeNumbers = nodeNumbers
        self.componentsBefore = componentsBefore
        self.positions = positions
        componentsInTrieOrder = order
    }

    /// A table of the children of the nodes of `wideNodes` (bits).
    private static func children(of wideNodes: [UInt64], labels: [UInt32], subtreeEnds: [Int32]) -> EdgeTable {
        var table = EdgeTable(capacity: 0)
        for (word, bits) in wideNodes.enumerated() where bits != 0 {
            var bits = bits
            while bits != 0 {
                let node = word << 6 + bits.trailingZeroBitCount
                bits &= bits - 1
                var child = node + 1
                while child < Int(subtreeEnds[node]) {
                    table.insert(node: node, label: labels[child], child: child)
                    child = Int(subtreeEnds[child])
                }
            }
        }
        return table
    }

    /// The child of `node` along `label`, or -1.
    @inline(__always)
    private func child(of node: Int, along label: UInt32) -> Int {
        if wideNodes[node >> 6] & (1 << UInt64(node & 63)) != 0 { return wideChildren.child(of: node, along: label) }
        let end = Int(subtreeEnds[node])
        var child = node + 1
        while child < end {
            let found = nodeLabels[child]
            if found == label { return child }
            if found > label { return -1 }
            child = Int(subtreeEnds[child])
        }
        return -1
    }

    /// The first child of `node`, or -1.
    @inline(__always)
    private func firstChild(of node: Int) -> Int {
        node + 1 < Int(subtreeEnds[node]) ? node + 1 : -1
    }

    /// The sibling after `child` of `parent`, or -1.
    @inline(__always)
    private func nextSibling(of child: Int, under parent: Int) -> Int {
        let next = Int(subtreeEnds[child])
        return next < Int(subtreeEnds[parent]) ? next : -1
    }

    /// Whether `node` has fewer than `count` children.
    private func hasFewerChildren(_ node: Int, than count: Int) -> Bool {
        var (child, seen) = (firstChild(of: node), 0)
        while child >= 0 {
            seen += 1
            guard seen < count else { return false }
            child = nextSibling(of: child, under: node)
        }
        return true
    }

    /// The run of the subtree of the node where the component at `position` of `componentsInTrieOrder`
    /// ends: the components whose keys start with its key, all compatible with it.
    func subtreeRun(ofComponentAt position: Int) -> Range<Int> {
        subtreeRun(of: Int(nodeNumbers[position]))
    }

    /// Runs of `componentsInTrieOrder` that together hold the components whose keys are compatible with `key`.
    /// Walks that share `followings` follow each variable from each node once.
    func compatibleRuns(with key: [PathKeyToken]) -> [Range<Int>] {
        compatibleRuns(with: key.map(\.label)[...])
    }

    /// The same for a key as labels (`PathKeys.key(_:)`).
    func compatibleRuns(with key: ArraySlice<UInt32>, sharing followings: ValueFollowings? = nil) -> [Range<Int>] {
        var found = CompatibleRuns(keyIsPrefix: true, followings: followings)
        walk(from: 0, key: key, at: key.startIndex, into: &found)
        return found.runs
    }

    /// Runs of `componentsInTrieOrder` that together hold the components whose keys some start of `text`
    /// (a whole path rather than a key, folded as it is read) expands: the components that may match it.
    func runs(startingText text: [UInt32]) -> [Range<Int>] {
        var found = CompatibleRuns(keyIsPrefix: false, followings: nil)
        walk(from: 0, key: text.lazy.map { CaseFolding.fold($0) }, at: 0, into: &found)
        return found.runs
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
        while position < key.endIndex, firstVariableChildren[node] < 0 {
            let label = key[position]
            guard label & Self.variableLabel == 0 else { break }
            found.insert(ownRun(of: node))
            let child = self.child(of: node, along: label)
            guard child >= 0 else { return }
            node = child
            position += 1
        }
        found.insert(ownRun(of: node))
        var variableChild = Int(firstVariableChildren[node])
        guard position < key.endIndex else {
            if found.keyIsPrefix {
                found.insert(subtreeRun(of: node))
                return
            }
            // A variable with an empty value may stand for nothing: `/$(w)*` meets the path `/`.
            while variableChild >= 0 {
                followValues(of: Int(nodeLabels[variableChild] & ~Self.variableLabel), along: key, from: position, then: variableChild, into: &found)
                variableChild = nextSibling(of: variableChild, under: node)
            }
            return
        }
        let label = key[position]
        if label & Self.variableLabel == 0 {
            let child = self.child(of: node, along: label)
            if child >= 0 { walk(from: child, key: key, at: position + 1, into: &found) }
            while variableChild >= 0 {
                followValues(of: Int(nodeLabels[variableChild] & ~Self.variableLabel), along: key, from: position, then: variableChild, into: &found)
                variableChild = nextSibling(of: variableChild, under: node)
            }
        } else {
            let id = Int(label & ~Self.variableLabel)
            while variableChild >= 0 {
                if Int(nodeLabels[variableChild] & ~Self.variableLabel) == id {
                    walk(from: variableChild, key: key, at: position + 1, into: &found)
                } else {
                    found.insert(subtreeRun(of: variableChild))
                }
                variableChild = nextSibling(of: variableChild, under: node)
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
            guard cursor < key.endIndex, key[cursor] & Self.variableLabel == 0 else {
                if found.keyIsPrefix { found.insert(subtreeRun(of: child)) }
                return
            }
            valueNode = trie.edges.child(of: valueNode, along: key[cursor])
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
                variableChild = nextSibling(of: variableChild, under: node)
            }
        }
        // The branches both tries have, found from the side with fewer: a language code's trie
        // offers dozens of letters where a path goes on with a few.
        if hasFewerChildren(node, than: values.edges.childCount(of: valueNode)) {
            var child = firstChild(of: node)
            while child >= 0 {
                let label = nodeLabels[child]
                let nextValue = label & Self.variableLabel == 0 ? values.edges.child(of: valueNode, along: label) : -1
                if nextValue >= 0 { followTrie(from: child, valueNode: nextValue, values: values, into: &steps) }
                child = nextSibling(of: child, under: node)
            }
        } else {
            var nextValue = values.edges.firstChild(of: valueNode)
            while nextValue >= 0 {
                let child = self.child(of: node, along: values.edges.labels[nextValue])
                if child >= 0 { followTrie(from: child, valueNode: nextValue, values: values, into: &steps) }
                nextValue = values.edges.nextSibling(of: nextValue)
            }
        }
    }

    /// The walk after a value: values that are prefixes of one another (`a`, `aa`) reach one
    /// place by many ways, and each place is walked once.
    private func resume<Key: KeyText>(from node: Int, key: Key, at position: Int, into found: inout CompatibleRuns) {
        // Most values a key's variable stands for lead where its next label does not go: the walk
        // would find nothing there (`/$(lang)/shop` at `/ca`, the start of `/cart`).
        if position < key.endIndex, key[position] & Self.variableLabel == 0, firstVariableChildren[node] < 0,
           ownRun(of: node).isEmpty, child(of: node, along: key[position]) < 0 { return }
        guard found.firstVisit(to: node, at: position - key.startIndex, keyLength: key.count) else { return }
        walk(from: node, key: key, at: position, into: &found)
    }
}

extension PathKeys {
    /// The keys' numbers, ordered so that keys that start alike are together, each key before
    /// those it starts, equal keys by number: the lexicographic order of their labels; and for
    /// each key of that order, how many labels it starts with alike with the key before (none
    /// for the first).
    ///
    /// Sorted one depth at a time (multikey quicksort, Bentley and Sedgewick): each step compares
    /// one symbol, and keys that start alike are never compared again over what they share. A
    /// merge sort comparing whole keys with `memcmp` made some 28,000 comparisons of a catalog's
    /// 2,703 keys, which share long starts (`/stores/`), at 80 instructions each. Keys of ASCII
    /// text and the first variables, as real files' are, are compared eight labels at a time
    /// (`PackedKeys`), others a label at a time.
    func lexicographicOrder() -> (order: [Int], shared: [Int]) {
        var order = Array(0..<count)
        if let packed {
            packed.words.withUnsafeBufferPointer { words in
                packed.wordStarts.withUnsafeBufferPointer { wordStarts in
                    order.withUnsafeMutableBufferPointer { order in
                        KeySorter(symbols: PackedKeys.Symbols(words: words, wordStarts: wordStarts), order: order).sort(0..<order.count, depth: 0)
                    }
                }
            }
            return (order, packed.sharedLengths(along: order, keys: self))
        }
        labels.withUnsafeBufferPointer { labels in
            starts.withUnsafeBufferPointer { starts in
                order.withUnsafeMutableBufferPointer { order in
                    KeySorter(symbols: LabelSymbols(labels: labels, starts: starts), order: order).sort(0..<order.count, depth: 0)
                }
            }
        }
        return (order, sharedLengths(along: order))
    }

    /// For each key of `order`, how many labels it starts with alike with the key before (none for the first).
    private func sharedLengths(along order: [Int]) -> [Int] {
        var shared = [Int](repeating: 0, count: order.count)
        labels.withUnsafeBufferPointer { labels in
            for position in order.indices.dropFirst() {
                let (start, otherStart) = (starts[order[position - 1]], starts[order[position]])
                let length = min(length(of: order[position - 1]), length(of: order[position]))
                var same = 0
                while same < length, labels[start + same] == labels[otherStart + same] { same += 1 }
                shared[position] = same
            }
        }
        return shared
    }
}

extension PackedKeys {
    /// A key's words, one depth each.
    struct Symbols: KeySymbols {
        let words: UnsafeBufferPointer<UInt64>
        let wordStarts: UnsafeBufferPointer<Int>

        @inline(__always)
        func symbol(of key: Int, at depth: Int) -> UInt64 { words[wordStarts[key] + depth] }

        @inline(__always)
        static func ends(_ symbol: UInt64) -> Bool { symbol & 0xFF == 0 }
    }
}

/// A key's labels, one depth each, and 0 past its end: a key comes before those it starts.
private struct LabelSymbols: KeySymbols {
    let labels: UnsafeBufferPointer<UInt32>
    let starts: UnsafeBufferPointer<Int>

    @inline(__always)
    func symbol(of key: Int, at depth: Int) -> UInt64 {
        let position = starts[key] + depth
        return position < starts[key + 1] ? UInt64(labels[position]) + 1 : 0
    }

    @inline(__always)
    static func ends(_ symbol: UInt64) -> Bool { symbol == 0 }
}

/// What `KeySorter` compares: a symbol of each key at each depth, in the order of the keys, and
/// the symbols of the keys that end at their depth.
private protocol KeySymbols {
    /// The symbol of `key` at `depth`, where `key` has not ended before.
    func symbol(of key: Int, at depth: Int) -> UInt64
    static func ends(_ symbol: UInt64) -> Bool
}

/// Making the trie's nodes from the ordered keys.
fileprivate extension PathKeys {
    /// Makes the trie's nodes from the keys in `order`, each branching from the one before after
    /// the labels they share (`shared`): every node once, numbered in depth-first order, with its
    /// label, the number after its subtree (a subtree ends where the keys leave its start), its
    /// parent's first variable child where it is one, and the bit of `wideNodes` of each node
    /// with more than `mostListedChildren`; `ends` gets the node where each key of `order` ends.
    ///
    /// A node is made for the first key of `order` that reaches it: the keys before end at nodes
    /// made before, and the others at it or after, so that key's position is how many
    /// components end before the node (`componentsBefore`, whose other entries stay as they are).
    func makeNodes(in order: [Int], shared: [Int], labels nodeLabels: UnsafeMutableBufferPointer<UInt32>, subtreeEnds: UnsafeMutableBufferPointer<Int32>,
                   firstVariableChildren: UnsafeMutableBufferPointer<Int32>, wideNodes: UnsafeMutableBufferPointer<UInt64>,
                   ends: UnsafeMutableBufferPointer<Int32>, componentsBefore: UnsafeMutableBufferPointer<Int32>) {
        // The nodes along the key before: path[depth] is the node `depth` labels deep, with
        // childCounts[depth] children so far.
        let longest = order.lazy.map(length(of:)).max() ?? 0
        var path = [Int32](repeating: 0, count: longest + 1)
        var childCounts = [Int](repeating: 0, count: longest + 1)
        var depth = 0
        var next: Int32 = 1
        labels.withUnsafeBufferPointer { labels in
            path.withUnsafeMutableBufferPointer { path in
                childCounts.withUnsafeMutableBufferPointer { childCounts in
                    for (position, key) in order.enumerated() {
                        while depth > shared[position] {
                            subtreeEnds[Int(path[depth])] = next
                            depth -= 1
                        }
                        for index in (starts[key] + depth)..<starts[key + 1] {
                            let label = labels[index]
                            nodeLabels[Int(next)] = label
                            componentsBefore[Int(next)] = Int32(position)
                            let parent = Int(path[depth])
                            if label & PathKeyToken.variableLabel != 0, firstVariableChildren[parent] < 0 { firstVariableChildren[parent] = next }
                            childCounts[depth] += 1
                            if childCounts[depth] == PathKeyTrie.mostListedChildren + 1 { wideNodes[parent >> 6] |= 1 << UInt64(parent & 63) }
                            depth += 1
                            path[depth] = next
                            childCounts[depth] = 0
                            next += 1
                        }
                        ends[position] = path[depth]
                    }
                }
            }
        }
    }
}

/// Orders key numbers by the keys' symbols, from a depth on (`PathKeys.lexicographicOrder()`).
private struct KeySorter<Symbols: KeySymbols> {
    let symbols: Symbols
    let order: UnsafeMutableBufferPointer<Int>
    /// Ranges this short are sorted by insertion.
    private static var shortest: Int { 8 }

    /// Sorts `order[range]`, whose keys all start with the same `depth` symbols.
    func sort(_ range: Range<Int>, depth: Int) {
        var range = range
        var depth = depth
        while range.count > 1 {
            guard range.count > Self.shortest else { return insertionSort(range, depth: depth) }
            let pivot = symbols.symbol(of: order[range.lowerBound + range.count / 2], at: depth)
            // order[range.lowerBound..<less] < pivot, order[less..<next] == pivot, order[greater..<range.upperBound] > pivot.
            var (less, next, greater) = (range.lowerBound, range.lowerBound, range.upperBound)
            while next < greater {
                let found = symbols.symbol(of: order[next], at: depth)
                if found < pivot {
                    order.swapAt(less, next)
                    less += 1
                    next += 1
                } else if found > pivot {
                    greater -= 1
                    order.swapAt(next, greater)
                } else {
                    next += 1
                }
            }
            sort(range.lowerBound..<less, depth: depth)
            sort(greater..<range.upperBound, depth: depth)
            guard !Symbols.ends(pivot) else {
                // Equal keys, by number.
                var equal = UnsafeMutableBufferPointer(rebasing: order[less..<greater])
                equal.sort()
                return
            }
            range = less..<greater
            depth += 1
        }
    }

    /// Insertion sort of a short range, comparing symbols from `depth` on, then numbers.
    private func insertionSort(_ range: Range<Int>, depth: Int) {
        for next in range.dropFirst() {
            let key = order[next]
            var position = next
            while position > range.lowerBound, precedes(key, order[position - 1], from: depth) {
                order[position] = order[position - 1]
                position -= 1
            }
            order[position] = key
        }
    }

    @inline(__always)
    private func precedes(_ one: Int, _ other: Int, from depth: Int) -> Bool {
        var depth = depth
        while true {
            let (symbol, otherSymbol) = (symbols.symbol(of: one, at: depth), symbols.symbol(of: other, at: depth))
            if symbol != otherSymbol { return symbol < otherSymbol }
            if Symbols.ends(symbol) { return one < other }
            depth += 1
        }
    }
}

/// What a walk reads: a key's labels, or a text read as one without building it.
private protocol KeyText: RandomAccessCollection<UInt32> where Index == Int {}

extension ArraySlice: KeyText where Element == UInt32 {}
extension LazyMapCollection: KeyText where Base == [UInt32], Element == UInt32 {}

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
