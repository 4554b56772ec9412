/// Turns the outcome of a lint run into the text a person or another tool reads.
package protocol Reporter: Sendable {
    /// Hands the report to `output` in pieces, in order: a report of a hundred thousand
    /// findings is written as it is made, never held whole.
    func write(_ report: LintReport, to output: (String) -> Void)
}

extension Reporter {
    /// The whole report as one string.
    package func render(_ report: LintReport) -> String {
        var text = ""
        write(report) { text += $0 }
        return text
    }
}

extension ReportFormat {
    /// The reporter for this format; `options` only shape the text format, the machine
    /// formats are the same wherever they are written. The CI formats (SARIF, GitHub, GitLab,
    /// JUnit, Checkstyle, SonarQube, Azure) name files from `sourceRoot`, as CI services read them.
    package func reporter(options: TextReporter.Options = TextReporter.Options(), sourceRoot: SourceRoot) -> any Reporter {
        switch self {
        case .text: TextReporter(options: options)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(sourceRoot: sourceRoot)
        case .github: GitHubReporter(sourceRoot: sourceRoot)
        case .markdown: MarkdownReporter()
        case .gitlab: GitLabReporter(sourceRoot: sourceRoot)
        case .junit: JUnitReporter(sourceRoot: sourceRoot)
        case .checkstyle: CheckstyleReporter(sourceRoot: sourceRoot)
        case .sonarqube: SonarQubeReporter(sourceRoot: sourceRoot)
        case .azure: AzureReporter(sourceRoot: sourceRoot)
        }
    }
}
