#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Compiles the patterns of one file into languages with the file's variables, once per
/// distinct pattern and setting.
struct PatternCompiler: Sendable {
    /// Path patterns are normalised before compiling; query and fragment patterns are not.
    enum Part: Hashable, Sendable {
        case path
        case other
    }

    let variables: SubstitutionVariables
    let stateBudget: Int
    /// False: determinise each language on first use (see `PatternLanguage`).
    let determinisesEagerly: Bool
    /// Keyed by the text alone, not a struct (start-up: scripts/check-startup-budget.sh).
    private var cache: [String: LanguagesOfText] = [:]
    /// The distinct languages made.
    private(set) var languageCount = 0
    private let values: VariableAutomata
    /// The locks of the file's languages, each shared by every `lockCount`-th language: enough that
    /// languages built on different cores rarely wait for one another. Made as languages need
    /// them: a file of one pattern needs one.
    private var locks: [Lock] = []
    private static let lockCount = 32

    init(variables: SubstitutionVariables, stateBudget: Int = PatternLanguage.defaultStateBudget,
                determinisesEagerly: Bool = true) {
        self.variables = variables
        self.stateBudget = stateBudget
        self.determinisesEagerly = determinisesEagerly
        values = VariableAutomata()
    }

    /// Room for `count` distinct patterns: growing the cache pattern by pattern rehashed every
    /// pattern of a large file several times.
    mutating func reserveCapacity(_ count: Int) {
        cache.reserveCapacity(count)
    }

    /// The cache is looked up once per pattern, the language created in place when missing.
    mutating func language(of text: String, as part: Part, caseSensitive: Bool) -> PatternLanguage {
        let recipe = PatternRecipe(text: text, part: part, caseSensitive: caseSensitive, variables: variables, values: values)
        let lock = lock(ofLanguageAt: languageCount)
        var isMade = false
        let language = Self.language(in: &cache[text, default: LanguagesOfText()][part, caseSensitive]) {
            isMade = true
            return PatternLanguage(stateBudget: stateBudget, determinisesEagerly: determinisesEagerly, recipe: recipe, lock: lock)
        }
        if isMade { languageCount += 1 }
        return language
    }

    /// Languages are numbered as they are made: while there are fewer than `lockCount`, the one
    /// about to be made is at most one past the last lock.
    private mutating func lock(ofLanguageAt position: Int) -> Lock {
        if position == locks.count, position < Self.lockCount { locks.append(Lock()) }
        return locks[position % Self.lockCount]
    }

    private static func language(in slot: inout PatternLanguage?, _ make: () -> PatternLanguage) -> PatternLanguage {
        if let known = slot { return known }
        let made = make()
        slot = made
        return made
    }

    /// The languages of one pattern text, one for each part and case setting.
    private struct LanguagesOfText {
        private var pathCaseSensitive, pathCaseInsensitive, otherCaseSensitive, otherCaseInsensitive: PatternLanguage?

        subscript(part: Part, caseSensitive: Bool) -> PatternLanguage? {
            get {
                switch (part, caseSensitive) {
                case (.path, true): pathCaseSensitive
                case (.path, false): pathCaseInsensitive
                case (.other, true): otherCaseSensitive
                case (.other, false): otherCaseInsensitive
                }
            }
            set {
                switch (part, caseSensitive) {
                case (.path, true): pathCaseSensitive = newValue
                case (.path, false): pathCaseInsensitive = newValue
                case (.other, true): otherCaseSensitive = newValue
                case (.other, false): otherCaseInsensitive = newValue
                }
            }
        }
    }

    /// The labels of a pattern of literals and `?` that ends in at most one `*`, for
    /// `DeterministicAutomaton.chain`; nil for any other pattern.
    static func chain(of tokens: [PatternToken], caseSensitive: Bool) -> (labels: [ScalarSet], endsInRun: Bool)? {
        let endsInRun = tokens.last?.kind == .anyRun
        var labels: [ScalarSet] = []
        labels.reserveCapacity(tokens.count)
        for token in endsInRun ? tokens.dropLast() : tokens[...] {
            switch token.kind {
            case .literal(let scalar): labels.append(AutomatonBuilder.label(of: scalar, caseSensitive: caseSensitive))
            case .anyScalar: labels.append(.all)
            case .anyRun, .variable, .unterminatedVariable: return nil
            }
        }
        return (labels, endsInRun)
    }
}

/// What a pattern's language is built from, when first needed: stored in the language rather
/// than captured by closures, each of which cost an allocation per pattern.
struct PatternRecipe: Sendable {
    let text: String
    let part: PatternCompiler.Part
    let caseSensitive: Bool
    let variables: SubstitutionVariables
    fileprivate let values: VariableAutomata

    private func tokens() -> [PatternToken] {
        let parsed = Pattern(text).tokens
        return part == .path ? PathNormalization.normalize(parsed) : parsed
    }

    /// The labels of the pattern when it is a chain (`PatternCompiler.chain(of:caseSensitive:)`).
    func chain() -> (labels: [ScalarSet], endsInRun: Bool)? {
        PatternCompiler.chain(of: tokens(), caseSensitive: caseSensitive)
    }

    /// The Thompson automaton.
    func construction() -> NondeterministicAutomaton {
        var builder = AutomatonBuilder(variables: variables, values: values, caseSensitive: caseSensitive)
        return builder.build(tokens())
    }
}

