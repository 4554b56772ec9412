import AASALintCore
import AASALintRules
import AASALintTestSupport
import Foundation
import Testing
@testable import aasalint

/// End-to-end runs of the built `aasalint` binary over the small trees in `Fixtures/cli/`.
/// Every run starts in that folder so that reported paths are relative and the same on every
/// machine. Standard output is compared with `Fixtures/cli/expected/<name>.stdout`;
/// `AASALINT_UPDATE_GOLDENS=1` rewrites those files instead, for review in the diff.
@Suite struct CLIScenarioTests {
    static let scenarios = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/cli")
    static let brokenFile = "broken/shop/.well-known/apple-app-site-association"
    static let cleanFile = "clean/.well-known/apple-app-site-association"
    static let builtInRuleIDs = BuiltInRules.all.map { $0.description.id }
    /// The rules that run without configuration: SARIF lists exactly these.
    static let defaultRuleIDs = BuiltInRules.all.filter { !$0.description.isOptIn }.map { $0.description.id }

    // MARK: Exit status 0

    @Test func cleanTreePasses() throws {
        let run = try aasalint("clean")
        try expect(run, stdout: "clean", status: 0)
    }

    @Test func failOnNoneReportsFindingsButPasses() throws {
        let run = try aasalint("--fail-on", "none", "broken")
        try expect(run, stdout: "broken", status: 0)
    }

    @Test(arguments: [["warnings-only"], ["--fail-on", "error", "warnings-only"]])
    func warningsPassWhenOnlyErrorsFail(arguments: [String]) throws {
        let run = try aasalint(arguments)
        try expect(run, stdout: "warnings-only", status: 0)
    }

    @Test(arguments: ["version", "--version"])
    func versionNamesToolAndLibyaml(spelling: String) throws {
        let run = try aasalint(spelling)
        #expect(run.standardOutput == "aasalint \(AASALintVersion.current) (libyaml \(YAMLLibrary.version))\n")
        #expect(run.standardError == "")
        #expect(run.status == 0)
    }

    @Test func rulesListsEveryBuiltInRule() throws {
        let run = try aasalint("rules")
        try expect(run, stdout: "rules", status: 0)
        let listedIDs = run.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        for id in Self.builtInRuleIDs {
            #expect(listedIDs.contains(id), "\(id) is missing from `aasalint rules`")
        }
    }

