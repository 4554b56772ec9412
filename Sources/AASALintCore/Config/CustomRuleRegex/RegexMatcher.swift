// The matcher of a custom rule's regular expression: a Pike VM, linear in the text whatever the pattern.

/// Zero-width tests, with ICU's rules for line ends and word boundaries.
enum RegexAssertion: Sendable {
    case startOfText, startOfLine, endOfText, endOfLine, endOfTextOrBeforeFinalLineTerminator, wordBoundary, notWordBoundary

    func holds(at position: RegexTextPosition) -> Bool {
        let text = position.text, index = position.index, remaining = text.count - index
        // ICU never puts a line end between the CR and LF of a CRLF.
        let isInsideCRLF = index > 0 && remaining > 0 && text[index - 1] == "\r" && text[index] == "\n"
        switch self {
        case .startOfText: return index == 0
        case .startOfLine: return index == 0 || (remaining > 0 && text[index - 1].isLineTerminator)
        case .endOfText: return remaining == 0
        case .endOfLine: return remaining == 0 || (text[index].isLineTerminator && !isInsideCRLF)
        case .endOfTextOrBeforeFinalLineTerminator:
            return remaining == 0
                || (remaining == 1 && text[index].isLineTerminator && !isInsideCRLF)
                || (remaining == 2 && text[index] == "\r" && text[index + 1] == "\n")
        case .wordBoundary: return position.isWordBoundary
        case .notWordBoundary: return !position.isWordBoundary
        }
    }
}

/// A position between two scalars, with what the assertions need to know about its surroundings.
struct RegexTextPosition {
    let text: [Unicode.Scalar]
    let index: Int
    /// ICU decides \b on the last scalar before the position that is not a combining mark or format character.
    let previousIsWord: Bool

    var isWordBoundary: Bool {
        guard index < text.count else { return previousIsWord }
        let scalar = text[index]
        return !scalar.isTransparentToWordBoundaries && RegexScalarCategory.word.contains(scalar) != previousIsWord
    }

    func advanced() -> RegexTextPosition {
        let scalar = text[index]
        let isWord = scalar.isTransparentToWordBoundaries ? previousIsWord : RegexScalarCategory.word.contains(scalar)
        return RegexTextPosition(text: text, index: index + 1, previousIsWord: isWord)
    }
}

extension Unicode.Scalar {
    fileprivate var isTransparentToWordBoundaries: Bool {
        properties.isGraphemeExtend || properties.generalCategory == .format
    }
}

/// The program counters of live threads, deduplicated in O(1) with a sparse set.
struct RegexThreadSet {
    private var dense: [Int]
    private var sparse: [Int]
    private var count = 0

    init(capacity: Int) {
        dense = Array(repeating: 0, count: capacity)
        sparse = Array(repeating: 0, count: capacity)
    }

    var members: ArraySlice<Int> { dense[..<count] }

    mutating func insert(_ pc: Int) -> Bool {
        let slot = sparse[pc]
        if slot < count && dense[slot] == pc { return false }
        dense[count] = pc
        sparse[pc] = count
        count += 1
        return true
    }

    mutating func removeAll() { count = 0 }
}

/// Runs all NFA threads in lockstep: each instruction is visited at most once per position,
/// which is what makes matching linear in the text.
struct RegexPikeVM {
    let program: [RegexInstruction]

    func search(_ text: [Unicode.Scalar], steps: inout Int) -> Bool {
        var current = RegexThreadSet(capacity: program.count)
        var following = RegexThreadSet(capacity: program.count)
        var pending: [Int] = []
        var position = RegexTextPosition(text: text, index: 0, previousIsWord: false)
        while true {
            // Starting a thread at every position makes the search unanchored.
            if addThreads(from: 0, to: &current, at: position, pending: &pending, steps: &steps) { return true }
            guard position.index < text.count else { return false }
            let scalar = text[position.index]
            let nextPosition = position.advanced()
            following.removeAll()
            for pc in current.members {
                guard case .consume(let test) = program[pc], test.accepts(scalar) else { continue }
                if addThreads(from: pc + 1, to: &following, at: nextPosition, pending: &pending, steps: &steps) { return true }
            }
            swap(&current, &following)
            position = nextPosition
        }
    }

    /// Follows splits, jumps and assertions with an explicit stack; the set stops empty loops like (a*)*.
    private func addThreads(from start: Int, to threads: inout RegexThreadSet, at position: RegexTextPosition,
                            pending: inout [Int], steps: inout Int) -> Bool {
        pending.append(start)
        while let pc = pending.popLast() {
            guard threads.insert(pc) else { continue }
            steps += 1
            switch program[pc] {
            case .match:
                pending.removeAll(keepingCapacity: true)
                return true
            case .consume: break
            case .jump(let target): pending.append(target)
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .assert(let assertion): if assertion.holds(at: position) { pending.append(pc + 1) }
            }
        }
        return false
    }
}
