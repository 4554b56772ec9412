/// Turns the outcome of a lint run into the text a person or another tool reads.
public protocol Reporter: Sendable {
    func render(_ report: LintReport) -> String
}

/// The report formats of `--format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case json
    case sarif
    case github

    /// The reporter for this format; `options` only shape the text format, the machine
    /// formats are the same wherever they are written.
    public func reporter(options: TextReporter.Options = TextReporter.Options()) -> any Reporter {
        switch self {
        case .text: TextReporter(options: options)
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        }
    }
}
