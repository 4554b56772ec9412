/// The outcome of one lint run, as reporters see it.
public struct LintReport: Sendable {
    public private(set) var diagnostics: [Diagnostic]
    public let fileCount: Int
    /// The rules that ran, for SARIF `rules[]`.
    package let rules: [RuleDescription]
    /// Line tables by file path, for source snippets.
    package let sources: [String: LineTable]
    /// Findings held back because the baseline accepts them.
    public let baselinedCount: Int
    /// Findings held back by the configuration's `ignore:` entries.
    public let ignoredCount: Int
    /// Baseline entries that no finding matched any more: fixed, so the baseline can shrink.
    package let staleBaselineEntries: [Baseline.Entry]
    /// Why some input could not be linted (the run exits with status 2).
    public let problems: [String]
    /// Where the analysis stopped short (`Diagnostic.isAnalysisLimit`), kept apart from the
    /// findings: what `analysisLimitNotice` sums up once for the run.
    package let analysisLimits: [Diagnostic]

    /// Notes on the analysis among `diagnostics` (`Diagnostic.isAnalysisLimit`), as the rules of
    /// a remote check return them, join `analysisLimits`.
    package init(
        diagnostics: [Diagnostic],
        fileCount: Int,
        rules: [RuleDescription],
        sources: [String: LineTable] = [:],
        baselinedCount: Int = 0,
        ignoredCount: Int = 0,
        staleBaselineEntries: [Baseline.Entry] = [],
        problems: [String] = [],
        analysisLimits: [Diagnostic] = []
    ) {
        self.diagnostics = diagnostics.filter { !$0.isAnalysisLimit }
        self.analysisLimits = analysisLimits + diagnostics.filter(\.isAnalysisLimit)
        self.fileCount = fileCount
        self.rules = rules
        self.sources = sources
        self.baselinedCount = baselinedCount
        self.ignoredCount = ignoredCount
        self.staleBaselineEntries = staleBaselineEntries
        self.problems = problems
    }

    /// The same report with only the findings that `isKept` accepts (`--changed-since`).
    package func keepingDiagnostics(where isKept: (Diagnostic) -> Bool) -> LintReport {
        var kept = self
        kept.diagnostics = diagnostics.filter(isKept)
        return kept
    }

    /// The run's one note on where the analysis stopped short, naming the files; nil when it
    /// went all the way.
    package var analysisLimitNotice: String? {
        guard let first = analysisLimits.first else { return nil }
        var files: [String] = []
        for limit in analysisLimits where !files.contains(limit.location.file) { files.append(limit.location.file) }
        let places = files.count == 1 ? first.location.file
            : "\(files.count) files (\(files.prefix(3).joined(separator: ", "))\(files.count > 3 ? ", ..." : ""))"
        let start = first.location.range.start
        return "the component-order analysis is incomplete in \(Quantity.counted(analysisLimits.count, "place")) of \(places), "
            + "so unreachable-component and exclude-shadowed may miss findings there; first at \(first.location.file):\(start.line):\(start.column): \(first.message)"
    }

    package func count(of severity: Severity) -> Int {
        diagnostics.count { $0.severity == severity }
    }

    /// True when some finding is at or above `threshold` (nil: never fail).
    package func fails(at threshold: Severity?) -> Bool {
        guard let threshold else { return false }
        return diagnostics.contains { $0.severity >= threshold }
    }
}
