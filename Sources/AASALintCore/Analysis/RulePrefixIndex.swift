/// The rules of one entry by the literal start of their path patterns (a trie): two rules
/// whose prefixes disagree before either ends match no common path, so the analysis never
/// compares them. In real files this removes almost every pair.
struct RulePrefixIndex {
    private struct Node {
        var children: [UInt32: Int] = [:]
        var rulesEndingHere: [Int] = []
    }

    private var nodes = [Node()]
    private let prefixes: [[UInt32]]

    init(prefixes: [[UInt32]]) {
        self.prefixes = prefixes
        for (rule, prefix) in prefixes.enumerated() {
            var node = 0
            for scalar in prefix {
                if let child = nodes[node].children[scalar] {
                    node = child
                } else {
                    nodes.append(Node())
                    nodes[node].children[scalar] = nodes.count - 1
                    node = nodes.count - 1
                }
            }
            nodes[node].rulesEndingHere.append(rule)
        }
    }

    /// The rules before `limit` whose prefix is a prefix of `prefix` or starts with it, ascending.
    func rules(before limit: Int, compatibleWith prefix: [UInt32]) -> [Int] {
        var found: [Int] = []
        var node = 0
        var reachedEnd = true
        for scalar in prefix {
            found += nodes[node].rulesEndingHere
            guard let child = nodes[node].children[scalar] else {
                reachedEnd = false
                break
            }
            node = child
        }
        if reachedEnd {
            var stack = [node]
            while let next = stack.popLast() {
                found += nodes[next].rulesEndingHere
                stack += nodes[next].children.values
            }
        }
        return found.filter { $0 < limit }.sorted()
    }

    /// The rules in groups, each ascending, such that rules of different groups share no
    /// path: a rule joins the group of the shortest compatible prefix above it.
    func groups() -> [[Int]] {
        var grouped: Set<Int> = []
        var groups: [[Int]] = []
        for rule in prefixes.indices.sorted(by: { prefixes[$0].count < prefixes[$1].count }) where !grouped.contains(rule) {
            let members = rules(before: prefixes.count, compatibleWith: prefixes[rule]).filter { grouped.insert($0).inserted }
            groups.append(members.sorted())
        }
        return groups
    }
}
