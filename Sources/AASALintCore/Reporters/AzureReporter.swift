/// Azure Pipelines logging commands: each finding becomes an issue of the step,
/// `##vso[task.logissue type=error;sourcepath=...;linenumber=...;columnnumber=...;code=RULE-ID]message`.
/// Azure knows errors and warnings only, so a note is a warning whose message starts with
/// "note:". Text from files is escaped as the agent unescapes it (`%` as `%AZP25`, CR, LF, and in
/// properties `;` and `]`), so that a file name or message can neither end the command early nor
/// start a command of its own on a new line.
struct AzureReporter: Reporter {
    let sourceRoot: SourceRoot

    func write(_ report: LintReport, to output: (String) -> Void) {
        for finding in ReportedFinding.all(in: report, sourceRoot: sourceRoot) {
            let diagnostic = finding.diagnostic
            var properties = [("type", diagnostic.severity == .error ? "error" : "warning")]
            if !finding.file.isDownload {
                properties.append(("sourcepath", finding.file.name))
                if let start = finding.range?.start {
                    properties += [("linenumber", String(start.line)), ("columnnumber", String(start.column))]
                }
            }
            properties.append(("code", diagnostic.ruleID))
            let message = (diagnostic.severity == .note ? "note: " : "") + finding.messageNamingDownload
            let propertyText = properties.map { "\($0)=\(Self.escapedProperty($1))" }.joined(separator: ";")
            output("##vso[task.logissue \(propertyText)]\(Self.escapedData(message))\n")
        }
    }

    /// The agent reads `%AZP25` as `%`, `%0D` and `%0A` as line breaks.
    static func escapedData(_ text: String) -> String {
        LogCommandText.escaped(text, percent: "%AZP25")
    }

    /// In properties `;` separates values and `]` ends them.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacing(";", with: "%3B").replacing("]", with: "%5D")
    }
}
