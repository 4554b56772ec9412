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
    /// The keys a byte per label, where every label has one: what they are sorted by.
    private(set) var packed: PackedKeys?

    init(_ keys: [[PathKeyToken]]) {
        labels.reserveCapacity(keys.reduce(0) { $0 + $1.count })
        for key in keys {
            labels.append(contentsOf: key.lazy.map(\.label))
            hasVariable.append(key.contains { if case .variable = $0 { true } else { false } })
            starts.append(labels.count)
        }
        packed = PackedKeys(labels: labels, starts: starts)
    }

    var count: Int { starts.count - 1 }

    func key(_ index: Int) -> ArraySlice<UInt32> { labels[starts[index]..<starts[index + 1]] }

    func length(of index: Int) -> Int { starts[index + 1] - starts[index] }

    fileprivate init(labels: [UInt32], starts: [Int], hasVariable: [Bool], packed: PackedKeys?) {
        self.labels = labels
        self.starts = starts
        self.hasVariable = hasVariable
        self.packed = packed
    }
}

/// Keys whose labels are all ASCII scalars or variables of the first 127 ids, a byte per label
/// in the labels' order (0 past the end, then the scalars, then the variables), eight to a word,
/// the first label in the high byte: comparing two words compares eight labels.
struct PackedKeys: Sendable, Equatable {
    /// The words of key `key` from `wordStarts[key]` on: one more than it fills, so that its last
    /// word, and only that one, ends with a 0 byte.
    let words: [UInt64]
    let wordStarts: [Int]

    init(words: [UInt64], wordStarts: [Int]) {
        self.words = words
        self.wordStarts = wordStarts
    }

    /// The keys `labels[starts[key]..<starts[key + 1]]`, nil when a label has no byte.
    init?(labels: [UInt32], starts: [Int]) {
        // Checked first, in a loop the compiler does many labels at a time: a scalar beyond ASCII
        // or a variable id from 0x80 on has a bit in `wide`, the id 0x7F makes `largest` too large.
        var (wide, largest): (UInt32, UInt32) = (0, 0)
        for label in labels {
            wide |= label & 0x7FFF_FF80
            largest = max(largest, label)
        }
        guard wide == 0, largest < PathKeyToken.variableLabel | 0x7F else { return nil }
        let keyCount = starts.count - 1
        var wordStarts = [Int](repeating: 0, count: keyCount + 1)
        for key in 0..<keyCount { wordStarts[key + 1] = wordStarts[key] + (starts[key + 1] - starts[key]) / 8 + 1 }
        words = [UInt64](unsafeUninitializedCapacity: wordStarts[keyCount]) { words, count in
            labels.withUnsafeBufferPointer { labels in
                for key in 0..<keyCount {
                    var (start, end) = (starts[key], starts[key + 1])
                    while end - start >= 8 {
                        var word: UInt64 = 0
                        for offset in 0..<8 { word = word << 8 | Self.byte(of: labels[start + offset]) }
                        words[count] = word
                        count += 1
                        start += 8
                    }
                    var word: UInt64 = 0
                    for position in start..<end { word = word << 8 | Self.byte(of: labels[position]) }
                    words[count] = word << UInt64(8 * (8 - (end - start)))
                    count += 1
                }
            }
        }
        self.wordStarts = wordStarts
    }

    /// A scalar's byte is the scalar and one, a variable's its id and 0x81, where `hasByte(_:)`.
    @inline(__always)
    static func byte(of label: UInt32) -> UInt64 {
        UInt64(label & 0x7F | label >> 24 & 0x80) + 1
    }

    @inline(__always)
    static func hasByte(_ label: UInt32) -> Bool {
        label & 0x7FFF_FF80 == 0 && label != PathKeyToken.variableLabel | 0x7F
    }

