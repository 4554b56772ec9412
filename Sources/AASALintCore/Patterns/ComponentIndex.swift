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

    /// `url`: the one URL the index will be asked about, when there is one. The trie then holds
    /// only the components whose keys agree with its path up to their first variable: one URL of
    /// a catalog meets a few hundred of its thousands.
    init(entries: [AASAMatcher.Entry], variables: SubstitutionVariables, onlyFor url: LinkURL? = nil) {
        let vocabulary = PathKeyVocabulary()
        var builder = PathKeyBuilder(variables: variables, vocabulary: vocabulary)
        var encoded: [Part] = []
        var decoded: [Part] = []
        for entry in entries {
            let keys = entry.components.map { builder.key(of: $0) }
            let byForm = Dictionary(grouping: entry.components.indices) { entry.components[$0].settings.percentEncoded }
            func part(comparingEncoded: Bool) -> Part {
                var components = byForm[comparingEncoded] ?? []
                if let path = url?.path.scalars(percentEncoded: comparingEncoded) {
                    components.removeAll { !Self.mayMeet(keys[$0], path) }
                }
                return Part(trie: PathKeyTrie(keys: components.map { keys[$0] }, values: vocabulary.values), components: components)
            }
            encoded.append(part(comparingEncoded: true))
            decoded.append(part(comparingEncoded: false))
        }
        encodedParts = encoded
        decodedParts = decoded
    }

    /// False when `key` cannot be expanded by any start of `path`: a scalar before its first
    /// variable differs from the path's, folded, where the trie's walk would stop.
    private static func mayMeet(_ key: [PathKeyToken], _ path: [UInt32]) -> Bool {
        for (token, scalar) in zip(key, path) {
            guard case .scalar(let expected) = token else { return true }
            if expected != CaseFolding.fold(scalar) { return false }
        }
        return true
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
