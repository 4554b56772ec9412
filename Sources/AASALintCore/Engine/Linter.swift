/// Runs the selected rules over parsed files and returns the findings in report order.
public struct Linter: Sendable {
    public let selection: RuleSelection

    public init(selection: RuleSelection) {
        self.selection = selection
    }

    public func lint(_ files: [LintFile]) -> [Diagnostic] {
        let context = LintContext(files: files)
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
