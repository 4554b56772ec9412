/// What a selected rule runs: a file check, a remote check or an ignore audit. Each kind has
/// its own contract, so no rule carries an empty `check` of a kind it is not.
///
/// Each kind's protocol answers for itself which kind a check is, rather than a cast
/// (`as? any FileCheck`), whose first use for each type costs start-up (scripts/check-startup-budget.sh).
package protocol RuleCheck: Sendable {
    var fileCheck: (any FileCheck)? { get }
    var remoteCheck: (any RemoteCheck)? { get }
    var ignoreAudit: (any IgnoreAuditRule)? { get }
}

extension RuleCheck {
    package var fileCheck: (any FileCheck)? { nil }
    package var remoteCheck: (any RemoteCheck)? { nil }
    package var ignoreAudit: (any IgnoreAuditRule)? { nil }
}

/// Whatever checks files: a built-in rule, or a custom rule declared in the configuration.
package protocol FileCheck: RuleCheck {
    /// Findings for one file. Checks name places by pointer or span through `file`; they never
    /// compute lines or columns themselves.
    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic]
}

extension FileCheck {
    package var fileCheck: (any FileCheck)? { self }
}

/// A built-in rule of any kind. Built-in rules live in `Rules/`, one per file, and are listed in the registry.
package protocol BuiltInRule: RuleCheck {
    static var description: RuleDescription { get }
    /// Whether the rule checks what hosts serve (`fetch`, `lint --remote`), asked of the type
    /// before there is an instance.
    static var checksHosts: Bool { get }
    /// Bad options are configuration errors, not crashes.
    init(options: RuleOptions) throws(RuleOptionError)
}

/// A built-in rule that checks files.
package protocol Rule: BuiltInRule, FileCheck {}

/// A built-in rule without options, of any kind: it only needs `init()`.
package protocol OptionlessCheck: BuiltInRule {
    init()
}

/// A file rule without options.
package protocol OptionlessRule: Rule, OptionlessCheck {}

extension OptionlessCheck {
    package init(options: RuleOptions) {
        self.init()
    }
}

extension BuiltInRule {
    package static var checksHosts: Bool { false }

    /// A finding of this rule at its default severity; the linter applies configured severities.
    package func diagnostic(
        _ message: String,
        at location: Location,
        related: [RelatedLocation] = [],
        exampleURL: String? = nil,
        fix: Fix? = nil
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
