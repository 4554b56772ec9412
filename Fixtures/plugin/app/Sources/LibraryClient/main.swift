// A program built on aasalint's library from another package, which sees only what
// AASALintCore and AASALintRules declare `public` (scripts/check-plugins.sh runs it).
import AASALintCore
import AASALintRules

let rules = BuiltInRules.rules
let paths = Array(CommandLine.arguments.dropFirst())
let linter = try AASALinter(rules: rules, configuration: try Configuration.resolved(from: ".", rules: rules))
let report = linter.lint(paths: paths)
for finding in report.diagnostics {
    let start = finding.location.range.start
    print("\(finding.location.file):\(start.line):\(start.column): \(finding.severity.rawValue): \(finding.ruleID) at \(finding.location.jsonPointer ?? "-")")
}
print("files: \(report.fileCount), problems: \(report.problems.count), sarif bytes: \(report.rendered(as: .sarif).utf8.count > 0)")

let aasa = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/shop/*"}]}]}}"#
let decision = try AASAMatcher(contents: Array(aasa.utf8)).decide("https://www.example.com/shop/1", appID: "ABCDE12345.com.example.shop")
print("decision: \(decision.outcome.rawValue) by \(decision.componentPointer ?? "-")")
