@testable import AASALintCore
import AASALintRules
import AASALintTestSupport
import Foundation
import Testing
@testable import aasalint

/// End-to-end runs of the built `aasalint` binary over the small trees in `Fixtures/cli/`, as
/// the folders of `Fixtures/cli/scenarios/` describe them (`CLIScenario`): adding a scenario is
/// adding a folder. `AASALINT_UPDATE_GOLDENS=1` rewrites the expected files instead, for review
/// in the diff. The other tests here check what a scenario's output must say, or need a run
/// that a folder cannot describe.
@Suite struct CLIScenarioTests {
    static let trees = CLIScenario.trees
    static let brokenFile = "broken/shop/.well-known/apple-app-site-association"
    static let builtInRuleIDs = BuiltInRules.all.map { $0.description.id }
    /// The rules that run without configuration: SARIF lists exactly these.
    static let defaultRuleIDs = BuiltInRules.all.filter { !$0.description.isOptIn }.map { $0.description.id }

    @Test(arguments: try CLIScenario.all())
    func scenario(_ scenario: CLIScenario) throws {
        let run = try scenario.run()
        for mismatch in try scenario.mismatches(of: run) {
            Issue.record(Comment(rawValue: mismatch))
        }
    }

    /// A misspelt file would be ignored, and the scenario would check less than it seems to.
    @Test(arguments: try CLIScenario.names())
    func scenarioHoldsOnlyKnownFiles(name: String) throws {
        let runs = try CLIScenario.all().filter { $0.name == name }
        let known = CLIScenario.sharedFiles.union(runs.map(\.invocation)).union(runs.map(\.environmentFile))
        for file in try CLIScenario.files(in: name) {
            #expect(known.contains(file), "\(name)/\(file) is not a file a scenario holds")
        }
    }

    // MARK: What the outputs say

    @Test(arguments: ["version", "--version"])
    func versionNamesToolAndLibyaml(spelling: String) throws {
        let run = try aasalint(spelling)
        #expect(run.standardOutput == "aasalint \(AASALintVersion.current) (libyaml \(YAMLLibrary.version))\n")
        #expect(run.standardError == "")
        #expect(run.status == 0)
    }

    @Test func rulesListsEveryBuiltInRule() throws {
        let listedIDs = try CLIScenario.expectedOutput(of: "rules").split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        for id in Self.builtInRuleIDs {
            #expect(listedIDs.contains(id), "\(id) is missing from `aasalint rules`")
        }
    }

    @Test(arguments: CommandLineTool.commands.map(\.name))
    func everyCommandHasHelp(command: String) throws {
        let help = CLIScenario(name: "\(command)-help", invocation: CLIScenario.invocationFile)
        #expect(try help.arguments() == [command, "--help"])
    }

