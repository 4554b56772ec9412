#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request,
/// `::error file=...,line=...,endLine=...,col=...,endColumn=...,title=rule-id::message`.
/// `file=` is relative to the repository root, as the runner reads it; a finding about a
/// download has no file in the repository, so it is an annotation of the run that starts
/// with the URL and position, as the text format does. GitHub shows only the first 10
/// annotations of each kind in a step (50 in a job), so errors come first, then warnings, then
/// notices; the Markdown report in the step summary has them all.
struct GitHubReporter: Reporter {
    let sourceRoot: SourceRoot

    init(sourceRoot: SourceRoot) {
        self.sourceRoot = sourceRoot
    }

    func write(_ report: LintReport, to output: (String) -> Void) {
        let findings = ReportedFinding.all(in: report, sourceRoot: sourceRoot)
        let mostSevereFirst = [Severity.error, .warning, .note].flatMap { severity in
            findings.filter { $0.diagnostic.severity == severity }
        }
        for finding in mostSevereFirst {
            var properties: [(String, String)] = []
            if !finding.file.isDownload {
                properties = [("file", finding.file.name)]
                if let range = finding.range {
                    properties += [
                        ("line", String(range.start.line)), ("endLine", String(range.end.line)),
                        ("col", String(range.start.column)), ("endColumn", String(range.end.column)),
                    ]
                }
            }
            properties.append(("title", finding.diagnostic.ruleID))
            let propertyText = properties.map { "\($0)=\(Self.escapedProperty($1))" }.joined(separator: ",")
            output("::\(Self.command(for: finding.diagnostic.severity)) \(propertyText)::\(Self.escapedData(finding.messageNamingDownload))\n")
        }
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// The runner reads `%`, CR and LF specially in a command's message.
    static func escapedData(_ text: String) -> String {
        LogCommandText.escaped(text, percent: "%25")
    }

    /// In properties `:` and `,` separate values too.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
