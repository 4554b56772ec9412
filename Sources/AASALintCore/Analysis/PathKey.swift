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
        case .builtIn(let variable): values.append(Self.builtInTries[variable] ?? ValueTrie([]))
        case .custom(let words): values.append(ValueTrie(words))
        }
        idByValues[source] = values.count - 1
        return values.count - 1
    }

    private static let builtInTries: [BuiltInVariable: ValueTrie] = Dictionary(uniqueKeysWithValues: BuiltInVariable.allCases.map { variable in
        let words: [[UInt32]] = switch variable.language {
        case .character(let set): set.ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).map { [CaseFolding.fold($0).value] }
        case .words(let words): words.map { $0.unicodeScalars.map { CaseFolding.fold($0).value } }
        }
        return (variable, ValueTrie(words))
    })
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
    mutating func key(of component: CompiledComponent) -> [PathKeyToken] {
        guard let text = component.path?.text else { return [] }
        var key: [PathKeyToken] = []
        for token in PathNormalization.normalize(Pattern(text).tokens).prefix(Self.maximumLength) {
            switch token.kind {
            case .literal(let scalar) where !(component.settings.percentEncoded && scalar == "%"):
                key.append(.scalar(CaseFolding.fold(scalar).value))
            case .variable(let name):
                guard let id = variableID(of: name) else { return key }
                key.append(.variable(id))
            default:
                return key
            }
        }
        return key
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

/// A set of words as a trie, to follow many words along one text at once.
struct ValueTrie {
    struct Node {
        var children: [UInt32: Int] = [:]
        var isWordEnd = false
    }

    private(set) var nodes = [Node()]

    init(_ words: [[UInt32]]) {
        for word in words {
            var node = 0
            for scalar in word {
                if let child = nodes[node].children[scalar] {
                    node = child
                } else {
                    nodes.append(Node())
                    nodes[node].children[scalar] = nodes.count - 1
                    node = nodes.count - 1
                }
            }
            nodes[node].isWordEnd = true
        }
    }
}