    @Test(arguments: ["help"] + CommandLineTool.commands.map { "\($0.name)-help" })
    func helpEndsWithANewline(scenario: String) throws {
        #expect(try CLIScenario.expectedOutput(of: scenario).hasSuffix("\n"),
                "help must end with a newline, or the shell prompt lands on its last line")
    }

    @Test func jsonReportCountsEveryFinding() throws {
        let report = try jsonObject(try CLIScenario.expectedOutput(of: "broken-json"))
        #expect(report["version"] as? Int == 1)
        #expect(report["files"] as? Int == 2)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let severities = diagnostics.compactMap { $0["severity"] as? String }
        #expect(severities.count { $0 == "error" } == 3)
        #expect(severities.count { $0 == "warning" } == 2)
        #expect(severities.count { $0 == "note" } == 0)
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(summary == ["errors": 3, "warnings": 2, "notes": 0])
        #expect(report["complete"] as? Bool == true)
        let files = Set(diagnostics.compactMap { $0["file"] as? String })
        #expect(files == ["broken/blog/apple-app-site-association.json", Self.brokenFile])
    }

    /// `--base-path .` keeps the URIs the same in a clone and in a copy without `.git`.
    @Test func sarifReportIndexesItsRulesAndNamesItsSourceRoot() throws {
        let run = try aasalint("--format", "sarif", "--base-path", ".", "broken")
        #expect(run.status == 1)
        let sarif = try jsonObject(run.standardOutput)
        #expect(sarif["version"] as? String == "2.1.0")
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ruleIDs = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ruleIDs == Self.defaultRuleIDs)
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 5)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let ruleIndex = try #require(result["ruleIndex"] as? Int)
            #expect(ruleIDs[ruleIndex] == ruleID)
            let artifact = try #require(
                ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                    as? [String: Any]
            )
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            #expect((artifact["uri"] as? String)?.hasPrefix("broken/") == true)
        }
        let invocations = try #require(runs[0]["invocations"] as? [[String: Any]])
        #expect(invocations.first?["executionSuccessful"] as? Bool == true)
        let sourceRoot = try #require((runs[0]["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"])
        #expect(sourceRoot.hasSuffix("/"))
        #expect(URL(string: sourceRoot)?.standardizedFileURL.path == Self.trees.standardizedFileURL.path)
    }

    /// Code scanning hides results of a run that reports success, so a run that could not
    /// read all its input must not claim it.
    @Test func sarifMarksRunWithMissingPathAsUnsuccessful() throws {
        let run = try aasalint("--format", "sarif", "no-such-folder", "clean")
        #expect(run.status == 2)
        let sarif = try jsonObject(run.standardOutput)
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let invocations = try #require(runs.first?["invocations"] as? [[String: Any]])
        #expect(invocations.first?["executionSuccessful"] as? Bool == false)
    }

    @Test func sarifListsOnlyEnabledRules() throws {
        let run = try aasalint("--format", "sarif", "--disable", "invalid-app-id", "clean")
        #expect(run.status == 0)
        let sarif = try jsonObject(run.standardOutput)
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ruleIDs = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ruleIDs == Self.defaultRuleIDs.filter { $0 != "invalid-app-id" })
    }

    /// The file holds exactly what standard output would have held, and the exit status
    /// still reflects the findings.
    @Test(arguments: [
        (["--output"], "broken"),
        (["-o"], "broken"),
        (["--format", "json", "--output"], "broken-json"),
        (["--format", "sarif", "--base-path", ".", "--output"], "broken-sarif"),
    ])
    func outputOptionWritesReportToFile(options: [String], scenario: String) throws {
        let folder = try TemporaryFolder("cli")
        let report = folder.url.appendingPathComponent("report")

        let run = try aasalint(options + [report.path, "broken"])
        #expect(run.standardOutput == "")
        #expect(run.standardError == "")
        #expect(run.status == 1)
        let written = CLIScenario.portable(String(decoding: try Data(contentsOf: report), as: UTF8.self))
        #expect(written == (try CLIScenario.expectedOutput(of: scenario)), "the report differs from scenario \(scenario)'s stdout")
    }

    @Test func quietPrintsOnlyFindingLines() throws {
        for line in try CLIScenario.expectedOutput(of: "broken-quiet").split(separator: "\n") {
            #expect(line.hasPrefix("broken/"), "not a finding line: \(line)")
        }
    }

    /// Standard output is a pipe in the scenarios, so colour is off in every spelling of
    /// `broken-snippet`; the point is that none of them turns it on or leaks an escape sequence.
    @Test func noEscapeSequencesWithoutTerminal() throws {
        #expect(!(try CLIScenario.expectedOutput(of: "broken-snippet")).contains("\u{1B}"))
    }

    @Test func brokenStandardInputIsReportedAsStdin() throws {
        let findingLines = try CLIScenario.expectedOutput(of: "stdin-broken").split(separator: "\n").filter { !$0.hasPrefix(" ") }.dropLast()
        #expect(!findingLines.isEmpty)
        for line in findingLines {
            #expect(line.hasPrefix("<stdin>:"), "not reported as <stdin>: \(line)")
        }
    }

    @Test func disableRemovesThatRulesFindings() throws {
        #expect(!(try CLIScenario.expectedOutput(of: "broken-without-invalid-app-id")).contains("[invalid-app-id]"))
    }

    /// Each decoy has findings (shown by `skipped-folder-named`, which lints one directly), so the
    /// clean report of `skipped-folders` proves the folders were skipped rather than empty.
    @Test(arguments: ["node_modules/web-kit", ".build/checkouts", "Pods/Shop", "DerivedData/Shop"])
    func skippedFolderHoldsADecoy(folder: String) throws {
        let decoy = "skipped-folders/\(folder)/apple-app-site-association"
        #expect(
            FileManager.default.fileExists(atPath: Self.trees.appendingPathComponent(decoy).path),
            "fixture \(decoy) is missing (`.build/` is git-ignored: add it with `git add -f`)"
        )
    }

    @Test func onlyAASANamesAreFoundInFolders() throws {
        #expect(!(try CLIScenario.expectedOutput(of: "mixed-names")).contains("package.json"))
    }

    /// Where the order analysis stops short is one note of the run, in SARIF as in the other
    /// formats, and no result.
    @Test func sarifCarriesTheAnalysisLimitAsAToolNotification() throws {
        let run = try aasalint("--format", "sarif", "--no-config", "analysis-limit")
        #expect(run.status == 0)
        let sarif = try jsonObject(run.standardOutput)
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect((runs[0]["results"] as? [Any])?.isEmpty == true)
        let invocation = try #require((runs[0]["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.count == 1)
        #expect(notifications.first?["level"] as? String == "note")
        let text = (notifications.first?["message"] as? [String: Any])?["text"] as? String ?? ""
        #expect(text.hasPrefix("the component-order analysis is incomplete in 1 place of analysis-limit/apple-app-site-association"))
    }

    @Test func outputIsSortedAndRepeatable() throws {
        let first = try aasalint("broken")
        let second = try aasalint("broken")
        #expect(first.standardOutput == second.standardOutput)

        // Overlapping paths in any order and spelling give each file once, in path order.
        let overlapping = try aasalint("broken/shop", "./broken/", "broken")
        #expect(overlapping.standardOutput == first.standardOutput)

        let reportedPaths = first.standardOutput.split(separator: "\n")
            .filter { !$0.hasPrefix(" ") }
            .compactMap { line in line.firstIndex(of: ":").map { String(line[..<$0]) } }
        #expect(reportedPaths.count == 5)
        #expect(reportedPaths == reportedPaths.sorted())
    }

    // MARK: Support

    private func aasalint(_ arguments: String...) throws -> BinaryRun {
        try aasalint(arguments)
    }

    private func aasalint(_ arguments: [String]) throws -> BinaryRun {
        try BinaryRunner.run(arguments, workingDirectory: Self.trees)
    }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
