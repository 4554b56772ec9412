/// The start of a path pattern as the component index compares it: literal scalars (case-folded,
/// since a component that ignores case meets every spelling) and variables whose values are all
/// literal, up to the first wildcard. Every path the component matches starts with some expansion
/// of its key, in either case.
enum PathKeyToken: Hashable {
    case scalar(UInt32)
    /// A variable by the id of its set of values in a `PathKeyVocabulary`.
    case variable(Int)

    /// Scalars are labelled with the scalar, variables with their id and this bit: keys are kept
    /// as labels (`PathKeys`) and tries label their edges so.
    static let variableLabel: UInt32 = 1 << 31

    var label: UInt32 {
        switch self {
        case .scalar(let scalar): scalar
        case .variable(let id): Self.variableLabel | UInt32(id)
        }
    }

    init(label: UInt32) {
        self = label & Self.variableLabel == 0 ? .scalar(label) : .variable(Int(label & ~Self.variableLabel))
    }
}

/// The keys of some components one after another in one array of labels (`PathKeyToken.label`):
/// an array per key, of tokens twice the size of a label, was a megabyte of a catalog's 2,703
/// keys, made and freed one by one.
struct PathKeys: Sendable {
    private(set) var labels: [UInt32] = []
    /// Where each key starts in `labels`, and one more: where the last ends.
    private(set) var starts: [Int] = [0]
    /// Per key, whether it holds a variable: only such keys meet keys beyond their own branch of a trie.
    private(set) var hasVariable: [Bool] = []

    init() {}

    init(_ keys: [[PathKeyToken]]) {
        labels.reserveCapacity(keys.reduce(0) { $0 + $1.count })
        for key in keys {
            labels.append(contentsOf: key.lazy.map(\.label))
            hasVariable.append(key.contains { if case .variable = $0 { true } else { false } })
            starts.append(labels.count)
        }
    }

    var count: Int { starts.count - 1 }

    func key(_ index: Int) -> ArraySlice<UInt32> { labels[starts[index]..<starts[index + 1]] }

    func length(of index: Int) -> Int { starts[index + 1] - starts[index] }

    /// Appends a key, with whether one of its labels is a variable.
    fileprivate mutating func append(_ key: UnsafeBufferPointer<UInt32>, hasVariable keyHasVariable: Bool) {
        labels.append(contentsOf: key)
        hasVariable.append(keyHasVariable)
        starts.append(labels.count)
    }
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

    /// The codes of `$(region)` and `$(lang)` go into their tries as they are folded, without an
    /// array per code: the 615 language codes' arrays were made and freed at the first `$(lang)`
    /// of every run.
    private static func trie(of variable: BuiltInVariable) -> ValueTrie {
        switch variable {
        case .region: trie(ofCodes: BuiltInVariableTables.regionCodes)
        case .lang: trie(ofCodes: BuiltInVariableTables.languageCodes)
        case .alpha, .upper, .lower, .alnum, .digit, .xdigit: ValueTrie(foldedValues(of: variable))
        }
    }

    private static func trie(ofCodes codes: [String]) -> ValueTrie {
        ValueTrie(codes.lazy.map { $0.utf8.lazy.map { CaseFolding.fold(UInt32($0)) } }, capacity: codes.reduce(0) { $0 + $1.utf8.count })
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
    private var lastVariable: (name: [UInt8], id: Int?)?

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
        withKey(of: component) { key, _ in key.map(PathKeyToken.init(label:)) }
    }

    /// Writes the key of `component` at the end of `keys`.
    mutating func appendKey(of component: CompiledComponent, to keys: inout PathKeys) {
        withKey(of: component) { keys.append($0, hasVariable: $1) }
    }