/// The automata of the values of a file's custom variables, each built on first use for each
/// case setting and embedded in every pattern that refers to it. Safe to share between threads.
private final class VariableAutomata: @unchecked Sendable {
    private struct Key: Hashable {
        let name: String
        let caseSensitive: Bool
    }

    private let lock = Lock()
    private var built: [Key: SharedAutomaton] = [:]

    func automaton(of name: String, values: [Pattern], caseSensitive: Bool) -> SharedAutomaton {
        let key = Key(name: name, caseSensitive: caseSensitive)
        return lock.withLock {
            if let known = built[key] { return known }
            var builder = AutomatonBuilder(variables: SubstitutionVariables([]), values: self, caseSensitive: caseSensitive)
            let automaton = SharedAutomaton(builder.build(values: values))
            built[key] = automaton
            return automaton
        }
    }
}

/// Thompson construction for one pattern, or for the values of one variable.
private struct AutomatonBuilder {
    let variables: SubstitutionVariables
    let values: VariableAutomata
    let caseSensitive: Bool
    var automaton = NondeterministicAutomaton()

    mutating func build(_ tokens: [PatternToken]) -> NondeterministicAutomaton {
        let start = automaton.addState()
        // A reference that can never match leaves the accepting state unreachable.
        let accepting = append(tokens, from: start) ?? automaton.addState()
        automaton.setEnds(start: start, accepting: accepting)
        return automaton
    }

    /// The values of a variable, which cannot refer to variables: the plain ones as a minimal
    /// acyclic automaton, so that a `*` before thousands of them follows a few states at a time
    /// rather than thousands, and the others one branch each.
    mutating func build(values: [Pattern]) -> NondeterministicAutomaton {
        let start = automaton.addState()
        let isPlain = { (value: Pattern) in value.tokens.allSatisfy { if case .literal = $0.kind { true } else { false } } }
        let join = appendWords(WordTrie(values.filter(isPlain).map(\.text)), from: start)
        for value in values where !isPlain(value) {
            let branch = automaton.addState()
            automaton.addEmptyMove(from: start, to: branch)
            if let end = append(value.tokens, from: branch) {
                automaton.addEmptyMove(from: end, to: join)
            }
        }
        automaton.setEnds(start: start, accepting: join)
        return automaton
    }

    /// The state after `tokens`, or nil when they can never match.
    private mutating func append(_ tokens: [PatternToken], from start: Int) -> Int? {
        var current = start
        for token in tokens {
            switch token.kind {
            case .literal(let scalar):
                current = step(from: current, on: Self.label(of: scalar, caseSensitive: caseSensitive))
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
        case .custom(let patterns):
            let join = automaton.addState()
            automaton.embed(values.automaton(of: name, values: patterns, caseSensitive: caseSensitive), from: start, to: join)
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
                automaton.addEdge(from: state, on: Self.label(of: scalar, caseSensitive: caseSensitive), to: target)
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

    private func label(_ set: ScalarSet) -> ScalarSet {
        Self.label(set, caseSensitive: caseSensitive)
    }

    /// The label of a literal scalar: those of ASCII are made once, since every pattern is made of them.
    static func label(of scalar: Unicode.Scalar, caseSensitive: Bool) -> ScalarSet {
        guard scalar.isASCII else { return label(ScalarSet(scalar), caseSensitive: caseSensitive) }
        return (caseSensitive ? asciiLabels : asciiLabelsIgnoringCase)[Int(scalar.value)]
    }

    private static let asciiLabels = (0..<128).map { ScalarSet(Unicode.Scalar(UInt8($0))) }
    private static let asciiLabelsIgnoringCase = asciiLabels.map { label($0, caseSensitive: false) }

    /// The set widened to every case variant when matching ignores case.
    static func label(_ set: ScalarSet, caseSensitive: Bool) -> ScalarSet {
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

    /// Children are looked up by scalar while building: a variable's values may start with
    /// thousands of different characters.
    init(_ words: [String]) {
        var childByScalar: [[Unicode.Scalar: Int]] = [[:]]
        for word in words {
            var node = 0
            for scalar in word.unicodeScalars {
                if let child = childByScalar[node][scalar] {
                    node = child
                } else {
                    children.append([])
                    childByScalar.append([:])
                    isWordEnd.append(false)
                    depth.append(depth[node] + 1)
                    children[node].append((scalar, children.count - 1))
                    childByScalar[node][scalar] = children.count - 1
                    node = children.count - 1
                }
            }
            isWordEnd[node] = true
        }
        equivalenceClass = Array(repeating: 0, count: children.count)
        nodesBottomUp = children.indices.sorted { depth[$0] > depth[$1] }
        // A node's signature: whether a word ends there, then each child's scalar and class.
        var classBySignature: [[UInt32]: Int] = [:]
        for node in nodesBottomUp {
            let signature = [isWordEnd[node] ? 1 : 0] + children[node]
                .map { [$0.0.value, UInt32(equivalenceClass[$0.1])] }.sorted { $0.lexicographicallyPrecedes($1) }.joined()
            equivalenceClass[node] = classBySignature[signature] ?? classBySignature.count
            classBySignature[signature] = equivalenceClass[node]
        }
    }
}
