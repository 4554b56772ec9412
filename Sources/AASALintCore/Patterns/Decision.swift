/// What the system does with a URL for one app, and why.
public struct Decision: Sendable {
    public enum Outcome: String, Sendable {
        /// A rule matched: the URL opens the app.
        case match
        /// An `exclude` rule matched first: the URL stays on the web.
        case blocked
        /// No rule matched, or no details entry lists the app.
        case noMatch = "no match"
    }

    public let appID: String
    public let outcome: Outcome
    /// The details entry that lists the app first, which alone decides for it; nil when none does.
    public let entry: JSONPointer?
    /// Every rule of the entry tried, in order, up to the one that decided (only that one
    /// when deciding without tracing).
    public let trace: [RuleAttempt]

    /// The rule that matched; nil for `noMatch`.
    public var decidingRule: CompiledComponent? {
        outcome == .noMatch ? nil : trace.last?.rule
    }
}

/// One rule tried for a URL.
public struct RuleAttempt: Sendable {
    public let rule: CompiledComponent
    /// The first part that did not match; nil when the rule matched.
    public let mismatch: PartMismatch?
}
