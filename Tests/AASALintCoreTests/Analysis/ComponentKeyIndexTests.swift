@testable import AASALintCore
import Testing

/// The index that spares the rule-order analysis from comparing rules that share no path:
/// which earlier rules it offers for each rule, and how it groups them.
@Suite struct ComponentKeyIndexTests {
    /// The earlier rules offered for each rule, and the groups, of one entry of these paths.
    private func index(_ paths: [String], variables: String = "") throws -> (earlier: [[Int]], groups: [[Int]]) {
        let (matcher, rules) = try entry(paths.map { "{\"/\": \"\($0)\"}" }, variables: variables)
        let vocabulary = PathKeyVocabulary()
        var keys = PathKeyBuilder(variables: matcher.variables, vocabulary: vocabulary)
        let index = ComponentKeyIndex(keys: rules.map { keys.key(of: $0) }, vocabulary: vocabulary)
        var earlier = ComponentKeyIndex.EarlierComponents(index)
        return (rules.indices.map { earlier.of($0) }, index.groups())
    }

    /// The matcher of a file of one details entry of these components, and the entry's components.
    private func entry(_ components: [String], variables: String) throws -> (matcher: AASAMatcher, rules: [CompiledComponent]) {
        let json = """
            {"applinks": {\(variables)"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\(components.joined(separator: ", "))]}]}}
            """
        let matcher = try #require(AASAMatcher(file: LintFile(path: "index.json", kind: .aasa, bytes: Array(json.utf8)), determinisesEagerly: false))
        return (matcher, try #require(matcher.entries.first?.components))
    }

    @Test func literalPrefixesThatDisagreeAreNeverCompared() throws {
        let found = try index(["/shop/*", "/help/*", "/shop/sale/*", "/shopping", "/*"])
        #expect(found.earlier == [[], [], [0], [], [0, 1, 2, 3]])
        #expect(found.groups == [[0, 1, 2, 3, 4]])
    }

    @Test func groupsAreTheConnectedRules() throws {
        let found = try index(["/shop/*", "/help/*", "/shop/sale/*", "/help/faq"])
        #expect(found.groups == [[0, 2], [1, 3]])
    }

    @Test func caseNeverSeparatesRules() throws {
        // Keys are folded: a rule that ignores case meets both spellings.
        let found = try index(["/Shop/*", "/shop/sale"])
        #expect(found.earlier == [[], [0]])
    }

    @Test func aVariableMeetsLiteralTextByItsValues() throws {
        let found = try index(["/$(lang)/shop/*", "/shop/*", "/en/shop/sale", "/en/help/*", "/EN/shop", "/english/*"])
        // `/shop/...` is no language code followed by `/`; `/en/shop/sale` and `/EN/shop` are.
        #expect(found.earlier == [[], [], [0], [], [0, 2], []])
        #expect(found.groups == [[0, 2, 4], [1], [3], [5]])
    }

    @Test func aLiteralRuleMeetsALaterVariableByItsValues() throws {
        let found = try index(["/en/shop/sale", "/fr/*", "/$(lang)/shop/*", "/xx-not-a-code/*"])
        #expect(found.earlier == [[], [], [0, 1], []])
    }

    @Test func equalVariablesFollowEachOtherAndDifferentOnesMeet() throws {
        let found = try index(["/$(lang)/shop/*", "/$(lang)/help/*", "/$(region)/shop/*", "/$(lang)/shop/sale"])
        // Two different variables are taken to share text: the index does not intersect them.
        #expect(found.earlier == [[], [], [0, 1], [0, 2]])
    }

    @Test func customVariablesUseTheirValues() throws {
        let variables = #""substitutionVariables": {"store": ["us-shop", "uk-shop"], "wild": ["a*"]}, "#
        let found = try index(["/$(store)/*", "/us-shop/cart", "/de-shop/cart", "/$(wild)/x", "/b/x"], variables: variables)
        // A value with a wildcard ends the key: `$(wild)` meets every rule.
        #expect(found.earlier == [[], [0], [], [0, 1, 2], [3]])
    }

    @Test func aKeyEndingInsideAValueMeetsIt() throws {
        // `/e*` could be `/en/shop`; no language code starts with a digit.
        let found = try index(["/$(lang)/shop", "/e*", "/1*"])
        #expect(found.earlier == [[], [0], []])
    }

    @Test(.timeLimit(.minutes(1))) func valuesThatArePrefixesOfEachOtherAreWalkedOnce() throws {
        // 80 references to `$(v)` meet 80 `a`s in Fibonacci(80) ways; each place is walked once.
        // The last rule puts `b` where the others have `/` after the same text.
        let variables = #""substitutionVariables": {"v": ["a", "aa"]}, "#
        let references = String(repeating: "$(v)", count: 80)
        let found = try index(["/" + String(repeating: "a", count: 80) + "/*", "/\(references)/x", "/\(references)b"], variables: variables)
        #expect(found.earlier == [[], [0], []])
    }

    @Test func keysOfVeryLongPatternsAreCut() throws {
        // The index walks keys recursively: a 100,000-character key would overflow the stack.
        let long = "/" + String(repeating: "a", count: 100_000)
        let found = try index([long + "/*", long + "/b", "/b/*", "/" + String(repeating: "a", count: 200) + "c"])
        #expect(found.earlier == [[], [0], [], [0, 1]])
    }

    /// Keys are read straight from the pattern text: the same as the pattern's tokens normalised
    /// as a path, cut at the first token that is not literal text or a variable of literal values,
    /// on generated patterns (fixed seed).
    @Test func keysAreTheNormalisedTokensUpToTheFirstWildcard() throws {
        // `@`, `Z`, `[`, `` ` ``, `z`, `{` and digits: at either end of the letters, which alone fold.
        let pieces = ["a", "B", "/", "//", "*", "?", "%", "é", "Σ", "$(lang)", "$(store)", "$(wild)", "$(nope)", "$(", ")", "$",
                      "0", "9", "@", "Z", "[", "`", "z", "{"]
        let variables = #""substitutionVariables": {"store": ["us-shop", "uk"], "wild": ["a*"]}, "#
        var random = SeededRandom(seed: 0x6B_E7)
        let paths = (0..<400).map { _ in (0..<random.next(below: 8)).map { _ in pieces[random.next(below: pieces.count)] }.joined() }
        for percentEncoded in [false, true] {
            let (matcher, rules) = try entry(paths.map { "{\"/\": \"\($0)\", \"percentEncoded\": \(percentEncoded)}" }, variables: variables)
            let vocabulary = PathKeyVocabulary()
            var keys = PathKeyBuilder(variables: matcher.variables, vocabulary: vocabulary)
            let literal: [String: PathKeyVocabulary.Values] = ["lang": .builtIn(.lang), "store": .custom([[0x75, 0x6B], Array("us-shop".unicodeScalars.map(\.value))])]
            for rule in rules {
                let path = try #require(rule.path?.text)
                let expected = referenceKey(of: path, percentEncoded: percentEncoded, literal: literal, vocabulary: vocabulary)
                #expect(keys.key(of: rule) == expected, "\(path)")
            }
        }
    }

    /// The keys of an entry written at once, each label's byte packed as it is written, are the
    /// keys written one by one, and their bytes those packed from the labels afterwards, on
    /// generated patterns (fixed seed): ASCII, beyond ASCII, variables, wildcards, `%`, no path.
    @Test func keysWrittenAtOnceAreTheKeysOneByOne() throws {
        // Every label of the first 22 has a byte.
        let pieces = ["a", "B", "/", "//", "*", "?", "%", "$(lang)", "$(store)", "$(wild)", "$(nope)", "$(", ")", "$", "longer-segment-0",
                      #"\u007f"#, #"\u0000"#, "9", "@", "Z", "[", "`", "é", "Σ"]
        let variables = #""substitutionVariables": {"store": ["us-shop", "uk"], "wild": ["a*"]}, "#
        var random = SeededRandom(seed: 0x9A_C6)
        for round in 0..<40 {
            let components = (0..<(1 + random.next(below: 30))).map { _ in
                let path = (0..<random.next(below: 10)).map { _ in pieces[random.next(below: round % 2 == 0 ? 22 : pieces.count)] }.joined()
                return random.next(below: 10) == 0 ? #"{"?": {"a": "b"}}"# : "{\"/\": \"\(path)\", \"percentEncoded\": \(random.next(below: 2) == 0)}"
            }
            let (matcher, rules) = try entry(components, variables: variables)
            var builder = PathKeyBuilder(variables: matcher.variables, vocabulary: PathKeyVocabulary())
            let written = builder.keys(of: rules)
            let oneByOne = PathKeys(rules.map { builder.key(of: $0) })
            #expect(written.labels == oneByOne.labels, "\(components)")
            #expect(written.starts == oneByOne.starts, "\(components)")
            #expect(written.hasVariable == oneByOne.hasVariable, "\(components)")
            #expect(written.packed == PackedKeys(labels: written.labels, starts: written.starts), "\(components)")
        }
    }

    /// Keys are ordered eight labels at a time when every label has a byte and one at a time
    /// otherwise: either way, on generated keys (fixed seeds) of ASCII scalars, scalars beyond
    /// it, and variables of ids around the last with a byte, the order is the labels'
    /// lexicographic order, equal keys by number, and each key shares with the one before what
    /// a comparison finds.
    @Test(arguments: 0..<60)
    func keysAreOrderedByTheirLabels(seed: Int) {
        var random = SeededRandom(seed: UInt64(7_000 + seed))
        let wide = seed % 3 == 0
        let variableIDs: [UInt32] = seed % 5 == 0 ? [0, 0x7E, 0x7F, 0x80] : [0, 1, 0x7E]
        let alphabet: [UInt32] = [0x00, 0x2F, 0x61, 0x62, 0x7F] + (wide ? [0xE9, 0x3A3] : [])
            + variableIDs.map { PathKeyToken.variableLabel | $0 }
        let keys = (0..<(1 + random.next(below: 150))).map { _ in
            (0..<random.next(below: 20)).map { _ in PathKeyToken(label: alphabet[random.next(below: random.next(below: 3) == 0 ? alphabet.count : 3)]) }
        }
        let labels = keys.map { $0.map(\.label) }
        let pathKeys = PathKeys(keys)
        #expect((pathKeys.packed != nil) == labels.joined().allSatisfy(PackedKeys.hasByte))
        let (order, shared) = pathKeys.lexicographicOrder()
        let expected = keys.indices.sorted { labels[$0].lexicographicallyPrecedes(labels[$1]) || labels[$0] == labels[$1] && $0 < $1 }
        #expect(order == expected, "\(labels)")
        for position in order.indices.dropFirst() {
            let (before, key) = (labels[order[position - 1]], labels[order[position]])
            #expect(shared[position] == zip(before, key).prefix { $0 == $1 }.count, "\(labels)")
        }
    }

    /// The codes of `$(region)` and `$(lang)` are folded from their tables rather than from the
    /// variables' words: the same values either way.
    @Test(arguments: BuiltInVariable.allCases)
    func builtInValuesAreTheVariablesWordsFolded(variable: BuiltInVariable) {
        let words: [[UInt32]] = switch variable.language {
        case .character(let set): set.ranges.flatMap { $0 }.map { [CaseFolding.fold($0)] }
        case .words(let words): words.map { $0.unicodeScalars.map { CaseFolding.fold($0).value } }
        }
        #expect(Set(PathKeyVocabulary.foldedValues(of: variable)) == Set(words))
    }

    /// The trie is built from the keys in lexicographic order: on generated keys (fixed seeds), the
    /// subtree of each key's node holds exactly the keys that start with it, and a key without
    /// variables is compatible with exactly the keys that start it or that it starts.
    @Test(arguments: 0..<40)
    func theTrieHoldsEachKeysExtensions(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let tokens: [PathKeyToken] = [.scalar(0x2F), .scalar(0x61), .scalar(0x62), .variable(0), .variable(1)]
        let withVariables = seed % 2 == 0
        let keys = (0..<(1 + random.next(below: 60))).map { _ in
            (0..<random.next(below: 7)).map { _ in tokens[random.next(below: withVariables ? tokens.count : 3)] }
        }
        let trie = PathKeyTrie(keys: keys, values: [ValueTrie([[0x61]]), ValueTrie([[0x62], [0x62, 0x62]])])
        #expect(trie.componentsInTrieOrder.sorted() == Array(keys.indices))
        #expect(keys.indices.allSatisfy { trie.componentsInTrieOrder[trie.positions[$0]] == $0 })
        for (component, key) in keys.enumerated() {
            let subtree = Set(trie.subtreeRun(ofComponentAt: trie.positions[component]).map { trie.componentsInTrieOrder[$0] })
            #expect(subtree == Set(keys.indices.filter { keys[$0].starts(with: key) }), "\(keys)")
            guard !withVariables else { continue }
            let compatible = Set(trie.compatibleRuns(with: key).flatMap { $0.map { trie.componentsInTrieOrder[$0] } })
            #expect(compatible == Set(keys.indices.filter { keys[$0].starts(with: key) || key.starts(with: keys[$0]) }), "\(keys)")
        }
    }

    /// The trie's walks on generated keys with variables (fixed seeds), over an alphabet wide
    /// enough that some nodes find their children by hashing and others along their siblings:
    /// each key's walk finds exactly the keys a direct comparison finds compatible, and the
    /// trie's order is the lexicographic order of the labels, equal keys by number.
    @Test(arguments: 0..<60)
    func walksFindWhatComparingKeysFinds(seed: Int) {
        var random = SeededRandom(seed: UInt64(1_000 + seed))
        let values: [[[UInt32]]] = [[[0x61], [0x61, 0x62]], [[0x62], []], [[0x2F, 0x61]]]
        let alphabet = 3 + random.next(below: 28)
        let tokens: [PathKeyToken] = (0..<alphabet).map { .scalar(0x2F + UInt32($0)) } + (0..<values.count).map { .variable($0) }
        let keys = (0..<(1 + random.next(below: 120))).map { _ in
            (0..<random.next(below: 6)).map { _ in
                random.next(below: 5) == 0 ? tokens[random.next(below: tokens.count)] : tokens[random.next(below: min(4, alphabet))]
            }
        }
        let trie = PathKeyTrie(keys: keys, values: values.map(ValueTrie.init))
        let order = trie.componentsInTrieOrder.map { keys[$0].map(\.label) }
        for position in order.indices.dropFirst() {
            let (before, key) = (order[position - 1], order[position])
            #expect(before.lexicographicallyPrecedes(key) || before == key && trie.componentsInTrieOrder[position - 1] < trie.componentsInTrieOrder[position],
                    "\(keys)")
        }
        for (component, key) in keys.enumerated() {
            let found = Set(trie.compatibleRuns(with: key).flatMap { $0.map { trie.componentsInTrieOrder[$0] } })
            let compared = Set(keys.indices.filter { keysMeet(key[...], keys[$0][...], values: values) })
            #expect(found == compared, "key \(component) of \(keys)")
        }
    }

    /// Rules that match one URL must be compared: on generated files, every pair of rules
    /// that a sample URL matches is offered to the later one. The index keeps runs of rules
    /// rather than pairs, and its groups are still the connected parts of the pairs it offers.
    @Test(arguments: 0..<200)
    func rulesThatShareAURLAreCompared(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let json = GeneratedAASA.json(random: &random)
        let matcher = try #require(AASAMatcher(file: LintFile(path: "generated.json", kind: .aasa, bytes: Array(json.utf8))))
        let rules = try #require(matcher.entries.first?.components)
        let vocabulary = PathKeyVocabulary()
        var builder = PathKeyBuilder(variables: matcher.variables, vocabulary: vocabulary)
        let keys = rules.map { builder.key(of: $0) }
        let index = ComponentKeyIndex(keys: keys, vocabulary: vocabulary)
        var lister = ComponentKeyIndex.EarlierComponents(index)
        let earlier = rules.indices.map { lister.of($0) }
        let groupOf = Dictionary(uniqueKeysWithValues: index.groups().enumerated().flatMap { group in group.element.map { ($0, group.offset) } })
        var part = Array(rules.indices)
        func root(_ rule: Int) -> Int { part[rule] == rule ? rule : root(part[rule]) }
        func join(_ one: Int, _ other: Int) {
            if root(one) != root(other) { part[max(root(one), root(other))] = min(root(one), root(other)) }
        }
        for (rule, others) in earlier.enumerated() {
            for other in others { join(rule, other) }
        }
        #expect(index.groups() == Dictionary(grouping: rules.indices, by: root).values.sorted { $0[0] < $1[0] }, "\(json)")
        // The groups are those of every key's walk, though the index walks only some of them.
        let trie = PathKeyTrie(keys: keys, values: vocabulary.values)
        for (rule, key) in keys.enumerated() {
            for run in trie.compatibleRuns(with: key) {
                for position in run { join(rule, trie.componentsInTrieOrder[position]) }
            }
        }
        #expect(index.groups() == Dictionary(grouping: rules.indices, by: root).values.sorted { $0[0] < $1[0] }, "\(json)")
        for url in GeneratedAASA.sampleURLs() {
            let link = try LinkURL(url)
            let matching = rules.indices.filter { rules[$0].mismatch(with: link) == nil }
            for (position, later) in matching.enumerated() {
                for earlierRule in matching[..<position] {
                    #expect(earlier[later].contains(earlierRule), "\(url): rules \(earlierRule + 1) and \(later + 1) of \(json)")
                    #expect(groupOf[later] == groupOf[earlierRule], "\(url): rules \(earlierRule + 1) and \(later + 1) of \(json)")
                }
            }
        }
    }
}

/// Keys as the index defines them, from the pattern's parsed and normalised tokens: `literal` holds the
/// value sets of the variables whose values are all literal text.
private func referenceKey(of path: String, percentEncoded: Bool, literal: [String: PathKeyVocabulary.Values],
                          vocabulary: PathKeyVocabulary) -> [PathKeyToken] {
    var key: [PathKeyToken] = []
    for token in PathNormalization.normalize(Pattern(path).tokens).prefix(PathKeyBuilder.maximumLength) {
        switch token.kind {
        case .literal(let scalar) where !(percentEncoded && scalar == "%"):
            key.append(.scalar(CaseFolding.fold(scalar).value))
        case .variable(let name) where literal[name] != nil:
            key.append(.variable(vocabulary.id(of: literal[name]!)))
        default:
            return key
        }
    }
    return key
}

/// Whether some expansion of one key and some of the other agree until either ends: a variable
/// meets literal text by its values, a variable meets itself, and two different variables are
/// taken to share text (what the index assumes).
private func keysMeet(_ one: ArraySlice<PathKeyToken>, _ other: ArraySlice<PathKeyToken>, values: [[[UInt32]]]) -> Bool {
    guard let first = one.first, let otherFirst = other.first else { return true }
    switch (first, otherFirst) {
    case (.scalar(let scalar), .scalar(let otherScalar)):
        return scalar == otherScalar && keysMeet(one.dropFirst(), other.dropFirst(), values: values)
    case (.variable(let id), .variable(let otherID)):
        return id != otherID || keysMeet(one.dropFirst(), other.dropFirst(), values: values)
    case (.variable(let id), .scalar):
        return values[id].contains { valueMeets($0[...], then: one.dropFirst(), other, values: values) }
    case (.scalar, .variable(let id)):
        return values[id].contains { valueMeets($0[...], then: other.dropFirst(), one, values: values) }
    }
}

/// Whether a value of a variable, followed by `rest`, meets `text`: text that ends or meets a
/// variable inside the value meets it.
private func valueMeets(_ value: ArraySlice<UInt32>, then rest: ArraySlice<PathKeyToken>, _ text: ArraySlice<PathKeyToken>,
                        values: [[[UInt32]]]) -> Bool {
    guard let scalar = value.first else { return keysMeet(rest, text, values: values) }
    guard let first = text.first, case .scalar(let textScalar) = first else { return true }
    return scalar == textScalar && valueMeets(value.dropFirst(), then: rest, text.dropFirst(), values: values)
}