    /// For each key of `order`, how many labels it starts with alike with the key before (none for the first).
    func sharedLengths(along order: [Int], keys: PathKeys) -> [Int] {
        var shared = [Int](repeating: 0, count: order.count)
        words.withUnsafeBufferPointer { words in
            for position in order.indices.dropFirst() {
                let (before, key) = (order[position - 1], order[position])
                var (word, otherWord) = (wordStarts[before], wordStarts[key])
                var same = 0
                while true {
                    let difference = words[word] ^ words[otherWord]
                    if difference != 0 {
                        same += difference.leadingZeroBitCount / 8
                        break
                    }
                    // Equal keys.
                    if words[word] & 0xFF == 0 {
                        same = .max
                        break
                    }
                    same += 8
                    word += 1
                    otherWord += 1
                }
                shared[position] = min(same, keys.length(of: before), keys.length(of: key))
            }
        }
        return shared
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

    /// Each code's bytes are read from its storage: iterating the codes' UTF-8 views took twice
    /// the time of the trie.
    private static func trie(ofCodes codes: [String]) -> ValueTrie {
        // Room for every scalar: growing the table as the 615 language codes came in rehashed it eight times.
        var edges = TrieEdges(capacity: codes.reduce(0) { $0 + $1.utf8.count })
        let ends = codes.map { code in
            var code = code
            return code.withUTF8 { bytes in bytes.reduce(0) { edges.addChild(of: $0, along: CaseFolding.fold(UInt32($1))) } }
        }
        return ValueTrie(edges: edges, wordEnds: ends)
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
        withPathUTF8(of: component) { path in
            let room = Self.room(forUTF8: path?.count)
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: room) { buffer in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: room / 8 + 1) { words in
                    let key = writeKey(ofUTF8: path, into: buffer, bytes: UnsafeMutableRawPointer(words.baseAddress!), stopsAtPercent: component.settings.percentEncoded)
                    return buffer[..<key.count].map(PathKeyToken.init(label:))
                }
            }
        }
    }

    /// The keys of `components`, written straight into one buffer with room for the longest
    /// each can be, and packed as they are written: a key written on the side and appended took
    /// a copy and a growth check per key.
    mutating func keys(of components: [CompiledComponent]) -> PathKeys {
        var labels = GrowingBuffer<UInt32>(capacity: 24 * components.count)
        var words = GrowingBuffer<UInt64>(capacity: 4 * components.count)
        defer {
            labels.deallocate()
            words.deallocate()
        }
        var starts = [0]
        var wordStarts = [0]
        var hasVariable: [Bool] = []
        var isPacked = true
        starts.reserveCapacity(components.count + 1)
        wordStarts.reserveCapacity(components.count + 1)
        hasVariable.reserveCapacity(components.count)
        for component in components {
            let stopsAtPercent = component.settings.percentEncoded
            // The text taken straight from the component, not through a helper's closure, which
            // retained and released every part of the pattern.
            var text = component.path?.text
            let key = text.withUTF8 { path in
                let room = Self.room(forUTF8: path?.count)
                // A key's bytes fill its words, and one more word (`PackedKeys`): zero at first.
                let wordRoom = words.room(room / 8 + 1)
                wordRoom.initialize(repeating: 0)
                return writeKey(ofUTF8: path, into: labels.room(room), bytes: UnsafeMutableRawPointer(wordRoom.baseAddress!), stopsAtPercent: stopsAtPercent)
            }
            labels.count += key.count
            for word in words.count..<(words.count + key.count / 8 + 1) { words.buffer[word] = UInt64(bigEndian: words.buffer[word]) }
            words.count += key.count / 8 + 1
            starts.append(labels.count)
            wordStarts.append(words.count)
            hasVariable.append(key.hasVariable)
            isPacked = isPacked && key.isPacked
        }
        return PathKeys(labels: labels.array(), starts: starts, hasVariable: hasVariable,
                        packed: isPacked ? PackedKeys(words: words.array(), wordStarts: wordStarts) : nil)
    }

    /// The most labels the key of a path of `count` bytes (nil: no path) can have: one per
    /// scalar at most, with a `/` added at either end.
    private static func room(forUTF8 count: Int?) -> Int {
        count.map { min($0 + 2, maximumLength) } ?? 0
    }

    /// The UTF-8 of the path of `component`, nil without one.
    private func withPathUTF8<Result>(of component: CompiledComponent, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        var text = component.path?.text
        return text.withUTF8(body)
    }

    /// Writes the key of the path `path` (none without a path) into `buffer`, which has room for
    /// `room(forUTF8:)` labels, and its labels' bytes into `bytes`.
    private mutating func writeKey(ofUTF8 path: UnsafeBufferPointer<UInt8>?, into buffer: UnsafeMutableBufferPointer<UInt32>,
                                   bytes: UnsafeMutableRawPointer, stopsAtPercent: Bool) -> (count: Int, hasVariable: Bool, isPacked: Bool) {
        guard let path else { return (0, false, true) }
        var key = KeyWriter(buffer: buffer, labelBytes: bytes, stopsAtPercent: stopsAtPercent)
        writeKey(ofUTF8: path, into: &key)
        return (key.count, key.hasVariable, key.isPacked)
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
///
/// Each label's byte (`PackedKeys.byte(of:)`) goes at the same place of `labelBytes`, as the label is
/// written: packing the keys afterwards took a pass over every label.
private struct KeyWriter {
    let buffer: UnsafeMutableBufferPointer<UInt32>
    let labelBytes: UnsafeMutableRawPointer
    let stopsAtPercent: Bool
    private(set) var count = 0
    private(set) var hasVariable = false
    /// Whether every label has a byte.
    private(set) var isPacked = true

    init(buffer: UnsafeMutableBufferPointer<UInt32>, labelBytes: UnsafeMutableRawPointer, stopsAtPercent: Bool) {
        self.buffer = buffer
        self.labelBytes = labelBytes
        self.stopsAtPercent = stopsAtPercent
    }

    /// False when the key ends before `label`.
    @inline(__always)
    mutating func append(_ label: UInt32) -> Bool {
        guard count < buffer.count else { return false }
        buffer[count] = label
        isPacked = isPacked && PackedKeys.hasByte(label)
        labelBytes.storeBytes(of: UInt8(truncatingIfNeeded: PackedKeys.byte(of: label)), toByteOffset: count, as: UInt8.self)
        count += 1
        return true
    }

    /// Appends the bytes from `index` on, folded, up to the first that is not plain ASCII text
    /// (`*`, `?`, `$`, `/`, `%` or beyond ASCII), which `index` is moved to: the letters and
    /// digits that are most of a path, without the steps a scalar takes in general. False when
    /// the key ends before them.
    @inline(__always)
    mutating func appendPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Bool {
        // In locals rather than through `self` and `index`, which the loop read and stored at
        // every byte, and up to where the room ends, checked once.
        guard let labels = buffer.baseAddress else { return true }
        let labelBytes = labelBytes
        var (next, written) = (index, count)
        defer { (index, count) = (next, written) }
        return Self.plainFolded.withUnsafeBufferPointer { plainFolded in
            let end = min(bytes.count, next + buffer.count - written)
            while next < end {
                let folded = plainFolded[Int(bytes[next])]
                guard folded != 0 else { return true }
                labels[written] = UInt32(folded)
                labelBytes.storeBytes(of: folded + 1, toByteOffset: written, as: UInt8.self)
                written += 1
                next += 1
            }
            // The key is full: it ends before a plain byte.
            return next == bytes.count || plainFolded[Int(bytes[next])] == 0
        }
    }

    /// Per byte, the byte folded when it is plain ASCII text, otherwise 0: `*`, `?`, `$`, `/`,
    /// `%`, a byte beyond ASCII, and NUL (a plain scalar written the general way).
    private static let plainFolded: [UInt8] = (0..<256).map { byte in
        guard byte > 0, byte < 0x80, ![0x2A, 0x3F, 0x24, 0x2F, 0x25].contains(byte) else { return 0 }
        return UInt8((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
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

extension String? {
    /// The text's UTF-8, nil for no text.
    fileprivate mutating func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard self != nil else { return body(nil) }
        return self!.withUTF8(body)
    }
}

/// Elements written in place at the end of a buffer that doubles when it needs room.
private struct GrowingBuffer<Element: BitwiseCopyable> {
    private(set) var buffer: UnsafeMutableBufferPointer<Element>
    /// How many elements are written.
    var count = 0

    init(capacity: Int) {
        buffer = .allocate(capacity: max(capacity, 64))
    }

    /// Room for `count` more elements after those written.
    mutating func room(_ needed: Int) -> UnsafeMutableBufferPointer<Element> {
        if count + needed > buffer.count {
            let larger = UnsafeMutableBufferPointer<Element>.allocate(capacity: 2 * (count + needed))
            _ = larger.initialize(fromContentsOf: buffer[..<count])
            buffer.deallocate()
            buffer = larger
        }
        return UnsafeMutableBufferPointer(rebasing: buffer[count..<(count + needed)])
    }

    func array() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { array, written in
            array.baseAddress?.initialize(from: buffer.baseAddress!, count: count)
            written = count
        }
    }

    func deallocate() {
        buffer.deallocate()
    }
}

/// A set of words as a trie, to follow many words along one text at once.
final class ValueTrie: Sendable {
    let edges: TrieEdges
    private let wordEnds: [Bool]

    convenience init(_ words: [[UInt32]]) {
        var edges = TrieEdges(capacity: words.reduce(0) { $0 + $1.count })
        let ends = words.map { word in word.reduce(0) { edges.addChild(of: $0, along: $1) } }
        self.init(edges: edges, wordEnds: ends)
    }

    /// `wordEnds`: the node where each word ends.
    init(edges: TrieEdges, wordEnds ends: [Int]) {
        var wordEnds = [Bool](repeating: false, count: edges.nodeCount)
        for end in ends { wordEnds[end] = true }
        self.edges = edges
        self.wordEnds = wordEnds
    }

    @inline(__always)
    func isWordEnd(_ node: Int) -> Bool { wordEnds[node] }
}
