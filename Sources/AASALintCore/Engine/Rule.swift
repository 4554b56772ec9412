/// Whatever checks files: a built-in rule, or a custom rule declared in the configuration.
public protocol FileCheck: Sendable {
    /// Findings for one file. Checks name places by pointer or span through `file`; they never
    /// compute lines or columns themselves.
    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic]
}

/// A built-in check. Built-in rules live in `Rules/`, one per file, and are listed in the registry.
public protocol Rule: FileCheck {
    static var description: RuleDescription { get }
    /// Bad options are configuration errors, not crashes.
    init(options: RuleOptions) throws(RuleOptionError)
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
