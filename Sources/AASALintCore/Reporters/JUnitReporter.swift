/// JUnit XML, which GitLab, Jenkins, Azure DevOps and Bitrise show as test results: a test
/// suite per file with findings, and a failed test case per finding. One case per finding
/// (rather than per file and rule) because these viewers show a case's name and message, not
/// a list inside it: each finding keeps its own line, rule and message, and a fixed finding
/// disappears from the results by itself. A run without findings is one passing case, so that
/// the viewers show the lint ran; inputs that could not be linted are errors.
struct JUnitReporter: Reporter {
    let sourceRoot: SourceRoot

    func write(_ report: LintReport, to output: (String) -> Void) {
        let findings = ReportedFinding.all(in: report, sourceRoot: sourceRoot)
        var suites: [(name: String, findings: [ReportedFinding])] = []
        for finding in findings {
            if suites.last?.name == finding.file.name {
                suites[suites.count - 1].findings.append(finding)
            } else {
                suites.append((finding.file.name, [finding]))
            }
        }
        let problems = report.problems
        let tests = findings.count + problems.count + (findings.isEmpty && problems.isEmpty ? 1 : 0)
        output(XMLText.declaration)
        output("<testsuites" + XMLText.attributes([
            ("name", "aasalint"), ("tests", String(tests)), ("failures", String(findings.count)), ("errors", String(problems.count)),
        ]) + ">\n")
        for suite in suites {
            output("  <testsuite" + XMLText.attributes([
                ("name", suite.name), ("tests", String(suite.findings.count)), ("failures", String(suite.findings.count)),
                ("errors", "0"), ("skipped", "0"),
            ]) + ">\n")
            for finding in suite.findings {
                output(Self.testCase(finding))
            }
            output("  </testsuite>\n")
        }
        if !problems.isEmpty || findings.isEmpty {
            output("  <testsuite" + XMLText.attributes([
                ("name", "aasalint"), ("tests", String(max(1, problems.count))), ("failures", "0"),
                ("errors", String(problems.count)), ("skipped", "0"),
            ]) + ">\n")
            if problems.isEmpty {
                output("    <testcase" + XMLText.attributes([("classname", "aasalint"), ("name", TextReporter.summary(of: report) ?? "no file linted")]) + "/>\n")
            }
            for problem in problems {
                output("    <testcase" + XMLText.attributes([("classname", "aasalint"), ("name", "not linted: " + problem)]) + ">\n")
                output("      <error" + XMLText.attributes([("message", problem), ("type", "input")]) + "/>\n")
                output("    </testcase>\n")
            }
            output("  </testsuite>\n")
        }
        output("</testsuites>\n")
    }

    /// Named after the rule and position, in the class of its file; the body is the text report's line.
    private static func testCase(_ finding: ReportedFinding) -> String {
        let diagnostic = finding.diagnostic
        let start = finding.range?.start
        let position = start.map { ":\($0.line):\($0.column)" } ?? ""
        var attributes = [("classname", finding.file.name), ("name", diagnostic.ruleID + (start.map { " at \($0.line):\($0.column)" } ?? "")),
                          ("file", finding.file.name)]
        if let start { attributes.append(("line", String(start.line))) }
        let line = "\(finding.file.name)\(position): \(diagnostic.severity.rawValue): \(finding.message) [\(diagnostic.ruleID)]"
        return "    <testcase" + XMLText.attributes(attributes) + ">\n"
            + "      <failure" + XMLText.attributes([("message", finding.message), ("type", diagnostic.severity.rawValue)]) + ">"
            + XMLText.escaped(line) + "</failure>\n"
            + "    </testcase>\n"
    }
}
