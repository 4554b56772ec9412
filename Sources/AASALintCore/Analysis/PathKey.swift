/// The start of a path pattern as the component index compares it: literal scalars (case-folded,
/// since a component that ignores case meets every spelling) and variables whose values are all
/// literal, up to the first wildcard. Every path the component matches starts with some expansion
/// of its key, in either case.
enum PathKeyToken: Hashable {
    case scalar(UInt32)
    /// A variable by the id of its set of values in a `PathKeyVocabulary`.
    case variable(Int)
}

/// The value sets of the variables that occur in keys, each kept once as a trie: two files
/// (for `aasalint diff`) may give one name different values, and equal sets share an id.
final class PathKeyVocabulary {
    /// Where a variable's values come from: the built-in tables are the same in every file.
    enum Values: Hashable {
        case builtIn(BuiltInVariable)
        /// Folded, each value once, sorted.
        case custom([[UInt32]])
    }

    private(set) var values: [ValueTrie] = []
    private var idByValues: [Values: Int] = [:]

    func id(of source: Values) -> Int {
        if let known = idByValues[source] { return known }
        switch source {
        case .builtIn(let variable): values.append(Self.builtInTrie(of: variable))
        case .custom(let words): values.append(ValueTrie(words))
        }
        idByValues[source] = values.count - 1
        return values.count - 1
    }

    /// Each built once, when a file first uses it: most files use `$(lang)` or nothing.
    private static func builtInTrie(of variable: BuiltInVariable) -> ValueTrie {
        switch variable {
        case .alpha: alphaTrie
        case .upper: upperTrie
        case .lower: lowerTrie
        case .alnum: alnumTrie
        case .digit: digitTrie
        case .xdigit: xdigitTrie
        case .region: regionTrie
        case .lang: langTrie
        }
    }

    private static let alphaTrie = trie(of: .alpha)
    private static let upperTrie = trie(of: .upper)
    private static let lowerTrie = trie(of: .lower)
    private static let alnumTrie = trie(of: .alnum)
    private static let digitTrie = trie(of: .digit)
    private static let xdigitTrie = trie(of: .xdigit)
    private static let regionTrie = trie(of: .region)
    private static let langTrie = trie(of: .lang)

    private static func trie(of variable: BuiltInVariable) -> ValueTrie {
        ValueTrie(foldedValues(of: variable))
    }

    /// The values of `variable`, folded. The codes of `$(region)` and `$(lang)` are folded straight
    /// from their tables: `BuiltInVariable.language` spells each code in both cases, which folding
    /// makes one again, and building those strings took half the time of the trie.
    static func foldedValues(of variable: BuiltInVariable) -> [[UInt32]] {
        switch variable {
        case .region: foldedCodes(BuiltInVariableTables.regionCodes)
        case .lang: foldedCodes(BuiltInVariableTables.languageCodes)
        case .alpha, .upper, .lower, .alnum, .digit, .xdigit:
            switch variable.language {
            case .character(let set): set.ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).map { [CaseFolding.fold($0).value] }
            case .words(let words): words.map { $0.unicodeScalars.map { CaseFolding.fold($0).value } }
            }
        }
    }

    private static func foldedCodes(_ codes: [String]) -> [[UInt32]] {
        codes.map { $0.utf8.map { CaseFolding.fold(UInt32($0)) } }
    }
}

/// Builds the keys of the components of one file, with the file's variables.
struct PathKeyBuilder {
    let variables: SubstitutionVariables
    let vocabulary: PathKeyVocabulary
    /// Nil for a variable that ends keys: undefined, or with a value that is not plain text.
    private var idByName: [String: Int?] = [:]

    init(variables: SubstitutionVariables, vocabulary: PathKeyVocabulary) {
        self.variables = variables
        self.vocabulary = vocabulary
    }

    /// Keys stop at this length: a shorter key only finds more components compatible, and the
    /// index walks keys recursively.
    static let maximumLength = 128

    /// The key ends at a `%` when the component compares the encoded URL, where `%41` and `A` are
    /// different texts for the same character.
    ///
    /// The pattern's tokens, normalised as `PathNormalization` does, are read straight from its
    /// text and only up to the key's end: parsing and normalising every pattern whole took most of
    /// the time of building a large file's index.
    mutating func key(of component: CompiledComponent) -> [PathKeyToken] {
        guard var text = component.path?.text else { return [] }
        let stopsAtPercent = component.settings.percentEncoded
        return text.withUTF8 { key(ofUTF8: $0, stopsAtPercent: stopsAtPercent) }
    }

