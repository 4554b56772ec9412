/// The edges of a trie, each found by its parent node and label in one open-addressing table
/// and listed under its parent: a trie of thousands of nodes is a few flat arrays rather than a
/// dictionary per node, which the index walks allocated, hashed with SipHash and released.
///
/// Node 0 is the root; every other node has exactly one parent, so a node's children are a chain
/// of siblings.
struct TrieEdges: Sendable {
    /// Per node: the label of the edge into it, its first child and its next sibling (-1 for none).
    private(set) var labels: [UInt32] = [0]
    private var firstChildren: [Int32] = [-1]
    private var nextSiblings: [Int32] = [-1]
    private var childCounts: [Int32] = [0]
    private var table: EdgeTable

    /// Room for `capacity` edges without growing.
    init(capacity: Int = 0) {
        table = EdgeTable(capacity: capacity)
        labels.reserveCapacity(capacity + 1)
        firstChildren.reserveCapacity(capacity + 1)
        nextSiblings.reserveCapacity(capacity + 1)
        childCounts.reserveCapacity(capacity + 1)
    }

    var nodeCount: Int { labels.count }

    /// The child of `node` along `label`, or -1.
    @inline(__always)
    func child(of node: Int, along label: UInt32) -> Int {
        table.child(of: node, along: label)
    }

    /// The child of `node` along `label`, added when missing.
    mutating func addChild(of node: Int, along label: UInt32) -> Int {
        let known = table.child(of: node, along: label)
        guard known < 0 else { return known }
        let added = labels.count
        labels.append(label)
        firstChildren.append(-1)
        nextSiblings.append(firstChildren[node])
        childCounts.append(0)
        firstChildren[node] = Int32(added)
        childCounts[node] += 1
        table.insert(node: node, label: label, child: added)
        return added
    }

    /// The first child of `node`, or -1; the others follow by `nextSibling(of:)`.
    @inline(__always)
    func firstChild(of node: Int) -> Int { Int(firstChildren[node]) }

    @inline(__always)
    func nextSibling(of node: Int) -> Int { Int(nextSiblings[node]) }

    @inline(__always)
    func childCount(of node: Int) -> Int { Int(childCounts[node]) }
}

/// Edges found by their parent node and label: an open-addressing table of `parent << 32 | label`.
struct EdgeTable: Sendable {
    private var slots: [UInt64]
    private var slotTargets: [Int32]
    private var shift: UInt64
    private var count = 0
    private static let emptySlot = UInt64.max

    /// Room for `capacity` edges without growing.
    init(capacity: Int) {
        var bits = 4
        while 1 << bits < 2 * (capacity + 1) { bits += 1 }
        slots = Array(repeating: Self.emptySlot, count: 1 << bits)
        slotTargets = Array(repeating: 0, count: 1 << bits)
        shift = UInt64(64 - bits)
    }

    /// The child of `node` along `label`, or -1.
    @inline(__always)
    func child(of node: Int, along label: UInt32) -> Int {
        let key = UInt64(node) << 32 | UInt64(label)
        let mask = slots.count - 1
        var slot = Self.slot(of: key, shift: shift)
        while true {
            let found = slots[slot]
            if found == key { return Int(slotTargets[slot]) }
            if found == Self.emptySlot { return -1 }
            slot = (slot + 1) & mask
        }
    }

    /// Adds the edge from `node` along `label` to `child`, which the table does not hold yet.
    mutating func insert(node: Int, label: UInt32, child: Int) {
        count += 1
        if 2 * (count + 1) > slots.count { grow() }
        place(UInt64(node) << 32 | UInt64(label), target: child)
    }

    private mutating func place(_ key: UInt64, target: Int) {
        let mask = slots.count - 1
        var slot = Self.slot(of: key, shift: shift)
        while slots[slot] != Self.emptySlot { slot = (slot + 1) & mask }
        slots[slot] = key
        slotTargets[slot] = Int32(target)
    }

    private mutating func grow() {
        let (oldSlots, oldTargets) = (slots, slotTargets)
        slots = Array(repeating: Self.emptySlot, count: 2 * oldSlots.count)
        slotTargets = Array(repeating: 0, count: 2 * oldSlots.count)
        shift -= 1
        for (key, target) in zip(oldSlots, oldTargets) where key != Self.emptySlot { place(key, target: Int(target)) }
    }

    /// Fibonacci hashing: the top bits of the key times the golden ratio spread the consecutive
    /// node numbers and scalars of real tries over the table.
    @inline(__always)
    private static func slot(of key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
