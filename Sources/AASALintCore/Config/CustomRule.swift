/// A rule a team declares in `.aasalint.yml` under `custom_rules:`: a selector, one
/// condition, a message and a severity ("every appID belongs to team ABCDE12345").
package struct CustomRule: FileCheck {
    package enum Condition: Sendable {
        /// The value must contain a match of the regular expression (anchor it with ^ and $).
        case matches(RegularExpression)
        case notMatches(RegularExpression)
        case oneOf([String])
        /// The selected place must exist (a `*` last segment: must not be empty).
        case required
        /// The selected place must not exist.
        case forbidden
        case maxItems(Int)
    }

    package let description: RuleDescription
    package let kind: FileKind
    package let selector: PointerSelector
    package let condition: Condition
    /// With `{value}` and `{pointer}` placeholders.
    package let message: String

    package init(description: RuleDescription, kind: FileKind, selector: PointerSelector, condition: Condition, message: String) {
        self.description = description
        self.kind = kind
        self.selector = selector
        self.condition = condition
        self.message = message
    }

    package func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard file.kinds.contains(kind), let root = file.root else { return [] }
        switch condition {
        case .required:
            let (parents, last) = selector.parents(in: root)
            return parents.compactMap { parent in
                let present: Bool = if let last {
                    parent.node.node(at: JSONPointer(tokens: [last])) != nil
                } else {
                    !(parent.node.members?.isEmpty ?? parent.node.elements?.isEmpty ?? true)
                }
                guard !present else { return nil }
                let missing = last.map { parent.pointer.appending($0) } ?? parent.pointer
                return finding(value: nil, pointer: missing, at: file.location(parent.pointer))
            }
        case .forbidden:
            return selector.matches(in: root).map { finding(value: $0.node, pointer: $0.pointer, at: file.location($0.pointer)) }
        default:
            return selector.matches(in: root).compactMap { match in
                violates(match.node) ? finding(value: match.node, pointer: match.pointer, at: file.location(match.pointer)) : nil
            }
        }
    }

    private func violates(_ node: PositionedValue) -> Bool {
        switch condition {
        case .matches(let expression): !expression.search(in: Self.text(of: node))
        case .notMatches(let expression): expression.search(in: Self.text(of: node))
        case .oneOf(let allowed): !allowed.contains(Self.text(of: node))
        case .maxItems(let limit): (node.elements?.count ?? node.members?.count ?? 0) > limit
        case .required, .forbidden: false
        }
    }

    private func finding(value: PositionedValue?, pointer: JSONPointer, at location: Location) -> Diagnostic {
        let text = message
            .replacing("{value}", with: value.map(Self.text(of:)) ?? "")
            .replacing("{pointer}", with: pointer.description)
        return Diagnostic(ruleID: description.id, severity: description.severity, message: text, location: location)
    }

    /// Strings as they are; other values as their JSON text.
    static func text(of node: PositionedValue) -> String {
        switch node.value {
        case .string(let text), .number(let text): text
        case .bool(let value): String(value)
        case .null: "null"
        case .array(let elements): "[\(elements.count) items]"
        case .object(let members): "{\(members.count) keys}"
        }
    }
}
