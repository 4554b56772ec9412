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
    /// components compatible with it (itself included; runs may overlap), those of component `c` at
    /// `runs[runStarts[c]..<runStarts[c + 1]]`: none for a component compatible with no other, which
    /// is never compared. In one array: an array per component was made and freed for each of
    /// thousands of components that have none.
    private let runs: [Range<Int>]
    private let runStarts: [Int]
    /// The connected parts of the compatibility relation, as `groups()` gives them, in one array
    /// (most of a large file's parts are one component each), and where each starts in it (one
    /// more: where the last ends).
    private let partMembers: [Int]
    private let partStarts: [Int]
    private static let smallestParallelIndex = 256

    /// Walking the trie with every key took most of the time of indexing a large file whose components
    /// mostly share no path. Two keys without variables are compatible exactly when one starts the
    /// other, which the trie's subtrees say without a walk, and compatibility is symmetric: the groups
    /// need the walks of the keys with variables only, and the comparisons those of the components
    /// that have a group to share. Joining each component to its runs, and the members of each run
    /// to one another once, takes time in the number of runs and components, not of pairs.
    init(keys: [[PathKeyToken]], vocabulary: PathKeyVocabulary) {
        self.init(keys: PathKeys(keys), vocabulary: vocabulary)
    }

    init(keys: PathKeys, vocabulary: PathKeyVocabulary) {
        let trie = PathKeyTrie(keys: keys, values: vocabulary.values)
        self.trie = trie
        let followings = ValueFollowings()
        let walk = { @Sendable (component: Int) -> [Range<Int>] in trie.compatibleRuns(with: keys.key(component), sharing: followings) }
        // The walks only read the trie; on large files they take a share of the analysis worth spreading.
        let walkAll = { (components: [Int]) -> [[Range<Int>]] in
            components.count < Self.smallestParallelIndex ? components.map(walk) : components.parallelMap(walk)
        }
        let withVariables = (0..<keys.count).filter { keys.hasVariable[$0] }
        let variableRuns = walkAll(withVariables)
        var partition = Partition(count: keys.count)
        for position in 0..<keys.count { partition.joinRun(trie.subtreeRun(ofComponentAt: position)) }
        for (component, found) in zip(withVariables, variableRuns) {
            for run in found where !run.isEmpty {
                partition.join(trie.positions[component], run.lowerBound)
                partition.joinRun(run)
            }
        }
        (partMembers, partStarts) = Self.parts(of: &partition, positions: trie.positions)
        // Per component that shares a group, where its walk is: among those of the keys with
        // variables, or (from `withVariables.count` on) among those of the others.
        var walks = [Int](repeating: -1, count: keys.count)
        for (place, component) in withVariables.enumerated() { walks[component] = place }
        var shared: [Int] = []
        for group in 0..<partStarts.count - 1 {
            let members = partMembers[partStarts[group]..<partStarts[group + 1]]
            if members.count == 1 {
                walks[members[members.startIndex]] = -1
            } else {
                for member in members where !keys.hasVariable[member] {
                    walks[member] = withVariables.count + shared.count
                    shared.append(member)
                }
            }
        }
        let sharedRuns = walkAll(shared)
        var runs: [Range<Int>] = []
        var runStarts = [Int](repeating: 0, count: keys.count + 1)
        for component in 0..<keys.count {
            let place = walks[component]
            if place >= 0 { runs += place < withVariables.count ? variableRuns[place] : sharedRuns[place - withVariables.count] }
            runStarts[component + 1] = runs.count
        }
        self.runs = runs
        self.runStarts = runStarts
    }

    /// How many groups `group(_:)` has.
    var groupCount: Int { partStarts.count - 1 }

    /// The components of group `index`, ascending; the groups are numbered by their first
    /// component, and components of different groups share no path: the connected parts of the
    /// compatibility relation.
    func group(_ index: Int) -> ArraySlice<Int> {
        partMembers[partStarts[index]..<partStarts[index + 1]]
    }

    /// The component of group `index` when it is the only one: most groups of a large file.
    func loneComponent(ofGroup index: Int) -> Int? {
        partStarts[index + 1] - partStarts[index] == 1 ? partMembers[partStarts[index]] : nil
    }

    /// Every group, as `group(_:)` gives them.
    func groups() -> [[Int]] {
        (0..<groupCount).map { Array(group($0)) }
    }

    /// The parts of the components, numbered by their first component: their members one part
    /// after another, and where each part starts.
    private static func parts(of partition: inout Partition, positions: [Int]) -> (members: [Int], starts: [Int]) {
        var partOfRoot = [Int](repeating: -1, count: positions.count)
        var partOf = [Int](repeating: 0, count: positions.count)
        var sizes: [Int] = []
        for component in positions.indices {
            let root = partition.root(of: positions[component])
            if partOfRoot[root] < 0 {
                partOfRoot[root] = sizes.count
                sizes.append(0)
            }
            partOf[component] = partOfRoot[root]
            sizes[partOfRoot[root]] += 1
        }
        var starts = [Int](repeating: 0, count: sizes.count + 1)
        for part in sizes.indices { starts[part + 1] = starts[part] + sizes[part] }
        var next = starts
        var members = [Int](repeating: 0, count: positions.count)
        for component in positions.indices {
            members[next[partOf[component]]] = component
            next[partOf[component]] += 1
        }
        return (members, starts)
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
            for run in index.runs[index.runStarts[component]..<index.runStarts[component + 1]] where !run.isEmpty {
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
            found.sortRemovingDuplicates()
            return found
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
