/// Runs the selected rules over parsed files and returns the findings in report order.
public struct Linter: Sendable {
    public let selection: RuleSelection
    public let configuration: Configuration

    public init(selection: RuleSelection, configuration: Configuration = Configuration()) {
        self.selection = selection
        self.configuration = configuration
    }

    /// Findings for `files`; `referencedFiles` are visible to project rules but not linted
    /// themselves (a domain's AASA outside the linted paths).
    public func lint(_ files: [LintFile], referencedFiles: [LintFile] = []) -> [Diagnostic] {
        let context = LintContext(files: files + referencedFiles, configuration: configuration)
        var diagnostics: [Diagnostic] = []
        for file in files {
            for entry in selection.entries where entry.description.fileKinds.contains(file.kind) {
                for var diagnostic in entry.rule.check(file, in: context) {
                    diagnostic.severity = entry.severity
                    diagnostics.append(diagnostic)
                }
            }
        }
        return diagnostics.sorted(by: Diagnostic.reportOrder)
    }
}
