/// The way from the root to the node a walk of the tree is at, pushed and popped as the walk
/// goes down and back up, and made a `JSONPointer` only where one is needed (a finding): a walk
/// that built the pointer of every node would allocate an array per node.
package struct JSONPointerStack: Sendable {
    private enum Step: Sendable {
        case key(String)
        case index(Int)
    }

    private var steps: [Step] = []

    package init() {}

    package mutating func push(_ key: String) {
        steps.append(.key(key))
    }

    package mutating func push(_ index: Int) {
        steps.append(.index(index))
    }

    package mutating func pop() {
        steps.removeLast()
    }

    /// The pointer of the node the walk is at.
    package var pointer: JSONPointer {
        JSONPointer(tokens: steps.map { step in
            switch step {
            case .key(let key): key
            case .index(let index): String(index)
            }
        })
    }
}
