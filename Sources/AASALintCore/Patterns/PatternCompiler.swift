/// Compiles the patterns of one file into languages with the file's variables, once per
/// distinct pattern and setting.
public struct PatternCompiler: Sendable {
    /// Path patterns are normalised before compiling; query and fragment patterns are not.
    public enum Part: Hashable, Sendable {
        case path
        case other
    }

    private struct Key: Hashable {
        let text: String
        let part: Part
        let caseSensitive: Bool
    }

    public let variables: SubstitutionVariables
    public let stateBudget: Int
    /// False: determinise each language on first use (see `PatternLanguage`).
    public let determinisesEagerly: Bool
    private var cache: [Key: PatternLanguage] = [:]

    public init(variables: SubstitutionVariables, stateBudget: Int = PatternLanguage.defaultStateBudget,
                determinisesEagerly: Bool = true) {
        self.variables = variables
        self.stateBudget = stateBudget
        self.determinisesEagerly = determinisesEagerly
    }

    public mutating func language(of text: String, as part: Part, caseSensitive: Bool) -> PatternLanguage {
        let key = Key(text: text, part: part, caseSensitive: caseSensitive)
        if let known = cache[key] { return known }
        let variables = variables
        let language = PatternLanguage(stateBudget: stateBudget, determinisesEagerly: determinisesEagerly) {
            let tokens = Pattern(text).tokens
            var builder = AutomatonBuilder(variables: variables, caseSensitive: caseSensitive)
            return builder.build(part == .path ? PathNormalization.normalize(tokens) : tokens)
        }
        cache[key] = language
        return language
    }
}

/// Thompson construction for one pattern.
private struct AutomatonBuilder {
    let variables: SubstitutionVariables
    let caseSensitive: Bool
    var automaton = NondeterministicAutomaton()

    mutating func build(_ tokens: [PatternToken]) -> NondeterministicAutomaton {
        let start = automaton.addState()
        // A reference that can never match leaves the accepting state unreachable.
        let accepting = append(tokens, from: start) ?? automaton.addState()
        automaton.setEnds(start: start, accepting: accepting)
        return automaton
    }

    /// The state after `tokens`, or nil when they can never match.
    private mutating func append(_ tokens: [PatternToken], from start: Int) -> Int? {
        var current = start
        for token in tokens {
            switch token.kind {
            case .literal(let scalar):
                current = step(from: current, on: label(ScalarSet(scalar)))
            case .anyScalar:
                current = step(from: current, on: .all)
            case .anyRun:
                let loop = automaton.addState()
                automaton.addEmptyMove(from: current, to: loop)
                automaton.addEdge(from: loop, on: .all, to: loop)
                current = loop
            case .variable(let name):
                guard let next = appendVariable(name, from: current) else { return nil }
                current = next
            case .unterminatedVariable:
                return nil
            }
        }
        return current
    }

    private mutating func appendVariable(_ name: String, from start: Int) -> Int? {
        switch variables.meaning(of: name) {
        case .undefined, .invalidName:
            return nil
        case .builtIn(let variable):
            switch variable.language {
            case .character(let set):
                return step(from: start, on: label(set))
            case .words(let words):
                return appendWords(WordTrie.builtIn[variable] ?? WordTrie(words), from: start)
            }
        case .custom(let values):
            let join = automaton.addState()
            for value in values {
                let branch = automaton.addState()
                automaton.addEmptyMove(from: start, to: branch)
                if let end = append(value.tokens, from: branch) {
                    automaton.addEmptyMove(from: end, to: join)
                }
            }
            return join
        }
    }

    /// The words as a minimal acyclic automaton: a trie whose nodes with equal sets of
    /// suffixes are merged, so that the 1,200 spellings of `$(lang)` take a few hundred states.
    private mutating func appendWords(_ trie: WordTrie, from start: Int) -> Int {
        let join = automaton.addState()
        var stateOfClass: [Int: Int] = [:]
        for node in trie.nodesBottomUp {
            let classID = trie.equivalenceClass[node]
            guard stateOfClass[classID] == nil else { continue }
            let state = node == 0 ? start : automaton.addState()
            if trie.isWordEnd[node] { automaton.addEmptyMove(from: state, to: join) }
            for (scalar, child) in trie.children[node] {
                let target = stateOfClass[trie.equivalenceClass[child]] ?? join
                automaton.addEdge(from: state, on: label(ScalarSet(scalar)), to: target)
            }
            stateOfClass[classID] = state
        }
        return join
    }

    private mutating func step(from source: Int, on label: ScalarSet) -> Int {
        let target = automaton.addState()
        automaton.addEdge(from: source, on: label, to: target)
        return target
    }

    /// The set widened to every case variant when matching ignores case.
    private func label(_ set: ScalarSet) -> ScalarSet {
        guard !caseSensitive else { return set }
        var widened = set
        for range in set.ranges {
            for value in range {
                if let scalar = Unicode.Scalar(value) { widened = widened.union(CaseFolding.equivalents(of: scalar)) }
            }
        }
        return widened
    }
}

/// A trie of words with the classes of nodes that accept the same suffixes.
private struct WordTrie: Sendable {
    /// The tries of the built-in word variables, built once: `$(lang)` alone has 1,200 words,
    /// and files use it in hundreds of patterns.
    static let builtIn: [BuiltInVariable: WordTrie] = Dictionary(uniqueKeysWithValues: BuiltInVariable.allCases.compactMap { variable in
        guard case .words(let words) = variable.language else { return nil }
        return (variable, WordTrie(words))
    })

    var children: [[(Unicode.Scalar, Int)]] = [[]]
    var isWordEnd = [false]
    var depth = [0]
    /// Nodes with equal classes accept exactly the same suffixes.
    var equivalenceClass: [Int] = []
    /// Deepest nodes first, so that a node's children are classified before it.
    var nodesBottomUp: [Int] = []

    init(_ words: [String]) {
        for word in words {
            var node = 0
            for scalar in word.unicodeScalars {
                if let child = children[node].first(where: { $0.0 == scalar })?.1 {
                    node = child
                } else {
                    children.append([])
                    isWordEnd.append(false)
                    depth.append(depth[node] + 1)
                    children[node].append((scalar, children.count - 1))
                    node = children.count - 1
                }
            }
            isWordEnd[node] = true
        }
        equivalenceClass = Array(repeating: 0, count: children.count)
        nodesBottomUp = children.indices.sorted { depth[$0] > depth[$1] }
        var classBySignature: [String: Int] = [:]
        for node in nodesBottomUp {
            let signature = (isWordEnd[node] ? "$" : "") + children[node]
                .map { "\($0.0.value):\(equivalenceClass[$0.1])" }.sorted().joined(separator: ",")
            equivalenceClass[node] = classBySignature[signature] ?? classBySignature.count
            classBySignature[signature] = equivalenceClass[node]
        }
    }
}
