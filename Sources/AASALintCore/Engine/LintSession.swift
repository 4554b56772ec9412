/// One `aasalint lint`: discover the files, read and parse each once, run the rules.
public struct LintSession: Sendable {
    public let selection: RuleSelection
    public let reader: FileReader

    public init(selection: RuleSelection, reader: FileReader = FileReader()) {
        self.selection = selection
        self.reader = reader
    }

    /// The report, and the problems that kept some input from being linted (exit status 2).
    public func run(paths: [String], extraFiles: [LintFile] = []) -> (report: LintReport, problems: [UsageError]) {
        let (discovered, discoveryProblems) = FileDiscovery().discover(paths)
        var problems = discoveryProblems
        var files = extraFiles
        for file in discovered {
            do {
                files.append(try reader.read(file))
            } catch {
                problems.append(error)
            }
        }
        let diagnostics = Linter(selection: selection).lint(files)
        let sources = Dictionary(files.map { ($0.path, $0.lines) }) { first, _ in first }
        let report = LintReport(diagnostics: diagnostics, fileCount: files.count, rules: selection.descriptions, sources: sources)
        return (report, problems)
    }
}
