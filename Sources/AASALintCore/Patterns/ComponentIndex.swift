/// The rules of each details entry in a trie of the literal start of their path patterns
/// (folded, as `PathKeyBuilder` makes it): a rule can only match a URL whose compared path
/// starts with that text in some case, so deciding a URL tries the rules on the URL's way
/// down the trie, a handful, instead of every rule of a large file.
struct ComponentIndex: Sendable {
    /// One trie per comparison form: rules that compare the encoded path walk the encoded one.
    private struct Trie: Sendable {
        private let words: ValueTrie
        /// The rules whose key ends at each node of `words`.
        private var rulesByNode: [Int: [Int]] = [:]

        init(keys: [(key: [UInt32], rule: Int)]) {
            words = ValueTrie(keys.map(\.key))
            for (key, rule) in keys {
                var node = 0
                for scalar in key { node = words.nodes[node].children[scalar] ?? node }
                rulesByNode[node, default: []].append(rule)
            }
        }

        func rules(along path: [UInt32], into found: inout [Int]) {
            var node = 0
            found += rulesByNode[0] ?? []
            for scalar in path {
                guard let next = words.nodes[node].children[CaseFolding.fold(scalar)] else { return }
                node = next
                found += rulesByNode[node] ?? []
            }
        }
    }

    private let encodedTries: [Trie]
    private let decodedTries: [Trie]

    init(entries: [AASAMatcher.Entry], variables: SubstitutionVariables) {
        var builder = PathKeyBuilder(variables: variables, vocabulary: PathKeyVocabulary())
        var encoded: [Trie] = []
        var decoded: [Trie] = []
        for entry in entries {
            var encodedKeys: [(key: [UInt32], rule: Int)] = []
            var decodedKeys: [(key: [UInt32], rule: Int)] = []
            for (index, rule) in entry.rules.enumerated() {
                var key: [UInt32] = []
                // A variable ends the key: its values are many texts, and the rule stays a candidate.
                for token in builder.key(of: rule) {
                    guard case .scalar(let scalar) = token else { break }
                    key.append(scalar)
                }
                if rule.settings.percentEncoded {
                    encodedKeys.append((key, index))
                } else {
                    decodedKeys.append((key, index))
                }
            }
            encoded.append(Trie(keys: encodedKeys))
            decoded.append(Trie(keys: decodedKeys))
        }
        encodedTries = encoded
        decodedTries = decoded
    }

    /// The rules of entry `entry` that may match `url`, in the entry's order.
    func candidates(in entry: Int, for url: LinkURL) -> [Int] {
        var found: [Int] = []
        encodedTries[entry].rules(along: url.path.scalars(percentEncoded: true), into: &found)
        decodedTries[entry].rules(along: url.path.scalars(percentEncoded: false), into: &found)
        found.sort()
        return found
    }
}

private extension CaseFolding {
    static func fold(_ value: UInt32) -> UInt32 {
        Unicode.Scalar(value).map { fold($0).value } ?? value
    }
}