    /// The key of `component` as labels, and whether one is a variable, to `body`: written on the
    /// stack rather than appended label by label to an array of its own.
    private mutating func withKey<Result>(of component: CompiledComponent, _ body: (UnsafeBufferPointer<UInt32>, Bool) -> Result) -> Result {
        guard var text = component.path?.text else { return body(UnsafeBufferPointer(start: nil, count: 0), false) }
        let stopsAtPercent = component.settings.percentEncoded
        return text.withUTF8 { bytes in
            // Each scalar is a label at most, with a `/` added at either end.
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: min(bytes.count + 2, Self.maximumLength)) { buffer in
                var key = KeyWriter(buffer: buffer, stopsAtPercent: stopsAtPercent)
                writeKey(ofUTF8: bytes, into: &key)
                return body(UnsafeBufferPointer(rebasing: buffer[..<key.count]), key.hasVariable)
            }
        }
    }

    private mutating func writeKey(ofUTF8 bytes: UnsafeBufferPointer<UInt8>, into key: inout KeyWriter) {
        var index = 0
        var isFirst = true
        var lastIsSlash = false
        while index < bytes.count {
            if !isFirst {
                let start = index
                guard key.appendPlainASCII(bytes, from: &index) else { return }
                if index > start {
                    lastIsSlash = false
                    continue
                }
            }
            let scalar = Self.scalar(in: bytes, at: &index)
            if isFirst, scalar != 0x2F, scalar != 0x2A {
                // Normalisation adds a leading `/`; a `*` ends the key there anyway.
                guard key.append(0x2F) else { return }
            }
            isFirst = false
            switch scalar {
            case 0x2A, 0x3F: // `*`, `?`
                return
            case 0x24 where index < bytes.count && bytes[index] == 0x28: // `$(`
                // No byte of a multi-byte scalar is `)`.
                guard let close = bytes[(index + 1)...].firstIndex(of: 0x29),
                      let id = variableID(of: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close])),
                      key.appendVariable(id) else { return }
                index = close + 1
                lastIsSlash = false
            case 0x2F where lastIsSlash:
                continue
            default:
                guard key.appendLiteral(scalar) else { return }
                lastIsSlash = scalar == 0x2F
            }
        }
        // Normalisation ends the path with a `/` (the empty pattern is `/` alone).
        if !lastIsSlash { _ = key.append(0x2F) }
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

    /// The id of the variable named by these bytes; the last name asked is kept, since a file's
    /// keys mostly name one variable (`$(lang)`), and making its name for each was most of a key.
    private mutating func variableID(of nameBytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let last = lastVariable, last.name.count == nameBytes.count, last.name.elementsEqual(nameBytes) { return last.id }
        let id = variableID(of: String(decoding: nameBytes, as: UTF8.self))
        lastVariable = (Array(nameBytes), id)
        return id
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

/// A key as it is written into room for its longest, up to `PathKeyBuilder.maximumLength` labels.
private struct KeyWriter {
    let buffer: UnsafeMutableBufferPointer<UInt32>
    let stopsAtPercent: Bool
    private(set) var count = 0
    private(set) var hasVariable = false

    init(buffer: UnsafeMutableBufferPointer<UInt32>, stopsAtPercent: Bool) {
        self.buffer = buffer
        self.stopsAtPercent = stopsAtPercent
    }

    /// False when the key ends before `label`.
    @inline(__always)
    mutating func append(_ label: UInt32) -> Bool {
        guard count < buffer.count else { return false }
        buffer[count] = label
        count += 1
        return true
    }

    /// Appends the bytes from `index` on, folded, up to the first that is not plain ASCII text
    /// (`*`, `?`, `$`, `/`, `%` or beyond ASCII), which `index` is moved to: the letters and
    /// digits that are most of a path, without the steps a scalar takes in general. False when
    /// the key ends before them.
    @inline(__always)
    mutating func appendPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Bool {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80, byte != 0x2A, byte != 0x3F, byte != 0x24, byte != 0x2F, byte != 0x25 else { return true }
            guard count < buffer.count else { return false }
            buffer[count] = byte &- 0x41 < 26 ? UInt32(byte) + 0x20 : UInt32(byte)
            count += 1
            index += 1
        }
        return true
    }

    mutating func appendVariable(_ id: Int) -> Bool {
        hasVariable = true
        return append(PathKeyToken.variableLabel | UInt32(id))
    }

    @inline(__always)
    mutating func appendLiteral(_ scalar: UInt32) -> Bool {
        guard !(stopsAtPercent && scalar == 0x25) else { return false }
        return append(CaseFolding.fold(scalar))
    }
}

/// A set of words as a trie, to follow many words along one text at once.
final class ValueTrie: Sendable {
    let edges: TrieEdges
    private let wordEnds: [Bool]

    convenience init(_ words: [[UInt32]]) {
        self.init(words, capacity: words.reduce(0) { $0 + $1.count })
    }

    /// `capacity`: how many scalars the words hold, or more.
    init<Words: Sequence>(_ words: Words, capacity: Int) where Words.Element: Sequence<UInt32> {
        // Room for every scalar: growing the table as the 615 language codes came in rehashed it eight times.
        var edges = TrieEdges(capacity: capacity)
        var ends: [Int] = []
        ends.reserveCapacity(words.underestimatedCount)
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
