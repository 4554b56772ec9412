import Foundation

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request,
/// `::error file=...,line=...,endLine=...,col=...,endColumn=...,title=rule-id::message`.
public struct GitHubReporter: Reporter {
    public init() {}

    public func write(_ report: LintReport, to output: (String) -> Void) {
        for diagnostic in report.diagnostics {
            let location = diagnostic.location
            let properties = [
                ("file", location.file),
                ("line", String(location.range.start.line)),
                ("endLine", String(location.range.end.line)),
                ("col", String(location.range.start.column)),
                ("endColumn", String(location.range.end.column)),
                ("title", diagnostic.ruleID),
            ].map { "\($0)=\(Self.escapedProperty($1))" }.joined(separator: ",")
            var message = diagnostic.message
            if let url = diagnostic.exampleURL { message += " Example: \(url)" }
            output("::\(Self.command(for: diagnostic.severity)) \(properties)::\(Self.escapedData(message))\n")
        }
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// The runner reads `%`, CR and LF specially in a command's message; other control
    /// characters from file content would reach the log raw, so they are escaped as in text.
    static func escapedData(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result += TerminalText.escaped(character)
            }
        }
        return result
    }

    /// In properties `:` and `,` separate values too.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
