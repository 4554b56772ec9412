/// Rules out, from the text of a path pattern alone, the components that cannot match one URL's
/// path: the pattern's literal text and the values of its plain variables, up to its first
/// wildcard, must spell a start of the path, and a pattern without wildcards the whole path
/// (both folded: a component that ignores case meets every spelling). Nothing is parsed or
/// compiled: `match` asks this of each of a file's thousands of components, and compiles only
/// the few it lets through.
///
/// The pattern is read as `PathNormalization` and `PathKeyBuilder` read it: a leading `/` added
/// unless it starts with `/` or `*`, runs of `/` collapsed, a trailing `/` added; it is let
/// through at the first `*` or `?`, at a `%` when the component compares the encoded path, and at
/// a variable whose values are not all plain text. The path positions the text so far can reach
/// are followed as a set, since values of different lengths may fit.
struct PathPatternScreen {
    /// The URL's normalised path, folded, in each form.
    private let encodedPath: [UInt32]
    private let decodedPath: [UInt32]
    private let variables: SubstitutionVariables
    /// Each variable's name, and its set in `valueSets`: nil when a value is not plain text, or
    /// the name means none.
    private var valueSetByName: [(name: String, valueSet: Int?)] = []
    private var valueSets: [Values] = []
    /// The positions a value set reaches from a position of one form of the path: the 386
    /// components of a catalog that start `/$(lang)/` ask the same question.
    private var reachedByStep: [Int: [Int]] = [:]
    /// More than the positions of either form of the path: what numbers a step.
    private let positionCount: Int
    /// The positions reached so far when values of different lengths fit, and the next ones:
    /// kept between patterns for their storage.
    private var positions: [Int] = []
    private var nextPositions: [Int] = []

    init(path: LinkURL.Text, variables: SubstitutionVariables) {
        encodedPath = path.scalars(percentEncoded: true).map(CaseFolding.fold)
        decodedPath = path.scalars(percentEncoded: false).map(CaseFolding.fold)
        self.variables = variables
        positionCount = max(encodedPath.count, decodedPath.count) + 1
    }

    /// False when no path the pattern matches is the URL's; true when it may be. A component
    /// without a path pattern (nil) matches every path.
    mutating func mayMatch(_ pattern: String?, percentEncoded: Bool) -> Bool {
        guard var text = pattern else { return true }
        return text.withUTF8 { mayMatch($0, percentEncoded: percentEncoded) }
    }