    @Test func rulesExplainsOneRule() throws {
        let run = try aasalint("rules", "duplicate-key")
        try expect(run, stdout: "rules-duplicate-key", status: 0)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func overviewListsCommands(arguments: [String]) throws {
        try expectHelp(try aasalint(arguments), golden: "help")
    }

    @Test(arguments: CommandLineTool.commands.map(\.name))
    func everyCommandHasHelp(command: String) throws {
        try expectHelp(try aasalint(command, "--help"), golden: "\(command)-help")
    }

    /// `--help` wins over any other mistake on the line: the user is asking how to fix it.
    @Test(arguments: [
        (["lint", "-h"], "lint"),
        (["lint", "--fromat", "xml", "--help"], "lint"),
        (["broken", "--help"], "lint"),
        (["rules", "no-such-rule", "--help"], "rules"),
        (["version", "extra", "-h"], "version"),
    ])
    func helpWinsOverMistakes(arguments: [String], command: String) throws {
        try expectHelp(try aasalint(arguments), golden: "\(command)-help")
    }

    // MARK: Exit status 1

    @Test(arguments: [["broken"], ["lint", "broken"]])
    func brokenTreeFails(arguments: [String]) throws {
        let run = try aasalint(arguments)
        try expect(run, stdout: "broken", status: 1)
    }

    @Test(arguments: ["warning", "note"])
    func warningsFailAtWarningOrBelow(threshold: String) throws {
        let run = try aasalint("--fail-on", threshold, "warnings-only")
        try expect(run, stdout: "warnings-only", status: 1)
    }

    @Test(arguments: [
        ([], 0),
        (["--fail-on", "warning"], 0),
        (["--fail-on", "note"], 1),
    ] as [([String], Int32)])
    func notesFailOnlyWhenFailOnIsNote(options: [String], status: Int32) throws {
        let run = try aasalint(options + ["notes-only"])
        try expect(run, stdout: "notes-only", status: status)
    }

    // MARK: Exit status 2

    @Test(arguments: [
        (["--fromat", "json", "broken"], "unknown option '--fromat' for 'aasalint lint'; did you mean '--format'?"),
        (["-fromat", "json", "broken"], "unknown option '-fromat' for 'aasalint lint'; did you mean '--format'?"),
        (["--format", "jsn", "broken"], "invalid value 'jsn' for '--format'; did you mean 'json'? (expected one of: text, json, sarif, github)"),
        (["--format", "xml", "broken"], "invalid value 'xml' for '--format' (expected one of: text, json, sarif, github)"),
        (["--fail-on", "warnings", "broken"],
         "invalid value 'warnings' for '--fail-on'; did you mean 'warning'? (expected one of: error, warning, note, none)"),
        (["lint", "--output"], "option '--output' needs a value"),
        (["--enable", "duplicate-kee", "broken"], "unknown rule 'duplicate-kee'; did you mean 'duplicate-key'? (`aasalint rules` lists them)"),
        (["--disable", "invalid-appid", "broken"], "unknown rule 'invalid-appid'; did you mean 'invalid-app-id'? (`aasalint rules` lists them)"),
        (["--disable", "unknown-key,nonsense", "broken"], "unknown rule 'nonsense' (`aasalint rules` lists them)"),
        (["lnt"], "unknown command 'lnt'; did you mean 'lint'?"),
        (["rules", "no-such-rule"], "unknown rule 'no-such-rule' (`aasalint rules` lists them)"),
        (["rules", "duplicate-kye"], "unknown rule 'duplicate-kye'; did you mean 'duplicate-key'? (`aasalint rules` lists them)"),
        (["rules", "duplicate-key", "invalid-json"],
         "unexpected argument 'invalid-json' for 'aasalint rules' (expected at most 1 ID); usage: aasalint rules [ID]"),
        (["version", "extra"], "unexpected argument 'extra' for 'aasalint version' (it takes none); usage: aasalint version"),
    ])
    func usageMistakeExplainsItselfAndLintsNothing(arguments: [String], message: String) throws {
        let run = try aasalint(arguments)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "aasalint: error: \(message)\n")
        #expect(run.status == 2)
    }

