/// Checkstyle XML, read by Jenkins' warnings-ng, reviewdog and Danger: a `<file>` per file with
/// findings, an `<error>` per finding with its line, column, severity (`error`, `warning`,
/// `info` for notes), message and `source` (the rule, as `aasalint.RULE-ID`). Files are named
/// from the repository root, as those tools resolve them against the checkout.
struct CheckstyleReporter: Reporter {
    /// The format version that warnings-ng, reviewdog and Danger read.
    static let formatVersion = "4.3"

    let sourceRoot: SourceRoot

    func write(_ report: LintReport, to output: (String) -> Void) {
        output(XMLText.declaration)
        output("<checkstyle" + XMLText.attributes([("version", Self.formatVersion)]) + ">\n")
        var currentFile: String?
        for finding in ReportedFinding.all(in: report, sourceRoot: sourceRoot) {
            if finding.file.name != currentFile {
                if currentFile != nil { output("  </file>\n") }
                currentFile = finding.file.name
                output("  <file" + XMLText.attributes([("name", finding.file.name)]) + ">\n")
            }
            let start = finding.range?.start ?? SourcePosition(line: 1, column: 1)
            output("    <error" + XMLText.attributes([
                ("line", String(max(1, start.line))), ("column", String(max(1, start.column))),
                ("severity", Self.severity(finding.diagnostic.severity)), ("message", finding.message),
                ("source", "aasalint." + finding.diagnostic.ruleID),
            ]) + "/>\n")
        }
        if currentFile != nil { output("  </file>\n") }
        output("</checkstyle>\n")
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}
