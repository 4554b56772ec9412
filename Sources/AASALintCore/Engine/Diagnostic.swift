/// One finding of one rule.
public struct Diagnostic: Hashable, Sendable {
    public let ruleID: String
    public package(set) var severity: Severity
    public let message: String
    public let location: Location
    public let related: [RelatedLocation]
    /// A URL that demonstrates the finding, for rules about which URLs match.
    public let exampleURL: String?
    /// How to repair the finding: a sentence, and edits when the repair is mechanical.
    public package(set) var fix: Fix?
    /// A note about how far the analysis went (a question over its budget), not about the file:
    /// reports give it once per run, where tools expect such notes (`LintReport.analysisLimits`).
    package var isAnalysisLimit = false

    package init(
        ruleID: String,
        severity: Severity,
        message: String,
        location: Location,
        related: [RelatedLocation] = [],
        exampleURL: String? = nil,
        fix: Fix? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.related = related
        self.exampleURL = exampleURL
        self.fix = fix
    }

    /// Deterministic report order: file, position, rule, message.
    package static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location.file != rhs.location.file { return lhs.location.file < rhs.location.file }
        if lhs.location.range != rhs.location.range { return lhs.location.range < rhs.location.range }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}
