// The compiler of a custom rule's regular expression into the instructions of a Thompson NFA.

enum RegexInstruction: Sendable {
    case consume(RegexScalarTest)
    case assert(RegexAssertion)
    case split(Int, Int)
    case jump(Int)
    case match
}

/// Emits Thompson-NFA instructions; counted repetition copies its operand, so the size is checked first.
struct RegexCompiler {
    private var instructions: [RegexInstruction] = []

    static func compile(_ pattern: RegexNode) throws(RegexSyntaxError) -> [RegexInstruction] {
        let size = pattern.programSize.saturatingPlus(1)
        let limit = RegularExpression.maximumProgramSize
        guard size <= limit else {
            let amount = size == .max ? "more than \(Int.max)" : "\(size)"
            throw RegexSyntaxError(reason: "the pattern is too large: it compiles to \(amount) instructions "
                + "(counted repetitions are expanded by copying); the limit is \(limit)")
        }
        var compiler = RegexCompiler()
        compiler.instructions.reserveCapacity(size)
        compiler.emit(pattern)
        compiler.instructions.append(.match)
        assert(compiler.instructions.count == size, "programSize must mirror emit")
        return compiler.instructions
    }

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty: break
        case .scalar(let test): instructions.append(.consume(test))
        case .assertion(let assertion): instructions.append(.assert(assertion))
        case .sequence(let nodes): nodes.forEach { emit($0) }
        case .alternation(let branches):
            var jumpsToEnd: [Int] = []
            for branch in branches.dropLast() {
                let split = reservePlaceholder()
                emit(branch)
                jumpsToEnd.append(reservePlaceholder())
                instructions[split] = .split(split + 1, instructions.count)
            }
            emit(branches[branches.count - 1])
            for jump in jumpsToEnd { instructions[jump] = .jump(instructions.count) }
        case .repetition(let operand, let minimum, let maximum?):
            for _ in 0..<minimum { emit(operand) }
            var optionalCopies: [Int] = []
            for _ in minimum..<maximum {
                optionalCopies.append(reservePlaceholder())
                emit(operand)
            }
            for split in optionalCopies { instructions[split] = .split(split + 1, instructions.count) }
        case .repetition(let operand, let minimum, nil) where minimum > 0:
            for _ in 1..<minimum { emit(operand) }
            let loopStart = instructions.count
            emit(operand)
            instructions.append(.split(loopStart, instructions.count + 1))
        case .repetition(let operand, _, nil):
            let loopStart = reservePlaceholder()
            emit(operand)
            instructions.append(.jump(loopStart))
            instructions[loopStart] = .split(loopStart + 1, instructions.count)
        }
    }

    private mutating func reservePlaceholder() -> Int {
        instructions.append(.match)
        return instructions.count - 1
    }
}

