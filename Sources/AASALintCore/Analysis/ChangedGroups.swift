/// The groups of compatible components (`ComponentKeyIndex.groups()` of an app's old components
/// and new ones together: old ids first, then new ids after them) that hold a component one file
/// has and the other lacks at its place, found from those components outwards. A fix changes a
/// few components of thousands: indexing every component of both files to find the groups of
/// those few took a quarter of the proof of a fix. Every other group holds the same components
/// in the same order in both files, so it decides every URL the same way.
struct ChangedGroups {
    let old: [CompiledComponent]
    let new: [CompiledComponent]
    let oldVariables: SubstitutionVariables
    /// Whether both files give their variables the same values.
    let variablesAgree: Bool
    /// The ids of the components without a counterpart, ascending.
    let unmatched: [Int]
    /// Per id, the id of its counterpart in the other file; -1 for none.
    private let counterpart: [Int]

    /// Pairs each old component with the new one at its place when they are the same
    /// component: those of the common start and end, then those of the rest place by place when
    /// as many remain in both files. The pairs keep their order, so that a group of paired
    /// components only holds the same components in the same order in both files.
    init(old: [CompiledComponent], new: [CompiledComponent], oldVariables: SubstitutionVariables, newVariables: SubstitutionVariables) {
        let variablesAgree = oldVariables == newVariables
        let same = { (first: CompiledComponent, second: CompiledComponent) in Self.same(first, second, variablesAgree: variablesAgree) }
        var counterpart = [Int](repeating: -1, count: old.count + new.count)
        func pair(_ oldIndex: Int, _ newIndex: Int) {
            counterpart[oldIndex] = old.count + newIndex
            counterpart[old.count + newIndex] = oldIndex
        }
        var start = 0
        while start < min(old.count, new.count), same(old[start], new[start]) {
            pair(start, start)
            start += 1
        }
        var end = 0
        while end < min(old.count, new.count) - start, same(old[old.count - 1 - end], new[new.count - 1 - end]) {
            pair(old.count - 1 - end, new.count - 1 - end)
            end += 1
        }
        if old.count == new.count {
            for index in start..<(old.count - end) where same(old[index], new[index]) { pair(index, index) }
        }
        self.old = old
        self.new = new
        self.oldVariables = oldVariables
        self.variablesAgree = variablesAgree
        self.counterpart = counterpart
        unmatched = counterpart.indices.filter { counterpart[$0] < 0 }
    }

    /// The groups that hold an unmatched component, each ascending and in the order of their
    /// first component; nil when the search would cost more than indexing every component
    /// (`ComponentKeyIndex`), which the caller does instead.
    ///
    /// A paired new component has its old counterpart's key, so it is compatible with exactly
    /// what its counterpart is compatible with, and in its group: only old components and
    /// unmatched new ones are keyed. Starting from the unmatched components, each round keys a
    /// trie of those it reached last and walks it with every component not settled before, to
    /// find their compatible neighbours, until no new one turns up.
    func groups() -> [[Int]]? {
        guard !unmatched.isEmpty else { return [] }
        // Different values give one pattern text other keys.
        guard variablesAgree else { return nil }
        let vocabulary = PathKeyVocabulary()
        var builder = PathKeyBuilder(variables: oldVariables, vocabulary: vocabulary)
        let keyed = Array(old.indices) + unmatched.filter { $0 >= old.count }
        // Past a quarter of the components, or as many meetings, indexing them all costs less.
        let mostReached = max(Self.fewestAllowed, keyed.count / 4)
        var meetings = max(Self.fewestAllowed * Self.fewestAllowed, keyed.count * 16)
        guard unmatched.count <= mostReached else { return nil }
        var keys = [[PathKeyToken]](repeating: [], count: counterpart.count)
        for id in keyed { keys[id] = builder.key(of: id < old.count ? old[id] : new[id - old.count]) }
        var leaders = Array(counterpart.indices)
        func root(_ id: Int) -> Int {
            var current = id
            while leaders[current] != current {
                leaders[current] = leaders[leaders[current]]
                current = leaders[current]
            }
            return current
        }
        var reached = [Bool](repeating: false, count: counterpart.count)
        var settled = reached
        for id in unmatched { reached[id] = true }
        var reachedCount = unmatched.count
        var frontier = unmatched
        var rounds = 0
        while !frontier.isEmpty {
            rounds += 1
            guard rounds <= Self.mostRounds else { return nil }
            let trie = PathKeyTrie(keys: frontier.map { keys[$0] }, values: vocabulary.values)
            var next: [Int] = []
            for id in keyed where !settled[id] {
                for run in trie.compatibleRuns(with: keys[id]) {
                    meetings -= run.count
                    guard meetings >= 0 else { return nil }
                    for position in run {
                        let neighbour = frontier[trie.componentsInTrieOrder[position]]
                        guard neighbour != id else { continue }
                        let (one, other) = (root(id), root(neighbour))
                        if one != other { leaders[max(one, other)] = min(one, other) }
                        guard !reached[id] else { continue }
                        reached[id] = true
                        next.append(id)
                        reachedCount += 1
                        guard reachedCount <= mostReached else { return nil }
                    }
                }
            }
            for id in frontier { settled[id] = true }
            frontier = next
        }
        var groupOfRoot: [Int: Int] = [:]
        var groups: [[Int]] = []
        for id in counterpart.indices {
            // A paired new component is in its counterpart's group.
            let keyedAs = id >= old.count && counterpart[id] >= 0 ? counterpart[id] : id
            guard reached[keyedAs] else { continue }
            let leader = root(keyedAs)
            if let group = groupOfRoot[leader] {
                groups[group].append(id)
            } else {
                groupOfRoot[leader] = groups.count
                groups.append([id])
            }
        }
        return groups
    }

    /// Rounds of the search: each walks the trie with nearly every component.
    private static let mostRounds = 8
    /// Components the search may reach in any file, beyond a quarter of those keyed (and the
    /// square of it, meetings of two components, beyond sixteen per component keyed).
    private static let fewestAllowed = 64

    /// Whether the two are the same component: the same patterns, settings and kind, which
    /// match the same URLs unless they name a variable the files give different values.
    static func same(_ first: CompiledComponent, _ second: CompiledComponent, variablesAgree: Bool) -> Bool {
        guard first !== second else { return true }
        guard first.source == second.source, first.isExclude == second.isExclude, first.settings == second.settings,
              first.path?.text == second.path?.text, first.fragment?.text == second.fragment?.text else { return false }
        let texts: [String]
        switch (first.query, second.query) {
        case (.any, .any):
            texts = []
        case (.whole(let one), .whole(let other)):
            guard one.text == other.text else { return false }
            texts = [one.text]
        case (.items(let one), .items(let other)):
            guard one.count == other.count, zip(one, other).allSatisfy({ $0.name == $1.name && $0.pattern.text == $1.pattern.text }) else { return false }
            texts = one.map(\.pattern.text)
        default:
            return false
        }
        return variablesAgree || !(texts + [first.path?.text, first.fragment?.text].compactMap { $0 }).contains(where: SubstitutionVariables.referencesVariable)
    }
}
