/// The human format: `path:line:col: severity: message [rule-id]`, the line Xcode, editors
/// and problem matchers read, optionally followed by the source line with a caret range,
/// then a one-line summary. Columns count bytes from 1, as clang's do: Vim's quickfix and
/// Xcode land on the character itself, even after non-ASCII text or tabs.
package struct TextReporter: Reporter {
    package struct Options: Hashable, Sendable {
        /// ANSI colour, for terminals that have not opted out with `NO_COLOR`.
        package var color: Bool
        /// The source line, a caret range, the example URL and the fix under each finding.
        package var snippets: Bool
        /// Only the finding lines: nothing indented and no summary.
        package var quiet: Bool
        /// A count per rule after the summary, for release gates.
        package var ruleSummary: Bool

        package init(color: Bool = false, snippets: Bool = false, quiet: Bool = false, ruleSummary: Bool = false) {
            self.color = color
            self.snippets = snippets
            self.quiet = quiet
            self.ruleSummary = ruleSummary
        }
    }

    package let options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    /// Each line followed by a line break. Not `joined()`, whose unspecialised generic code costs
    /// start-up (scripts/check-startup-budget.sh).
    private static func text(ofLines lines: [String]) -> String {
        lines.reduce(into: "") { text, line in
            text += line
            text += "\n"
        }
    }

    package func write(_ report: LintReport, to output: (String) -> Void) {
        for diagnostic in report.diagnostics {
            var lines: [String] = []
            defer { output(Self.text(ofLines: lines)) }
            lines.append(locationLine(diagnostic.location, severity: diagnostic.severity, message: diagnostic.message, ruleID: diagnostic.ruleID,
                                      in: report.sources))
            guard !options.quiet else { continue }
            if options.snippets {
                if let source = report.sources[diagnostic.location.file] {
                    lines += snippet(of: diagnostic.location.range, in: source)
                }
                if let exampleURL = diagnostic.exampleURL {
                    lines.append(indentation + "example: " + TerminalText.escaped(exampleURL))
                }
                if let fix = diagnostic.fix {
                    lines.append(indentation + "fix: " + TerminalText.escaped(fix.message) + (fix.isSafe || !fix.isApplicable ? "" : " (unsafe)"))
                }
            }
            for related in diagnostic.related {
                lines.append(indentation + locationLine(related.location, severity: .note, message: related.message, ruleID: nil, in: report.sources))
            }
        }
        guard !options.quiet else { return }
        var lines = Self.summary(of: report).map { [$0] } ?? []
        if options.ruleSummary { lines += Self.ruleSummaryLines(of: report) }
        lines += Self.baselineLines(of: report)
        output(Self.text(ofLines: lines))
    }

    /// `3 errors, 1 warning and 2 notes in 4 files`, or `no problems in 4 files`, then what
    /// was held back: ` (4 suppressed by the baseline, 1 by ignore:)`. A run that could not lint
    /// everything (exit status 2) never claims to have found no problems; when it linted nothing
    /// there is no summary at all, only its errors.
    static func summary(of report: LintReport) -> String? {
        guard report.problems.isEmpty || report.fileCount > 0 else { return nil }
        guard report.fileCount > 0 else { return "no file linted" }
        let files = Quantity.counted(report.fileCount, "file")
        let counts = [Severity.error, .warning, .note]
            .map { (count: report.count(of: $0), noun: $0.rawValue) }
            .filter { $0.count > 0 }
            .map { Quantity.counted($0.count, $0.noun) }
        let suppressed = [(report.baselinedCount, "by the baseline"), (report.ignoredCount, "by ignore:")]
            .filter { $0.0 > 0 }
            .enumerated().map { index, part in "\(part.0) \(index == 0 ? "suppressed " : "")\(part.1)" }
        let held = suppressed.isEmpty ? "" : " (" + suppressed.joined(separator: ", ") + ")"
        let findings = counts.last.map { last in counts.count == 1 ? last : counts.dropLast().joined(separator: ", ") + " and " + last }
        guard !report.problems.isEmpty else { return "\(findings ?? "no problems") in \(files)\(held)" }
        return "\(findings ?? "no findings") in \(files)\(held), but the run is incomplete: "
            + "\(Quantity.counted(report.problems.count, "error")) on standard error"
    }

    /// `  2 error    invalid-app-id`: the findings per rule, most severe first, for release gates.
    static func ruleSummaryLines(of report: LintReport) -> [String] {
        let counts = Dictionary(grouping: report.diagnostics) { RuleCount(rule: $0.ruleID, severity: $0.severity) }
        return counts.keys.sorted { ($1.severity, $0.rule) < ($0.severity, $1.rule) }.map { key in
            let count = String(counts[key]?.count ?? 0)
            let padding = String(repeating: " ", count: max(0, 5 - count.count))
            return "\(padding)\(count) \(key.severity.rawValue.padded(toLength: 8))\(key.rule)"
        }
    }

    private struct RuleCount: Hashable {
        let rule: String
        let severity: Severity
    }

    /// The baseline entries that no longer match (fixed findings), for files this run linted.
    static func baselineLines(of report: LintReport) -> [String] {
        let stale = report.staleBaselineEntries
        guard !stale.isEmpty else { return [] }
        let verb = stale.count == 1 ? "matches" : "match"
        return ["\(Quantity.counted(stale.count, "baseline entry", plural: "baseline entries")) no longer \(verb) a finding; rewrite the baseline with --write-baseline:"]
            + stale.map { entry in
                "    " + [entry.file, entry.rule, entry.pointer.isEmpty ? "(file)" : entry.pointer].map(TerminalText.escaped).joined(separator: " ")
            }
    }

    private let indentation = "    "

    /// The column in bytes when the file's text is at hand (a report made of findings alone
    /// counts characters, which are the same in ASCII text).
    private func locationLine(_ location: Location, severity: Severity, message: String, ruleID: String?, in sources: [String: LineTable]) -> String {
        let start = location.range.start
        let column = sources[location.file]?.byteColumn(of: start) ?? start.column
        var line = styled("\(TerminalText.escaped(location.file)):\(start.line):\(column):", .bold)
        line += " " + styled(severity.rawValue, severity.style) + ": " + TerminalText.escaped(message)
        if let ruleID {
            line += " " + styled("[\(TerminalText.escaped(ruleID))]", .dim)
        }
        return line
    }

    private func styled(_ text: String, _ style: ANSIStyle) -> String {
        options.color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// The longest source line shown whole; longer lines (a minified AASA file is one line)
    /// are cut to a window around the range.
    private static let snippetWidth = 120
    private static let contextBeforeRange = 40
    private static let elision = "..."

    /// The source line and, under it, `^~~~` over the range. Columns count Unicode scalars;
    /// escaped characters take as many columns as their escape, and tabs stay tabs so that
    /// the caret lands where the terminal puts the character.
    private func snippet(of range: SourceRange, in source: LineTable) -> [String] {
        let lineLength = source.scalarCount(ofLine: range.start.line)
        // An empty line (or a finding in an empty file) has nothing to point at.
        guard lineLength > 0 else { return [] }
        let rangeStart = min(max(range.start.column - 1, 0), lineLength)
        let rangeEnd = range.end.line == range.start.line
            ? min(max(range.end.column - 1, rangeStart), lineLength)
            : lineLength

        var window = 0..<lineLength
        if lineLength > Self.snippetWidth {
            let windowStart = max(0, min(rangeStart - Self.contextBeforeRange, lineLength - Self.snippetWidth))
            window = windowStart..<(windowStart + Self.snippetWidth)
        }
        var sourceLine = window.lowerBound > 0 ? Self.elision : ""
        var caretLine = window.lowerBound > 0 ? String(repeating: " ", count: Self.elision.count) : ""
        for (position, scalar) in source.lineText(range.start.line, scalars: window).unicodeScalars.enumerated() {
            let index = window.lowerBound + position
            let shown = TerminalText.escaped(scalar)
            sourceLine += shown
            if index < rangeStart {
                caretLine += scalar == "\t" ? "\t" : String(repeating: " ", count: shown.unicodeScalars.count)
            } else if index < rangeEnd {
                caretLine += (index == rangeStart ? "^" : "~") + String(repeating: "~", count: shown.unicodeScalars.count - 1)
            }
        }
        if window.upperBound < lineLength {
            sourceLine += Self.elision
        }
        if rangeEnd == rangeStart {
            caretLine += "^"
        }
        return [indentation + sourceLine, indentation + caretLine]
    }
}

private enum ANSIStyle: String {
    case bold = "1"
    case dim = "2"
    case boldRed = "1;31"
    case yellow = "33"
    case cyan = "36"
}

extension Severity {
    fileprivate var style: ANSIStyle {
        switch self {
        case .error: .boldRed
        case .warning: .yellow
        case .note: .cyan
        }
    }
}
