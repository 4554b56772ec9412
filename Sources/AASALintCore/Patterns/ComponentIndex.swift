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
        let paths = url.map { url in (encoded: url.path.scalars(percentEncoded: true), decoded: url.path.scalars(percentEncoded: false)) }
        var encoded: [Part] = []
        var decoded: [Part] = []
        for entry in entries {
            var components: (encoded: [Int], decoded: [Int]) = ([], [])
            var keys: (encoded: [[PathKeyToken]], decoded: [[PathKeyToken]]) = ([], [])
            for (position, component) in entry.components.enumerated() {
                let comparesEncoded = component.settings.percentEncoded
                let path = paths.map { comparesEncoded ? $0.encoded : $0.decoded }
                // For one URL, a key is built only for a component whose plain start agrees with its path.
                if let path, !Self.mayMeet(plainStartOf: component, path) { continue }
                let key = builder.key(of: component)
                if let path, !Self.mayMeet(key, path) { continue }
                if comparesEncoded {
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

    /// False when `key` cannot be expanded by any start of `path`: a scalar before its first
    /// variable differs from the path's, folded, where the trie's walk would stop.
    private static func mayMeet(_ key: [PathKeyToken], _ path: [UInt32]) -> Bool {
        for (token, scalar) in zip(key, path) {
            guard case .scalar(let expected) = token else { return true }
            if expected != CaseFolding.fold(scalar) { return false }
        }
        return true
    }

    /// False when the component's key, were it built, could not meet `path` (`mayMeet(_:_:)`),
    /// told from the start of its path pattern alone: the bytes after a leading `/` up to the
    /// first one that is not an ASCII letter, digit, `-`, `_`, `.`, `~` or single `/`, which the
    /// key holds as they are, folded. True (may meet) for anything else, where only the key can tell.
    private static func mayMeet(plainStartOf component: CompiledComponent, _ path: [UInt32]) -> Bool {
        guard var text = component.path?.text else { return true }
        return text.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/"), path.first == 0x2F else { return true }
            var matched = 1
            var lastIsSlash = true
            for byte in bytes.dropFirst() {
                guard matched < min(path.count, PathKeyBuilder.maximumLength) else { return true }
                if byte == UInt8(ascii: "/") {
                    if lastIsSlash { continue }
                    lastIsSlash = true
                } else {
                    guard isPlain(byte) else { return true }
                    lastIsSlash = false
                }
                if CaseFolding.fold(UInt32(byte)) != CaseFolding.fold(path[matched]) { return false }
                matched += 1
            }
            return true
        }
    }

    /// An ASCII byte of a path pattern that its key holds as a scalar of its own.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            true
        default:
            false
        }
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