    /// Nothing was linted: only the error, no summary that could pass for a clean run.
    @Test func missingPathIsNamed() throws {
        let run = try aasalint("lint", "no-such-folder")
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "aasalint: error: no-such-folder: no such file or directory\n")
    }

    /// The paths that exist are still reported, but the run must not pass as complete.
    @Test func missingPathBesideRealOnesStillFailsWithStatus2() throws {
        let run = try aasalint("no-such-folder", "broken")
        try expect(run, stdout: "broken-and-missing-path", status: 2)
        #expect(run.standardError == "aasalint: error: no-such-folder: no such file or directory\n")
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

    /// A Foundation error code is not a reason anyone can act on: the message says what is wrong.
    @Test(arguments: [
        ("/no-such-folder/report.json", "aasalint: error: /no-such-folder/report.json: the folder /no-such-folder does not exist\n"),
        ("broken", "aasalint: error: broken is a folder; give the name of a file to write\n"),
    ])
    func unwritableOutputFileIsNamed(target: String, message: String) throws {
        let run = try aasalint("--output", target, "clean")
        #expect(run.standardOutput == "")
        #expect(run.standardError == message)
        #expect(run.status == 2)
    }

    // MARK: Formats

    @Test func jsonReport() throws {
        let run = try aasalint("--format", "json", "broken")
        try expect(run, stdout: "broken-json", status: 1)

        let report = try jsonObject(run.standardOutput)
        #expect(report["version"] as? Int == 1)
        #expect(report["files"] as? Int == 2)
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let severities = diagnostics.compactMap { $0["severity"] as? String }
        #expect(severities.count { $0 == "error" } == 3)
        #expect(severities.count { $0 == "warning" } == 2)
        #expect(severities.count { $0 == "note" } == 1)
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(summary == ["errors": 3, "warnings": 2, "notes": 1])
        let files = Set(diagnostics.compactMap { $0["file"] as? String })
        #expect(files == ["broken/blog/apple-app-site-association.json", Self.brokenFile])
    }

    /// `--base-path .` keeps the URIs the same in a clone and in a copy without `.git`.
    @Test func sarifReport() throws {
        let run = try aasalint("--format", "sarif", "--base-path", ".", "broken")
        #expect(run.status == 1)
        #expect(run.standardError == "")
        try expectGolden(portable(run.standardOutput), named: "broken-sarif")

        let sarif = try jsonObject(run.standardOutput)
        #expect(sarif["version"] as? String == "2.1.0")
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ruleIDs = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ruleIDs == Self.defaultRuleIDs)
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 6)
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
        #expect(URL(string: sourceRoot)?.standardizedFileURL.path == Self.scenarios.standardizedFileURL.path)
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
    func outputOptionWritesReportToFile(options: [String], golden: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")

        let run = try aasalint(options + [report.path, "broken"])
        #expect(run.standardOutput == "")
        #expect(run.standardError == "")
        #expect(run.status == 1)
        try expectGolden(portable(String(decoding: try Data(contentsOf: report), as: UTF8.self)), named: golden)
    }

    @Test(arguments: [["--quiet"], ["-q"], ["--quiet", "--snippet"]])
    func quietPrintsOnlyFindingLines(options: [String]) throws {
        let run = try aasalint(options + ["broken"])
        try expect(run, stdout: "broken-quiet", status: 1)
        for line in run.standardOutput.split(separator: "\n") {
            #expect(line.hasPrefix("broken/"), "not a finding line: \(line)")
        }
    }

    @Test func quietCleanTreePrintsNothing() throws {
        let run = try aasalint("--quiet", "clean")
        #expect(run.standardOutput == "")
        #expect(run.standardError == "")
        #expect(run.status == 0)
    }

    @Test func snippetShowsSourceLinesAndCarets() throws {
        let run = try aasalint("--snippet", "broken")
        try expect(run, stdout: "broken-snippet", status: 1)
    }

    /// Standard output is a pipe here, so colour is off in every case; the point is that
    /// none of these spellings turns it on or leaks an escape sequence.
    @Test(arguments: [
        ([] as [String], [:] as [String: String]),
        (["--no-color"], [:]),
        ([], ["NO_COLOR": "1"]),
        (["--no-color"], ["NO_COLOR": "1"]),
    ])
    func noEscapeSequencesWithoutTerminal(options: [String], environment: [String: String]) throws {
        let run = try aasalint(options + ["--snippet", "broken"], environment: environment)
        try expect(run, stdout: "broken-snippet", status: 1)
        #expect(!run.standardOutput.contains("\u{1B}"))
        #expect(!run.standardError.contains("\u{1B}"))
    }

    // MARK: Standard input

    @Test(arguments: [["lint", "-"], ["-"]])
    func brokenStandardInputIsReportedAsStdin(arguments: [String]) throws {
        let run = try aasalint(arguments, standardInput: try fixtureData(Self.brokenFile))
        try expect(run, stdout: "stdin-broken", status: 1)
        let findingLines = run.standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") }.dropLast()
        #expect(!findingLines.isEmpty)
        for line in findingLines {
            #expect(line.hasPrefix("<stdin>:"), "not reported as <stdin>: \(line)")
        }
    }

    @Test func cleanStandardInputPasses() throws {
        let run = try aasalint(["lint", "-"], standardInput: try fixtureData(Self.cleanFile))
        try expect(run, stdout: "stdin-clean", status: 0)
    }

    // MARK: Rule selection

    @Test func disableRemovesThatRulesFindings() throws {
        let run = try aasalint("--disable", "invalid-app-id", "broken")
        try expect(run, stdout: "broken-without-invalid-app-id", status: 1)
        #expect(!run.standardOutput.contains("[invalid-app-id]"))
    }

    /// The remaining findings are warnings and notes, so the run passes.
    @Test(arguments: [
        ["--disable", "invalid-app-id,unknown-key"],
        ["--disable", "invalid-app-id", "--disable", "unknown-key"],
    ])
    func disablingEveryErroringRulePasses(options: [String]) throws {
        let run = try aasalint(options + ["broken"])
        try expect(run, stdout: "broken-without-errors", status: 0)
    }

    @Test func enablingAnEnabledRuleChangesNothing() throws {
        let run = try aasalint("--enable", "invalid-app-id", "broken")
        try expect(run, stdout: "broken", status: 1)
    }

    // MARK: Discovery

    @Test func dependencyAndBuildFoldersAreSkipped() throws {
        // Each decoy has findings (shown by linting one directly below), so a clean
        // report proves the folders were skipped rather than empty.
        for folder in ["node_modules/web-kit", ".build/checkouts", "Pods/Shop", "DerivedData/Shop"] {
            let decoy = "skipped-folders/\(folder)/apple-app-site-association"
            try #require(
                FileManager.default.fileExists(atPath: Self.scenarios.appendingPathComponent(decoy).path),
                "fixture \(decoy) is missing (`.build/` is git-ignored: add it with `git add -f`)"
            )
        }
        let run = try aasalint("skipped-folders")
        try expect(run, stdout: "skipped-folders", status: 0)
    }

    @Test func skippedFolderNamedExplicitlyIsLinted() throws {
        let run = try aasalint("skipped-folders/node_modules")
        try expect(run, stdout: "skipped-folder-named", status: 1)
    }

    @Test func onlyAASANamesAreFoundInFolders() throws {
        let run = try aasalint("mixed-names")
        try expect(run, stdout: "mixed-names", status: 1)
        #expect(!run.standardOutput.contains("package.json"))
    }

    @Test func fileNamedExplicitlyIsLintedWhateverItsName() throws {
        let run = try aasalint("mixed-names/package.json")
        try expect(run, stdout: "explicit-package-json", status: 1)
    }

    @Test func noPathLintsWorkingDirectory() throws {
        let run = try BinaryRunner.run([], workingDirectory: Self.scenarios.appendingPathComponent("warnings-only"))
        try expect(run, stdout: "working-directory", status: 0)
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
        #expect(reportedPaths.count == 6)
        #expect(reportedPaths == reportedPaths.sorted())
    }

    // MARK: Support

    private func aasalint(_ arguments: String...) throws -> BinaryRun {
        try aasalint(arguments)
    }

    private func aasalint(
        _ arguments: [String],
        standardInput: Data? = nil,
        environment: [String: String] = [:]
    ) throws -> BinaryRun {
        try BinaryRunner.run(arguments, standardInput: standardInput, environment: environment, workingDirectory: Self.scenarios)
    }

    private func expectHelp(_ run: BinaryRun, golden: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expect(run, stdout: golden, status: 0, sourceLocation: sourceLocation)
        #expect(
            run.standardOutput.hasSuffix("\n"), "help must end with a newline, or the shell prompt lands on its last line",
            sourceLocation: sourceLocation
        )
    }

    private func fixtureData(_ path: String) throws -> Data {
        try Data(contentsOf: Self.scenarios.appendingPathComponent(path))
    }

    /// The report with the one path that depends on the machine, SARIF's source root, written as ROOT.
    private func portable(_ report: String) -> String {
        report.replacing(/"uri": "file:\/\/[^"]*\/"/, with: #""uri": "file:///ROOT/""#)
    }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Standard output matches the golden, the status is exact, and nothing went to standard
    /// error unless the status says the tool failed.
    private func expect(
        _ run: BinaryRun,
        stdout golden: String,
        status: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(run.status == status, "exit status; stderr: \(run.standardError)", sourceLocation: sourceLocation)
        if status != 2 {
            #expect(run.standardError == "", sourceLocation: sourceLocation)
        }
        try expectGolden(run.standardOutput, named: golden, sourceLocation: sourceLocation)
    }

    private func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let mismatch = try Golden.mismatch(of: actual, with: Self.scenarios.appendingPathComponent("expected/\(name).stdout")) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }
}
