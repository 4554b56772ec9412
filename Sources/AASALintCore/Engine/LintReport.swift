/// The outcome of one lint run, as reporters see it.
public struct LintReport: Sendable {
    public private(set) var diagnostics: [Diagnostic]
    public let fileCount: Int
    /// The rules that ran, for SARIF `rules[]`.
    public let rules: [RuleDescription]
    /// Line tables by file path, for source snippets.
    public let sources: [String: LineTable]
    /// Findings held back because the baseline accepts them.
    public let baselinedCount: Int
    /// Findings held back by the configuration's `ignore:` entries.
    public let ignoredCount: Int
    /// Baseline entries that no finding matched any more: fixed, so the baseline can shrink.
    public let staleBaselineEntries: [Baseline.Entry]
    /// Why some input could not be linted (the run exits with status 2).
    public let problems: [String]

    public init(
        diagnostics: [Diagnostic],
        fileCount: Int,
        rules: [RuleDescription],
        sources: [String: LineTable] = [:],
        baselinedCount: Int = 0,
        ignoredCount: Int = 0,
        staleBaselineEntries: [Baseline.Entry] = [],
        problems: [String] = []
    ) {
        self.diagnostics = diagnostics
        self.fileCount = fileCount
        self.rules = rules
        self.sources = sources
        self.baselinedCount = baselinedCount
        self.ignoredCount = ignoredCount
        self.staleBaselineEntries = staleBaselineEntries
        self.problems = problems
    }

    /// The same report with only the findings that `isKept` accepts (`--changed-since`).
    public func keepingDiagnostics(where isKept: (Diagnostic) -> Bool) -> LintReport {
        var kept = self
        kept.diagnostics = diagnostics.filter(isKept)
        return kept
    }

    public func count(of severity: Severity) -> Int {
        diagnostics.count { $0.severity == severity }
    }

    /// True when some finding is at or above `threshold` (nil: never fail).
    public func fails(at threshold: Severity?) -> Bool {
        guard let threshold else { return false }
        return diagnostics.contains { $0.severity >= threshold }
    }
}
