/// A check. Built-in rules live in `Rules/`, one per file, and are listed in the registry.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// Bad options are configuration errors, not crashes.
    init(options: RuleOptions) throws(RuleOptionError)
    /// Findings for one file. Rules name places by pointer or span through `file`; they never
    /// compute lines or columns themselves.
    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic]
}

/// A rule without options: it only needs `init()`.
public protocol OptionlessRule: Rule {
    init()
}

extension OptionlessRule {
    public init(options: RuleOptions) {
        self.init()
    }
}

extension Rule {
    /// A finding of this rule at its default severity; the linter applies configured severities.
    public func diagnostic(
        _ message: String,
        at location: Location,
        related: [RelatedLocation] = [],
        exampleURL: String? = nil,
        fix: String? = nil
    ) -> Diagnostic {
        Diagnostic(
            ruleID: Self.description.id,
            severity: Self.description.severity,
            message: message,
            location: location,
            related: related,
            exampleURL: exampleURL,
            fix: fix
        )
    }
}
