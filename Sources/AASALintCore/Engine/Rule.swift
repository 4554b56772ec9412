/// What a selected rule runs: a built-in rule or a custom rule of the configuration. What it
/// checks is a capability it adopts: files (`FileCheck`), what hosts serve (`RemoteCheck`) or the
/// configuration's `ignore:` entries (`IgnoreAuditCheck`). Each capability has its own contract,
/// so no rule carries an empty `check` of a kind it is not.
///
/// Each capability answers for itself whether a check has it, rather than a cast
/// (`as? any FileCheck`), whose first use for each type costs start-up (scripts/check-startup-budget.sh).
package protocol RuleCheck: Sendable {
    var fileCheck: (any FileCheck)? { get }
    var remoteCheck: (any RemoteCheck)? { get }
    var ignoreAudit: (any IgnoreAuditCheck)? { get }
}

extension RuleCheck {
    package var fileCheck: (any FileCheck)? { nil }
    package var remoteCheck: (any RemoteCheck)? { nil }
    package var ignoreAudit: (any IgnoreAuditCheck)? { nil }
}

/// The capability of checking files, which built-in rules and the configuration's custom rules share.
package protocol FileCheck: RuleCheck {
    /// Findings for one file. Checks name places by pointer or span through `file`; they never
    /// compute lines or columns themselves.
    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic]
    /// Whether the check's work on a large file is worth a core of its own while the file's other
    /// checks share the rest: the rule-order analysis, about a third of linting a large AASA file.
    /// A file linted alone runs such checks one after another, first, so that those sharing
    /// work (one analysis for every rule-order rule) find it done.
    var isCostly: Bool { get }
    /// Whether the check reads the file's compiled matcher (`LintFile.matcher`), which the costly
    /// checks build first: a file linted alone gives such checks to a free core after the others.
    var readsMatcher: Bool { get }
}

extension FileCheck {
    package var fileCheck: (any FileCheck)? { self }
    package var isCostly: Bool { false }
    package var readsMatcher: Bool { false }
}

/// A built-in rule: what it is (its description) and how it is made. It adopts the capability of
/// what it checks, as SwiftLint's rules adopt `CorrectableRule`:
///
///     struct DuplicateKeyRule: Rule, FileCheck { ... }
///     struct RedirectRule: Rule, RemoteCheck { ... }
///
/// Built-in rules live in `Rules/`, one per file, and are listed in the registry
/// (`RuleRegistrationTests` checks both).
package protocol Rule: RuleCheck {
    static var description: RuleDescription { get }
    /// Whether the rule checks what hosts serve (`fetch`, `lint --remote`), asked of the type
    /// before there is an instance.
    static var checksHosts: Bool { get }
    /// The rule with its default options: what a run uses when the configuration sets none.
    init()
    /// The rule with the configuration's options; bad options are configuration errors, not
    /// crashes. A rule without options keeps the default, which has nothing to read: the
    /// configuration has already refused options a rule does not declare.
    init(options: RuleOptions) throws(RuleOptionError)
}

extension Rule {
    package init(options: RuleOptions) {
        self.init()
    }

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