    private mutating func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>, percentEncoded: Bool) -> Bool {
        let path = percentEncoded ? encodedPath : decodedPath
        var reach = Reach.one(0)
        var index = 0
        var lastIsSlash = false
        if let first = bytes.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "*") {
            // Normalisation adds a leading `/`.
            guard advance(&reach, along: path, past: 0x2F) else { return false }
            lastIsSlash = true
        }
        while index < bytes.count {
            let scalar: UInt32
            if bytes[index] < 0x80 {
                scalar = UInt32(bytes[index])
                index += 1
            } else {
                scalar = Self.nonASCIIScalar(in: bytes, at: &index)
            }
            switch scalar {
            case 0x2A, 0x3F: // `*`, `?`
                return true
            case 0x24 where index < bytes.count && bytes[index] == 0x28: // `$(`
                // No byte of a multi-byte scalar is `)`.
                guard let close = bytes[(index + 1)...].firstIndex(of: 0x29),
                      let valueSet = valueSet(named: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close]))
                else { return true }
                guard advance(&reach, along: path, percentEncoded: percentEncoded, byValuesOf: valueSet) else { return false }
                index = close + 1
                lastIsSlash = false
            case 0x2F where lastIsSlash:
                continue
            case 0x25 where percentEncoded:
                return true
            default:
                guard advance(&reach, along: path, past: CaseFolding.fold(scalar)) else { return false }
                lastIsSlash = scalar == 0x2F
            }
        }
        // Normalisation ends the pattern with a `/`.
        if !lastIsSlash, !advance(&reach, along: path, past: 0x2F) { return false }
        switch reach {
        case .one(let position): return position == path.count
        case .several: return positions.contains(path.count)
        }
    }

    /// The positions of the path the pattern so far can end at: one, until values of different
    /// lengths fit, then those in `positions`.
    private enum Reach {
        case one(Int)
        case several
    }

    /// Moves every position past `folded`, dropping those where the path holds another scalar;
    /// false when none is left.
    private mutating func advance(_ reach: inout Reach, along path: [UInt32], past folded: UInt32) -> Bool {
        switch reach {
        case .one(let position):
            guard position < path.count, path[position] == folded else { return false }
            reach = .one(position + 1)
            return true
        case .several:
            var kept = 0
            for slot in positions.indices where positions[slot] < path.count && path[positions[slot]] == folded {
                positions[kept] = positions[slot] + 1
                kept += 1
            }
            positions.removeLast(positions.count - kept)
            return kept > 0
        }
    }

    /// Moves every position past each value of the set that the path spells there; false when
    /// none fits anywhere.
    private mutating func advance(_ reach: inout Reach, along path: [UInt32], percentEncoded: Bool, byValuesOf valueSet: Int) -> Bool {
        if case .one(let position) = reach {
            let reached = self.reached(by: valueSet, from: position, along: path, percentEncoded: percentEncoded)
            guard reached.count > 1 else {
                guard let only = reached.first else { return false }
                reach = .one(only)
                return true
            }
            positions = reached
            reach = .several
            return true
        }
        nextPositions.removeAll(keepingCapacity: true)
        for slot in positions.indices {
            nextPositions += reached(by: valueSet, from: positions[slot], along: path, percentEncoded: percentEncoded)
        }
        nextPositions.sortRemovingDuplicates()
        swap(&positions, &nextPositions)
        return !positions.isEmpty
    }

    /// The positions after each value of the set that the path spells at `position`, in order, each once.
    private mutating func reached(by valueSet: Int, from position: Int, along path: [UInt32], percentEncoded: Bool) -> [Int] {
        let step = (valueSet * 2 + (percentEncoded ? 1 : 0)) * positionCount + position
        if let known = reachedByStep[step] { return known }
        var reached: [Int] = []
        switch valueSets[valueSet] {
        case .words(let words):
            for word in words where position + word.count <= path.count && path[position..<(position + word.count)].elementsEqual(word) {
                reached.append(position + word.count)
            }
        case .codes(let codes):
            for code in codes {
                var end = position
                for byte in code.utf8 {
                    guard end < path.count, path[end] == CaseFolding.fold(UInt32(byte)) else {
                        end = -1
                        break
                    }
                    end += 1
                }
                if end >= 0 { reached.append(end) }
            }
        }
        reached.sortRemovingDuplicates()
        reachedByStep[step] = reached
        return reached
    }

    /// The set of the folded values of the variable whose name is `name`'s UTF-8; nil when a value
    /// holds a wildcard or `%`, or the name refers to no variable, where the screen lets the
    /// pattern through. Names are few: looked up by their bytes, not hashed as strings.
    private mutating func valueSet(named name: UnsafeBufferPointer<UInt8>) -> Int? {
        if let known = valueSetByName.first(where: { $0.name.utf8.elementsEqual(name) }) { return known.valueSet }
        let text = String(decoding: name, as: UTF8.self)
        let valueSet = Self.plainValues(of: text, in: variables).map { values in
            valueSets.append(values)
            return valueSets.count - 1
        }
        valueSetByName.append((text, valueSet))
        return valueSet
    }

    /// A variable's plain values.
    private enum Values {
        /// Folded.
        case words([[UInt32]])
        /// The codes of a built-in table, folded as they are compared: `$(lang)`'s 615 took more
        /// to copy than the rest of the screen.
        case codes([String])
    }

    private static func plainValues(of name: String, in variables: SubstitutionVariables) -> Values? {
        switch variables.meaning(of: name) {
        case .undefined, .invalidName:
            return nil
        case .builtIn(.lang):
            return .codes(BuiltInVariableTables.languageCodes)
        case .builtIn(.region):
            return .codes(BuiltInVariableTables.regionCodes)
        case .builtIn(let variable):
            return .words(PathKeyVocabulary.foldedValues(of: variable))
        case .custom(let values):
            var words: [[UInt32]] = []
            for value in values {
                var word: [UInt32] = []
                for token in value.tokens {
                    guard case .literal(let scalar) = token.kind, scalar != "%" else { return nil }
                    word.append(CaseFolding.fold(scalar).value)
                }
                words.append(word)
            }
            return .words(words)
        }
    }

    /// The scalar of a byte that is not ASCII at `index`, which moves past its encoding; a
    /// `String`'s bytes are valid UTF-8, anything else would read as `*` and let the pattern through.
    private static func nonASCIIScalar(in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32 {
        var rest = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&rest) else {
            index = bytes.count
            return 0x2A
        }
        index += UTF8.width(scalar)
        return scalar.value
    }
}
