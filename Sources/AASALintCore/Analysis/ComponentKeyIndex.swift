/// The components of one entry in a trie of their path keys (`PathKeyToken`): two components whose keys
/// disagree before either ends match no common path, so the analysis never compares them. In
/// real files this removes almost every pair. A variable meets literal text by its values, so
/// `/$(lang)/shop/*` and `/shoes/*` disagree too; where two different variables meet, the
/// components are taken to be compatible.
///
/// Every compatible component lies in a run of the trie's components in depth-first order (the components of a
/// node, or of its subtree), and the index keeps those runs rather than the pairs: thousands of
/// components that all meet (`/*/a1`, `/*/a2`, ...) would otherwise take memory in the square of
/// their number before any budget could stop the analysis.
struct ComponentKeyIndex: Sendable {
    private let trie: PathKeyTrie
    /// Per component, runs of the trie's components in depth-first order that together hold exactly the
    /// components compatible with it (itself included; runs may overlap).
    private let compatibleRuns: [[Range<Int>]]
    private static let smallestParallelIndex = 256

    init(keys: [[PathKeyToken]], vocabulary: PathKeyVocabulary) {
        let trie = PathKeyTrie(keys: keys, values: vocabulary.values)
        self.trie = trie
        let walk = { @Sendable (component: Int) -> [Range<Int>] in trie.compatibleRuns(with: keys[component]) }
        // The walks only read the trie; on large files they take a share of the analysis worth spreading.
        compatibleRuns = keys.count < Self.smallestParallelIndex ? keys.indices.map(walk) : Array(keys.indices).parallelMap(walk)
    }

    /// The components in groups, each ascending and the groups by their first component, such that components
    /// of different groups share no path: the connected parts of the compatibility relation.
    /// Joining each component to its runs, and the members of each run to one another once, takes
    /// time in the number of runs and components, not of pairs.
    func groups() -> [[Int]] {
        var parts = Partition(count: trie.componentsInTrieOrder.count)
        for component in compatibleRuns.indices {
            for run in compatibleRuns[component] where !run.isEmpty {
                parts.join(trie.positions[component], run.lowerBound)
                parts.joinRun(run)
            }
        }
        var groups: [Int: [Int]] = [:]
        for component in compatibleRuns.indices { groups[parts.root(of: trie.positions[component]), default: []].append(component) }
        return groups.values.sorted { $0[0] < $1[0] }
    }

    /// Lists the earlier compatible components of the components of a group, asked in ascending order.
    struct EarlierComponents {
        private let index: ComponentKeyIndex
        /// The positions in trie order of the components listed so far.
        private var listed: [UInt64]

        init(_ index: ComponentKeyIndex) {
            self.index = index
            listed = Array(repeating: 0, count: (index.trie.componentsInTrieOrder.count + 63) / 64)
        }

        /// The earlier components compatible with `component`, ascending, when every earlier component of its
        /// group was listed before. The runs are read a word of positions at a time and only
        /// the components listed so far are taken: listing costs what it lists plus a sixty-fourth
        /// of the runs, however many later components they hold.
        mutating func of(_ component: Int) -> [Int] {
            var found: [Int] = []
            for run in index.compatibleRuns[component] where !run.isEmpty {
                for word in (run.lowerBound >> 6)...((run.upperBound - 1) >> 6) where listed[word] != 0 {
                    var bits = listed[word]
                    while bits != 0 {
                        let position = word << 6 + bits.trailingZeroBitCount
                        bits &= bits - 1
                        if run.contains(position) { found.append(index.trie.componentsInTrieOrder[position]) }
                    }
                }
            }
            let position = index.trie.positions[component]
            listed[position >> 6] |= 1 << UInt64(position & 63)
            found.sort()
            return found.enumerated().compactMap { offset, other in offset > 0 && found[offset - 1] == other ? nil : other }
        }
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
