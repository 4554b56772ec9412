/// GitLab Code Quality (`artifacts:reports:codequality`): an array of issues, each with the
/// rule as `check_name`, a `fingerprint` that stays the same across runs and machines (the
/// SARIF report's, so that both name a finding alike), the file from the repository root with
/// its lines, and `positions` where the file has lines (not inside a signed app). GitLab ranks
/// `critical` above `major` above `info`: errors break links, warnings are likely mistakes,
/// notes need no change.
struct GitLabReporter: Reporter {
    let sourceRoot: SourceRoot

    func write(_ report: LintReport, to output: (String) -> Void) {
        let findings = ReportedFinding.all(in: report, sourceRoot: sourceRoot)
        JSONWriter.write(.generated(count: findings.count) { Self.issue(findings[$0]) }, to: output)
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "critical"
        case .warning: "major"
        case .note: "info"
        }
    }

    private static func issue(_ finding: ReportedFinding) -> JSONWriter.Value {
        var location: [(key: String, value: JSONWriter.Value)] = [("path", .string(finding.file.name))]
        if let range = finding.range {
            location += [
                ("lines", .object([("begin", .integer(range.start.line)), ("end", .integer(range.end.line))])),
                ("positions", .object([("begin", position(range.start)), ("end", position(range.end))])),
            ]
        } else {
            location.append(("lines", .object([("begin", .integer(1))])))
        }
        return .object([
            ("type", .string("issue")),
            ("description", .string(finding.message)),
            ("check_name", .string(finding.diagnostic.ruleID)),
            ("fingerprint", .string(finding.fingerprint)),
            ("severity", .string(severity(finding.diagnostic.severity))),
            ("location", .object(location)),
        ])
    }

    private static func position(_ position: SourcePosition) -> JSONWriter.Value {
        .object([("line", .integer(max(1, position.line))), ("column", .integer(max(1, position.column)))])
    }
}
