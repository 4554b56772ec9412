/// What the system does with a URL for one app, and why.
public struct Decision: Sendable {
    /// What happens when the URL is opened: the app opens, or the browser does.
    public enum Outcome: String, Sendable {
        /// A component matched: the URL opens the app.
        case match
        /// An `exclude` component matched first: the URL stays on the web.
        case blocked
        /// No component matched, or no details entry lists the app.
        case noMatch = "no match"
    }

    public let appID: String
    public let outcome: Outcome
    /// The details entry that lists the app first, which alone decides for it; nil when none does.
    package let entry: JSONPointer?
    /// Every component of the entry tried, in order, up to the one that decided (only that one
    /// when deciding without tracing).
    package let trace: [ComponentAttempt]

    /// The component that matched; nil for `noMatch`.
    package var decidingComponent: CompiledComponent? {
        outcome == .noMatch ? nil : trace.last?.component
    }
}

/// One component tried for a URL.
package struct ComponentAttempt: Sendable {
    package let component: CompiledComponent
    /// The first part that did not match; nil when the component matched.
    package let mismatch: PartMismatch?
}
