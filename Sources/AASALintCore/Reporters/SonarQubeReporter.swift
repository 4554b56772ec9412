/// SonarQube's generic external issues format (SonarQube 10.3 and later), for
/// `sonar.externalIssuesReportPaths`: the rules that have findings, each with a Clean Code
/// attribute and its impact, then the issues with their primary location (file from the
/// repository root, which is SonarQube's project base directory in a usual checkout) and the
/// related places as secondary locations.
///
/// A link that does not open the app is a reliability problem of logic, so every rule is
/// `LOGICAL` with a `RELIABILITY` impact: `HIGH` for errors, `MEDIUM` for warnings, `LOW` for
/// notes (a rule's highest severity in this run, since SonarQube sets the impact per rule).
/// The older `type` and `severity` are given too, for servers in the standard experience.
/// SonarQube counts columns from 0 and refuses an empty range, so a range without width has
/// its line only.
struct SonarQubeReporter: Reporter {
    static let engineID = "aasalint"

    let sourceRoot: SourceRoot

    func write(_ report: LintReport, to output: (String) -> Void) {
        let findings = ReportedFinding.all(in: report, sourceRoot: sourceRoot)
        var highest: [String: Severity] = [:]
        var ruleOrder: [String] = []
        for finding in findings {
            let id = finding.diagnostic.ruleID
            if highest[id] == nil { ruleOrder.append(id) }
            highest[id] = max(highest[id] ?? finding.diagnostic.severity, finding.diagnostic.severity)
        }
        let described = Dictionary(report.rules.map { ($0.id, $0) }) { first, _ in first }
        JSONWriter.write(.object([
            ("rules", .array(ruleOrder.map { id in Self.rule(id: id, severity: highest[id] ?? .note, description: described[id]) })),
            ("issues", .generated(count: findings.count) { index in Self.issue(findings[index], sourceRoot: sourceRoot) }),
        ]), to: output)
    }

    private static func rule(id: String, severity: Severity, description: RuleDescription?) -> JSONWriter.Value {
        let summary = description?.summary ?? id
        let text = (description.flatMap { SARIFReporter.firstParagraph(of: $0.rationale) } ?? summary)
            + (description.map { " " + $0.helpURL } ?? "")
        let (impact, legacy): (String, String) = switch severity {
        case .error: ("HIGH", "CRITICAL")
        case .warning: ("MEDIUM", "MAJOR")
        case .note: ("LOW", "INFO")
        }
        return .object([
            ("id", .string(id)),
            ("name", .string(summary)),
            ("description", .string(text)),
            ("engineId", .string(engineID)),
            ("cleanCodeAttribute", .string("LOGICAL")),
            ("type", .string("BUG")),
            ("severity", .string(legacy)),
            ("impacts", .array([.object([("softwareQuality", .string("RELIABILITY")), ("severity", .string(impact))])])),
        ])
    }

    private static func issue(_ finding: ReportedFinding, sourceRoot: SourceRoot) -> JSONWriter.Value {
        var members: [(key: String, value: JSONWriter.Value)] = [
            ("ruleId", .string(finding.diagnostic.ruleID)),
            ("primaryLocation", location(file: finding.file, range: finding.range, message: finding.message)),
        ]
        let related = finding.diagnostic.related.map { related in
            let file = ReportedFile(related.location.file, sourceRoot: sourceRoot)
            return location(file: file, range: file.innerPath == nil ? related.location.range : nil, message: related.message)
        }
        if !related.isEmpty { members.append(("secondaryLocations", .array(related))) }
        return .object(members)
    }

    private static func location(file: ReportedFile, range: SourceRange?, message: String) -> JSONWriter.Value {
        .object([
            ("message", .string(message)),
            ("filePath", .string(file.name)),
            ("textRange", textRange(range)),
        ])
    }

    static func textRange(_ range: SourceRange?) -> JSONWriter.Value {
        guard let range else { return .object([("startLine", .integer(1))]) }
        let startLine = max(1, range.start.line)
        let endLine = max(startLine, range.end.line)
        let startColumn = max(0, range.start.column - 1)
        let endColumn = max(0, range.end.column - 1)
        guard endLine > startLine || endColumn > startColumn else { return .object([("startLine", .integer(startLine))]) }
        return .object([
            ("startLine", .integer(startLine)), ("endLine", .integer(endLine)),
            ("startColumn", .integer(startColumn)), ("endColumn", .integer(endColumn)),
        ])
    }
}
