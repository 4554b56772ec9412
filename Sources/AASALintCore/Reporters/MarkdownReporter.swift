/// A report for people reading a page, such as a GitHub job's step summary
/// (`$GITHUB_STEP_SUMMARY`): the counts, then a table per file (line, severity, rule linked to
/// its documentation, message), then what the tables leave out. GitHub annotates only the first
/// 10 errors, 10 warnings and 10 notices of a step, so this is where every finding stays visible.
struct MarkdownReporter: Reporter {
    /// GitHub keeps at most 1 MiB of a step's summary; rows beyond this budget are counted, not
    /// written, so that the summary (and its account of what it left out) is never cut.
    static let defaultByteBudget = 1_000_000
    /// What GitHub annotates of one step, per kind of annotation (and 50 in a whole job).
    static let annotationsPerSeverity = 10

    let byteBudget: Int

    init(byteBudget: Int = Self.defaultByteBudget) {
        self.byteBudget = byteBudget
    }

    func write(_ report: LintReport, to output: (String) -> Void) {
        var written = 0
        func send(_ text: String) {
            written += text.utf8.count
            output(text)
        }
        send("## aasalint\n\n")
        send("**\(Self.escaped(TextReporter.summary(of: report) ?? "no file linted"))**\n")

        let documented = Dictionary(report.rules.filter(\.isDocumented).map { ($0.id, $0.helpURL) }) { first, _ in first }
        var leftOut = 0
        var currentFile: String?
        for diagnostic in report.diagnostics {
            let row = Self.row(diagnostic, helpURL: documented[diagnostic.ruleID])
            let heading = diagnostic.location.file == currentFile ? "" : Self.tableHeading(diagnostic.location.file)
            // Room is kept for the closing lines, which are short.
            guard leftOut == 0, written + heading.utf8.count + row.utf8.count <= byteBudget - 4_000 else {
                leftOut += 1
                continue
            }
            currentFile = diagnostic.location.file
            send(heading + row)
        }
        let notes = Self.leftOutNotes(of: report, rowsLeftOut: leftOut)
        if !notes.isEmpty {
            send("\n### Not in the tables\n\n" + notes.map { "- \($0)\n" }.joined())
        }
    }

    private static func tableHeading(_ file: String) -> String {
        "\n### \(escaped(file))\n\n| Line | Severity | Rule | Message |\n|---:|---|---|---|\n"
    }

    private static func row(_ diagnostic: Diagnostic, helpURL: String?) -> String {
        let start = diagnostic.location.range.start
        let rule = helpURL.map { "[\(escaped(diagnostic.ruleID))](\($0))" } ?? escaped(diagnostic.ruleID)
        var message = escaped(diagnostic.message)
        if let url = diagnostic.exampleURL { message += " Example: " + escaped(url) }
        return "| \(start.line):\(start.column) | \(diagnostic.severity.rawValue) | \(rule) | \(message) |\n"
    }

    /// Rows beyond the budget, findings beyond GitHub's annotations, findings held back, and
    /// inputs that could not be linted.
    private static func leftOutNotes(of report: LintReport, rowsLeftOut: Int) -> [String] {
        var notes: [String] = []
        if rowsLeftOut > 0 {
            notes.append("\(Quantity.counted(rowsLeftOut, "finding")) left out of these tables, which GitHub cuts at 1 MiB; "
                + "`aasalint lint --format json` (or `sarif`) reports every one")
        }
        let beyondAnnotations = [Severity.error, .warning, .note].map { max(0, report.count(of: $0) - annotationsPerSeverity) }.reduce(0, +)
        if beyondAnnotations > 0 {
            notes.append("GitHub annotates at most \(annotationsPerSeverity) errors, \(annotationsPerSeverity) warnings and "
                + "\(annotationsPerSeverity) notices of a step (50 in a job), the most severe first: "
                + "\(Quantity.counted(beyondAnnotations, "finding")) of this report \(beyondAnnotations == 1 ? "is" : "are") only here")
        }
        if report.baselinedCount > 0 {
            notes.append("\(Quantity.counted(report.baselinedCount, "finding")) suppressed by the baseline")
        }
        if report.ignoredCount > 0 {
            notes.append("\(Quantity.counted(report.ignoredCount, "finding")) suppressed by `ignore:` in the configuration")
        }
        for problem in report.problems {
            notes.append("not linted: " + escaped(problem))
        }
        return notes
    }

    /// Text from files and messages as literal Markdown in a table cell: punctuation that
    /// Markdown or HTML would read is escaped, `|` no longer ends the cell, line breaks and
    /// control characters are escaped as in the text report.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in TerminalText.escaped(text).unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "!": result += "\\" + String(scalar)
            case "&": result += "&amp;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
