/// Runs the planned rules over parsed files and returns the findings in report order.
public struct Linter: Sendable {
    public let plan: RulePlan

    public init(plan: RulePlan) {
        self.plan = plan
    }

    public init(selection: RuleSelection, configuration: Configuration = Configuration()) {
        self.init(plan: RulePlan(fixed: selection, configuration: configuration))
    }

    /// Findings for `files`; `referencedFiles` are visible to project rules but not linted
    /// themselves (a domain's AASA outside the linted paths); Xcode projects tell which
    /// entitlements files ship and which apps they sign.
    public func lint(_ files: [LintFile], referencedFiles: [LintFile] = [], xcodeProjects: [XcodeProject] = []) throws(UsageError) -> [Diagnostic] {
        let context = LintContext(files: files + referencedFiles, configuration: plan.configuration, xcodeProjects: xcodeProjects)
        var selections: [[Int]: RuleSelection] = [:]
        var diagnostics: [Diagnostic] = []
        for file in files {
            let overrides = plan.fileOverrides(for: file)
            let selection: RuleSelection
            if let cached = selections[overrides] {
                selection = cached
            } else {
                selection = try plan.selection(applying: overrides)
                selections[overrides] = selection
            }
            for entry in selection.entries where entry.description.fileKinds.contains(file.kind) {
                for var diagnostic in entry.check.check(file, in: context) {
                    diagnostic.severity = entry.severity
                    if let adjusted = plan.adjusted(diagnostic) { diagnostics.append(adjusted) }
                }
            }
        }
        return diagnostics.sorted(by: Diagnostic.reportOrder)
    }
}
