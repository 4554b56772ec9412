import Foundation

/// A rule a team declares in `.aasalint.yml` under `custom_rules:`: a selector, one
/// condition, a message and a severity ("every appID belongs to team ABCDE12345").
public struct CustomRule: FileCheck {
    public enum Condition: Sendable {
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

    public let description: RuleDescription
    public let kind: FileKind
    public let selector: PointerSelector
    public let condition: Condition
    /// With `{value}` and `{pointer}` placeholders.
    public let message: String

    public init(description: RuleDescription, kind: FileKind, selector: PointerSelector, condition: Condition, message: String) {
        self.description = description
        self.kind = kind
        self.selector = selector
        self.condition = condition
        self.message = message
    }

    public func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
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
            var budget = RegularExpression.Budget()
            return selector.matches(in: root).compactMap { match in
                let location = file.location(match.pointer)
                switch violation(match.node, &budget) {
                case true?: return finding(value: match.node, pointer: match.pointer, at: location)
                case false?: return nil
                case nil: return uncheckedFinding(at: location, fileBudgetSpent: budget.isSpent)
                }
            }
        }
    }

    /// Nil when the regular expression ran out of its budget before it could tell.
    private func violation(_ node: PositionedValue, _ budget: inout RegularExpression.Budget) -> Bool? {
        switch condition {
        case .matches(let expression): expression.search(in: Self.text(of: node), within: &budget).map { !$0 }
        case .notMatches(let expression): expression.search(in: Self.text(of: node), within: &budget)
        case .oneOf(let allowed): !allowed.contains(Self.text(of: node))
        case .maxItems(let limit): (node.elements?.count ?? node.members?.count ?? 0) > limit
        case .required, .forbidden: false
        }
    }

    /// A value the rule could not decide is reported, not passed: a value built to make the
    /// expression backtrack must not slip through a policy.
    private func uncheckedFinding(at location: Location, fileBudgetSpent: Bool) -> Diagnostic {
        let pattern = switch condition {
        case .matches(let expression), .notMatches(let expression): expression.pattern
        default: ""
        }
        let why = fileBudgetSpent
            ? "the regular expression '\(pattern)' used up on earlier values the matching work one file may take"
            : "matching the regular expression '\(pattern)' against it took more work than one value may take"
        return Diagnostic(ruleID: description.id, severity: description.severity,
                          message: "this value was not checked: \(why); simplify the expression (nested repetitions such as (a+)+ "
                            + "backtrack exponentially on a value that almost matches)",
                          location: location)
    }

    private func finding(value: PositionedValue?, pointer: JSONPointer, at location: Location) -> Diagnostic {
        let text = message
            .replacingOccurrences(of: "{value}", with: value.map(Self.text(of:)) ?? "")
            .replacingOccurrences(of: "{pointer}", with: pointer.description)
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

/// A compiled regular expression of a custom rule.
public struct RegularExpression: @unchecked Sendable {
    // NSRegularExpression is immutable and documented as thread-safe.
    private let expression: NSRegularExpression
    public let pattern: String

    public init(_ pattern: String) throws(UsageError) {
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            throw UsageError("'\(pattern)' is not a valid regular expression")
        }
        self.pattern = pattern
    }

    /// How much matching work a rule may do in one file. ICU's backtracking matcher reports
    /// its progress about every 10,000 steps (deterministically, so results do not depend on
    /// the machine): one value may take `perValue` reports, about 10 ms, and all the values of
    /// one file `perFile`. An expression that backtracks exponentially on a hostile value (in
    /// the linted file, or downloaded by `fetch`) then costs milliseconds, not hours.
    public struct Budget: Sendable {
        public static let perValue = 40
        public static let perFile = 1_000

        private(set) var remaining = Self.perFile

        public init() {}

        var isSpent: Bool { remaining <= 0 }

        fileprivate mutating func spend(_ reports: Int) {
            remaining -= reports
        }
    }

    /// Whether `text` contains a match; nil when the budget ran out before that was known.
    public func search(in text: String, within budget: inout Budget) -> Bool? {
        let allowance = min(Budget.perValue, budget.remaining)
        guard allowance > 0 else { return nil }
        var reports = 0
        var found: Bool? = false
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { match, flags, stop in
            if match != nil {
                found = true
                stop.pointee = true
            } else if flags.contains(.progress) {
                reports += 1
                if reports >= allowance {
                    found = nil
                    stop.pointee = true
                }
            }
        }
        budget.spend(reports)
        return found
    }
}
