import AASALintCore

struct DuplicateKeyRule: OptionlessRule {
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
        guard let root = file.root else { return [] }
        var diagnostics: [Diagnostic] = []
        visitObjects(root, at: .root) { members, pointer in
            var first: [String: PositionedMember] = [:]
            for member in members {
                guard let earlier = first[member.key] else {
                    first[member.key] = member
                    continue
                }
                let memberPointer = pointer.appending(member.key)
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

    private func visitObjects(_ node: PositionedValue, at pointer: JSONPointer, _ visit: ([PositionedMember], JSONPointer) -> Void) {
        switch node.value {
        case .object(let members):
            visit(members, pointer)
            for member in members {
                visitObjects(member.value, at: pointer.appending(member.key), visit)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                visitObjects(element, at: pointer.appending(index), visit)
            }
        default:
            break
        }
    }
}
