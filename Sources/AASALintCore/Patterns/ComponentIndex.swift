/// The components of each details entry in a trie of the start of their path patterns (the
/// keys `PathKeyBuilder` makes: folded literal text and variables up to the first wildcard): a
/// component can only match a URL whose compared path starts with an expansion of its key in
/// some case, so deciding a URL tries the components its path meets in the trie, a handful,
/// instead of every component of a large file. A variable is followed through its values, so
/// the 386 components of a catalog that start `/$(lang)/` are tried only where the path goes on
/// with a language.
struct ComponentIndex: Sendable {
    /// The components of one entry that compare one form of the path (encoded or decoded); a class,
    /// so that asking it for a URL's candidates does not copy the trie's arrays.
    private final class Part: Sendable {
        let trie: PathKeyTrie
        /// The entry's position of each component of the trie.
        let components: [Int]

        init(trie: PathKeyTrie, components: [Int]) {
            self.trie = trie
            self.components = components
        }

        func candidates(along path: [UInt32], into found: inout [Int]) {
            guard !components.isEmpty else { return }
            for run in trie.runs(startingText: path) {
                for position in run { found.append(components[trie.componentsInTrieOrder[position]]) }
            }
        }
    }

    private let encodedParts: [Part]
    private let decodedParts: [Part]

    init(entries: [AASAMatcher.Entry], variables: SubstitutionVariables) {
        let vocabulary = PathKeyVocabulary()
        var builder = PathKeyBuilder(variables: variables, vocabulary: vocabulary)
        var encoded: [Part] = []
        var decoded: [Part] = []
        for entry in entries {
            var components: (encoded: [Int], decoded: [Int]) = ([], [])
            var keys: (encoded: [[PathKeyToken]], decoded: [[PathKeyToken]]) = ([], [])
            for (position, component) in entry.components.enumerated() {
                let key = builder.key(of: component)
                if component.settings.percentEncoded {
                    components.encoded.append(position)
                    keys.encoded.append(key)
                } else {
                    components.decoded.append(position)
                    keys.decoded.append(key)
                }
            }
            encoded.append(Part(trie: PathKeyTrie(keys: keys.encoded, values: vocabulary.values), components: components.encoded))
            decoded.append(Part(trie: PathKeyTrie(keys: keys.decoded, values: vocabulary.values), components: components.decoded))
        }
        encodedParts = encoded
        decodedParts = decoded
    }

    /// The components of entry `entry` that may match `url`, in the entry's order.
    func candidates(in entry: Int, for url: LinkURL) -> [Int] {
        var found: [Int] = []
        encodedParts[entry].candidates(along: url.path.scalars(percentEncoded: true), into: &found)
        decodedParts[entry].candidates(along: url.path.scalars(percentEncoded: false), into: &found)
        // A component can be met twice: after each of two values of a variable that are prefixes of one another.
        found.sortRemovingDuplicates()
        return found
    }
}

extension Array where Element: Comparable {
    /// Sorts the elements and keeps one of each, in place.
    mutating func sortRemovingDuplicates() {
        guard count > 1 else { return }
        sort()
        var distinct = 1
        for position in 1..<count where self[position] != self[distinct - 1] {
            self[distinct] = self[position]
            distinct += 1
        }
        removeSubrange(distinct...)
    }
}
