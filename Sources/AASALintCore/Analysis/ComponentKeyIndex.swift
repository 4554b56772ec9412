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
    private let trie: PathKeyTrie
    /// Per rule, runs of the trie's rules in depth-first order that together hold exactly the
    /// rules compatible with it (itself included; runs may overlap).
    private let compatibleRuns: [[Range<Int>]]
    private static let smallestParallelIndex = 256

    init(keys: [[PathKeyToken]], vocabulary: PathKeyVocabulary) {
        let trie = PathKeyTrie(keys: keys, values: vocabulary.values)
        self.trie = trie
        let walk = { @Sendable (rule: Int) -> [Range<Int>] in trie.compatibleRuns(with: keys[rule]) }
        // The walks only read the trie; on large files they take a share of the analysis worth spreading.
        compatibleRuns = keys.count < Self.smallestParallelIndex ? keys.indices.map(walk) : Array(keys.indices).parallelMap(walk)
    }

    /// The rules in groups, each ascending and the groups by their first rule, such that rules
    /// of different groups share no path: the connected parts of the compatibility relation.
    /// Joining each rule to its runs, and the members of each run to one another once, takes
    /// time in the number of runs and rules, not of pairs.
    func groups() -> [[Int]] {
        var parts = Partition(count: trie.rulesInTrieOrder.count)
        for rule in compatibleRuns.indices {
            for run in compatibleRuns[rule] where !run.isEmpty {
                parts.join(trie.positions[rule], run.lowerBound)
                parts.joinRun(run)
            }
        }
        var groups: [Int: [Int]] = [:]
        for rule in compatibleRuns.indices { groups[parts.root(of: trie.positions[rule]), default: []].append(rule) }
        return groups.values.sorted { $0[0] < $1[0] }
    }

    /// Lists the earlier compatible rules of the rules of a group, asked in ascending order.
    struct EarlierRules {
        private let index: ComponentKeyIndex
        /// The positions in trie order of the rules listed so far.
        private var listed: [UInt64]

        init(_ index: ComponentKeyIndex) {
            self.index = index
            listed = Array(repeating: 0, count: (index.trie.rulesInTrieOrder.count + 63) / 64)
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
                        if run.contains(position) { found.append(index.trie.rulesInTrieOrder[position]) }
                    }
                }
            }
            let position = index.trie.positions[rule]
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