    private mutating func key(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, stopsAtPercent: Bool) -> [PathKeyToken] {
        var key = KeyTokens(stopsAtPercent: stopsAtPercent, expectedLength: bytes.count + 2)
        var index = 0
        var isFirst = true
        var lastIsSlash = false
        while index < bytes.count {
            let scalar = Self.scalar(in: bytes, at: &index)
            if isFirst, scalar != 0x2F, scalar != 0x2A {
                // Normalisation adds a leading `/`; a `*` ends the key there anyway.
                guard key.append(.scalar(0x2F)) else { return key.tokens }
            }
            isFirst = false
            switch scalar {
            case 0x2A, 0x3F: // `*`, `?`
                return key.tokens
            case 0x24 where index < bytes.count && bytes[index] == 0x28: // `$(`
                // No byte of a multi-byte scalar is `)`.
                guard let close = bytes[(index + 1)...].firstIndex(of: 0x29),
                      let id = variableID(of: String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close]), as: UTF8.self)),
                      key.append(.variable(id)) else { return key.tokens }
                index = close + 1
                lastIsSlash = false
            case 0x2F where lastIsSlash:
                continue
            default:
                guard key.appendLiteral(scalar) else { return key.tokens }
                lastIsSlash = scalar == 0x2F
            }
        }
        // Normalisation ends the path with a `/` (the empty pattern is `/` alone).
        if !lastIsSlash { _ = key.append(.scalar(0x2F)) }
        return key.tokens
    }

    /// The scalar whose UTF-8 encoding starts at `index`, which moves past it.
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32 {
        let lead = bytes[index]
        guard lead >= 0x80 else {
            index += 1
            return UInt32(lead)
        }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0x7F >> length)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        index += length
        return value
    }

    private mutating func variableID(of name: String) -> Int? {
        if let known = idByName[name] { return known }
        let id = Self.values(of: name, in: variables).map(vocabulary.id(of:))
        idByName[name] = id
        return id
    }

    /// The values of a variable when each is plain text without `%`, and not longer than a key.
    private static func values(of name: String, in variables: SubstitutionVariables) -> PathKeyVocabulary.Values? {
        switch variables.meaning(of: name) {
        case .undefined, .invalidName:
            return nil
        case .builtIn(let variable):
            return .builtIn(variable)
        case .custom(let values):
            var words: Set<[UInt32]> = []
            for value in values {
                var word: [UInt32] = []
                for token in value.tokens {
                    guard case .literal(let scalar) = token.kind, scalar != "%" else { return nil }
                    word.append(CaseFolding.fold(scalar).value)
                }
                guard word.count <= maximumLength else { return nil }
                words.insert(word)
            }
            return .custom(words.sorted { $0.lexicographicallyPrecedes($1) })
        }
    }
}

/// A key as it grows, up to `PathKeyBuilder.maximumLength` tokens.
private struct KeyTokens {
    let stopsAtPercent: Bool
    private(set) var tokens: [PathKeyToken] = []

    init(stopsAtPercent: Bool, expectedLength: Int) {
        self.stopsAtPercent = stopsAtPercent
        tokens.reserveCapacity(min(expectedLength, PathKeyBuilder.maximumLength))
    }

    /// False when the key ends before `token`.
    mutating func append(_ token: PathKeyToken) -> Bool {
        guard tokens.count < PathKeyBuilder.maximumLength else { return false }
        tokens.append(token)
        return true
    }

    mutating func appendLiteral(_ scalar: UInt32) -> Bool {
        guard !(stopsAtPercent && scalar == 0x25) else { return false }
        return append(.scalar(CaseFolding.fold(scalar)))
    }
}

/// A set of words as a trie, to follow many words along one text at once.
final class ValueTrie: Sendable {
    let edges: TrieEdges
    private let wordEnds: [Bool]

    init(_ words: [[UInt32]]) {
        // Room for every scalar: growing the table as the 615 language codes came in rehashed it eight times.
        var edges = TrieEdges(capacity: words.reduce(0) { $0 + $1.count })
        var ends: [Int] = []
        for word in words {
            ends.append(word.reduce(0) { edges.addChild(of: $0, along: $1) })
        }
        var wordEnds = [Bool](repeating: false, count: edges.nodeCount)
        for end in ends { wordEnds[end] = true }
        self.edges = edges
        self.wordEnds = wordEnds
    }

    @inline(__always)
    func isWordEnd(_ node: Int) -> Bool { wordEnds[node] }
}
