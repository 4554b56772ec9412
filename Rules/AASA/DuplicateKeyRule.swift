import AASALintCore

struct DuplicateKeyRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "duplicate-key",
        summary: "A key appears twice in one object",
        rationale: """
            JSON leaves duplicate keys undefined. Apple's parser keeps one of them (in practice \
            the last) and silently drops the other, so half of what you wrote has no effect: \
            typically a second `details` or `components` added at the bottom of a long file hides \
            the first. Merge the two values into one key.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"details": [], ↓"details": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let root = file.root, Self.repeatsAKey(root.value) else { return [] }
        var diagnostics: [Diagnostic] = []
        var path = JSONPointerStack()
        visitObjects(root, path: &path) { members, path in
            for (member, earlier) in Self.repeatedKeys(in: members) {
                let memberPointer = path.pointer.appending(member.key)
                diagnostics.append(diagnostic(
                    "\"\(member.key)\" is already a key of this object; the system keeps only one of the two values (usually this one) and ignores the other; merge them into one key",
                    at: file.location(span: member.keySpan, pointer: memberPointer),
                    related: [RelatedLocation(file.location(span: earlier.keySpan, pointer: memberPointer),
                                              message: "first \"\(member.key)\" here")]
                ))
            }
        }
        return diagnostics
    }

    /// Objects this small are searched pair by pair: hashing every key costs more than
    /// comparing it with the few before it, and almost every object of a file is this small.
    private static let pairwiseLimit = 16

    /// Each member whose key an earlier member has, with the first member that has it.
    private static func repeatedKeys(in members: [PositionedMember]) -> [(member: PositionedMember, first: PositionedMember)] {
        var repeated: [(member: PositionedMember, first: PositionedMember)] = []
        guard members.count > 1 else { return repeated }
        guard members.count > pairwiseLimit else {
            for (index, member) in members.enumerated() {
                if let first = members[..<index].first(where: { $0.key == member.key }) { repeated.append((member, first)) }
            }
            return repeated
        }
        var first: [String: PositionedMember] = [:]
        for member in members {
            if let earlier = first[member.key] {
                repeated.append((member, earlier))
            } else {
                first[member.key] = member
            }
        }
        return repeated
    }

    /// Whether an object of the tree repeats a key: the walk that names each object's pointer,
    /// a string per member, is done only for a tree where it finds something. Given a node's
    /// value rather than the node: a node is passed by address, and a switch on its value copies
    /// the value (a retain and a release per node); the value alone is switched on in place.
    private static func repeatsAKey(_ value: PositionedValue.Value) -> Bool {
        switch value {
        case .object(let members):
            guard !members.withUnsafeBufferPointer(repeatsAKey(amongKeysOf:)) else { return true }
            for index in members.indices {
                // A string, number or boolean is not passed on: most values are one.
                switch members[index].value.value {
                case .object, .array: if repeatsAKey(members[index].value.value) { return true }
                default: continue
                }
            }
            return false
        case .array(let elements):
            for index in elements.indices where repeatsAKey(elements[index].value) { return true }
            return false
        default:
            return false
        }
    }

    /// Whether two of `members` have the same key; a small object pair by pair, lengths first
    /// (most keys of an object differ in length, which needs no comparison of their text).
    private static func repeatsAKey(amongKeysOf members: UnsafeBufferPointer<PositionedMember>) -> Bool {
        guard members.count > 1 else { return false }
        guard members.count <= pairwiseLimit else { return !repeatedKeys(in: Array(members)).isEmpty }
        for index in 1..<members.count {
            let key = members[index].key
            let length = key.utf8.count
            for earlier in 0..<index where members[earlier].key.utf8.count == length && members[earlier].key == key {
                return true
            }
        }
        return false
    }

    private func visitObjects(_ node: PositionedValue, path: inout JSONPointerStack,
                              _ visit: ([PositionedMember], JSONPointerStack) -> Void) {
        switch node.value {
        case .object(let members):
            visit(members, path)
            for member in members {
                path.push(member.key)
                visitObjects(member.value, path: &path, visit)
                path.pop()
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                path.push(index)
                visitObjects(element, path: &path, visit)
                path.pop()
            }
        default:
            break
        }
    }
}
