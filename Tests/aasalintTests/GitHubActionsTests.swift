@testable import AASALintCore
import Foundation
import Testing

/// What the GitHub Actions runner makes of aasalint's output, read by the runner's own rules:
/// the problem matcher applied to real text reports, workflow commands parsed and unescaped as
/// the runner does, and the scripts of `action.yml` run with the inputs a workflow could give.
@Suite struct GitHubActionsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = root.appendingPathComponent("Fixtures/cli")

    // MARK: Problem matcher

    /// Every finding line of a real report becomes the annotation the JSON report describes,
    /// with a severity the runner accepts; related-location lines and the summary become none.
    @Test func theProblemMatcherAnnotatesEveryFindingLine() throws {
        let matchers = try ProblemMatcher.load(Self.root.appendingPathComponent(".github/aasalint-problem-matcher.json"))
        let arguments = ["lint", "--no-config", "--no-color", "broken", "notes-only", "warnings-only"]
        let text = try BinaryRunner.run(arguments, workingDirectory: Self.scenarios)
        let json = try BinaryRunner.run(arguments + ["--format", "json"], workingDirectory: Self.scenarios)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])

        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let annotations = lines.compactMap { ProblemMatcher.annotation(of: $0, by: matchers) }
        let expected = diagnostics.map { diagnostic -> ProblemMatcher.Annotation in
            let start = ((diagnostic["range"] as? [String: Any])?["start"] as? [String: Int]) ?? [:]
            let severity = diagnostic["severity"] as? String
            return ProblemMatcher.Annotation(
                file: diagnostic["file"] as? String ?? "", line: start["line"] ?? 0, column: start["column"] ?? 0,
                severity: severity == "note" ? "notice" : severity ?? "", message: diagnostic["message"] as? String ?? "",
                code: diagnostic["ruleId"] as? String ?? "")
        }
        #expect(annotations == expected)
        #expect(Set(annotations.map(\.severity)) == ["error", "warning", "notice"])
        #expect(lines.filter { $0.hasPrefix(" ") }.count >= 2, "the report should have related-location lines")
        for line in lines where line.hasPrefix(" ") || line == lines.last {
            #expect(ProblemMatcher.annotation(of: line, by: matchers) == nil, "\(line)")
        }
    }

    @Test func theProblemMatcherIgnoresDownloadsAndLinesOfOtherTools() throws {
        let matchers = try ProblemMatcher.load(Self.root.appendingPathComponent(".github/aasalint-problem-matcher.json"))
        for line in [
            "https://example.com/.well-known/apple-app-site-association:1:1: error: the server answered 404 [http-status]",
            "main.swift:3:1: error: cannot find 'x' in scope",
            "  a.json:1:1: note: first listed here",
            "3 errors, 3 warnings and 1 note in 2 files",
        ] {
            #expect(ProblemMatcher.annotation(of: line, by: matchers) == nil, "\(line)")
        }
        let custom = ProblemMatcher.annotation(of: "ios/My App.entitlements:2:5: note: x [Team_Policy]", by: matchers)
        #expect(custom == ProblemMatcher.Annotation(file: "ios/My App.entitlements", line: 2, column: 5, severity: "notice",
                                                     message: "x", code: "Team_Policy"))
    }

    // MARK: Workflow commands

    /// File names and messages with `%`, `:`, `,`, CR and LF reach the annotation unchanged.
    @Test func workflowCommandsSurviveTheRunnersParser() throws {
        let folder = try TemporaryFolder()
        let odd = "50%,a:b\u{1B}"
        try folder.write("\(odd)/apple-app-site-association", #"{"applinks": {"details": []}, "web%\r\n::credentials,": 1}"#)
        try folder.write("plain/apple-app-site-association", #"{"applinks": {"details": [{"appID": "x", "paths": ["*"]}]}}"#)
        let arguments = ["lint", "--no-config", "."]
        let github = try BinaryRunner.run(arguments + ["--format", "github"], workingDirectory: folder.url)
        let json = try BinaryRunner.run(arguments + ["--format", "json"], workingDirectory: folder.url)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])

        let commands = github.standardOutput.split(separator: "\n").map { WorkflowCommand(String($0)) }
        #expect(commands.count == diagnostics.count)
        #expect(diagnostics.count > 2)
        for (command, diagnostic) in zip(commands, diagnostics) {
            let command = try #require(command)
            let range = try #require(diagnostic["range"] as? [String: [String: Int]])
            let severity = diagnostic["severity"] as? String
            #expect(command.name == (severity == "note" ? "notice" : severity))
            let file = diagnostic["file"] as? String ?? ""
            // Other control characters are escaped as in the text report, never sent raw.
            #expect(command.properties["file"] == file.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}"))
            #expect(command.properties["line"] == range["start"]?["line"].map(String.init))
            #expect(command.properties["col"] == range["start"]?["column"].map(String.init))
            #expect(command.properties["endLine"] == range["end"]?["line"].map(String.init))
            #expect(command.properties["endColumn"] == range["end"]?["column"].map(String.init))
            #expect(command.properties["title"] == diagnostic["ruleId"] as? String)
            let example = (diagnostic["exampleURL"] as? String).map { " Example: \($0)" } ?? ""
            #expect(command.data == (diagnostic["message"] as? String ?? "") + example)
        }
        #expect(commands.contains { $0?.data.contains("web%\r\n::credentials,") == true })
        #expect(commands.contains { $0?.properties["file"]?.hasPrefix("50%,a:b") == true })
    }

    // MARK: action.yml

    @Test func noActionScriptContainsAnExpression() throws {
        let steps = try Self.actionSteps()
        #expect(steps.count > 3)
        for step in steps {
            if let script = step.member("run")?.value.stringValue {
                #expect(!script.contains("${{"), "step '\(step.member("name")?.value.stringValue ?? "?")' pastes an expression into its script")
                #expect(step.member("shell")?.value.stringValue == "bash")
            }
        }
        let build = try #require(steps.first { $0.member("name")?.value.stringValue == "Build aasalint" }?.member("run")?.value.stringValue)
        #expect(build.contains("--static-swift-stdlib"))
        let cache = try #require(steps.first { $0.member("uses")?.value.stringValue?.hasPrefix("actions/cache@") == true })
        #expect(cache.node(at: JSONPointer("/with/key")!)?.stringValue == "${{ steps.build-key.outputs.key }}")
        let action = try Self.action()
        #expect(action.node(at: JSONPointer("/inputs/fail-on/default")!)?.stringValue == "")
        #expect(action.node(at: JSONPointer("/inputs/annotations/default")!)?.stringValue == "problem-matcher")
    }

    @Test func inputsBecomeSeparateArgumentsAndNeverCode() throws {
        let run = try ActionStep.lint(inputs: ["paths": "$(touch pwned) web/* ;touch pwned2", "args": "--release `touch pwned3`"])
        #expect(run.calls == [["lint", "--no-color", "--release", "`touch", "pwned3`", "--", "$(touch", "pwned)", "web/*", ";touch", "pwned2"]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.folder.url.path).filter { $0.hasPrefix("pwned") }.isEmpty)
    }

    @Test func pathsOnSeveralLinesMayHoldSpaces() throws {
        let run = try ActionStep.lint(inputs: ["paths": "ios/My App/App.entitlements\n\nweb\n"])
        #expect(run.calls == [["lint", "--no-color", "--", "ios/My App/App.entitlements", "web"]])
    }

    /// Without `fail-on`, the configuration's `fail_on:` decides, so the option is not passed.
    @Test(arguments: [("", [] as [String]), ("warning", ["--fail-on", "warning"])])
    func failOnIsPassedOnlyWhenSet(failOn: String, options: [String]) throws {
        let run = try ActionStep.lint(inputs: ["fail-on": failOn])
        #expect(run.calls == [["lint", "--no-color"] + options + ["--", "."]])
    }

    @Test func theProblemMatcherChannelAnnotatesFromTheLogOnly() throws {
        let run = try ActionStep.lint(inputs: [:], exitStatus: 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "::add-matcher::/action/.github/aasalint-problem-matcher.json")
        let token = try #require(lines.dropFirst().first?.wholeMatch(of: /::stop-commands::(aasalint-[0-9a-f]{32})/)?.output.1)
        #expect(Array(lines.dropFirst(2)) == ["finding", "::\(token)::", "::remove-matcher owner=aasalint::", "::remove-matcher owner=aasalint-note::"])
        #expect(run.outputs == ["status=1"])
    }

    @Test func theSARIFChannelWritesTheReportAndAddsNoMatcher() throws {
        let run = try ActionStep.lint(inputs: ["annotations": "sarif", "fail-on": "note"], exitStatus: 1)
        #expect(run.calls == [
            ["lint", "--format", "sarif", "--output", "aasalint.sarif", "--fail-on", "note", "--", "."],
            ["lint", "--no-color", "--fail-on", "note", "--", "."],
        ])
        #expect(!run.standardOutput.contains("add-matcher"))
        #expect(run.outputs == ["sarif-file=aasalint.sarif", "status=1"])
    }

    @Test func aSARIFRunThatFailsFailsTheStep() throws {
        let run = try ActionStep.lint(inputs: ["annotations": "sarif"], exitStatus: 2)
        #expect(run.outputs.last == "status=2")
    }

    @Test func badInputsStopTheActionWithoutInjectingCommands() throws {
        let bad = try ActionStep.run("Check the inputs", inputs: ["annotations": "both\n::warning::injected"])
        #expect(bad.status == 1)
        #expect(!bad.standardOutput.split(separator: "\n").contains { $0.hasPrefix("::warning") })
        #expect(try ActionStep.run("Check the inputs", inputs: ["annotations": "sarif"]).status == 0)
        #expect(try ActionStep.run("Check the inputs", inputs: ["sarif-file": "a.sarif\nstatus=0"]).status == 1)
    }

    @Test(arguments: [("0", 0), ("1", 1), ("2", 2)] as [(String, Int32)])
    func theLastStepExitsWithAasalintsStatus(status: String, exitStatus: Int32) throws {
        let run = try ActionStep.run("Fail at fail-on", inputs: [:], environment: ["AASALINT_STATUS": status])
        #expect(run.status == exitStatus)
    }

    static func action() throws -> PositionedValue {
        try YAMLReader.parse([UInt8](Data(contentsOf: root.appendingPathComponent("action.yml"))))
    }

    static func actionSteps() throws -> [PositionedValue] {
        try #require(try action().node(at: JSONPointer("/runs/steps")!)?.elements)
    }
}

/// The runner's problem matchers (actions/runner IssueMatcher): the first matcher whose
/// pattern matches a line makes an annotation; its severity is the pattern's group, else the
/// matcher's default, and only error, warning and notice are kept.
private struct ProblemMatcher {
    struct Annotation: Equatable, CustomStringConvertible {
        let file: String
        let line: Int
        let column: Int
        let severity: String
        let message: String
        let code: String

        var description: String { "\(file):\(line):\(column) \(severity) \(message) [\(code)]" }
    }

    let defaultSeverity: String?
    let expression: NSRegularExpression
    let groups: [String: Int]

    static func load(_ url: URL) throws -> [ProblemMatcher] {
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let matchers = try #require(file["problemMatcher"] as? [[String: Any]])
        return try matchers.map { matcher in
            let patterns = try #require(matcher["pattern"] as? [[String: Any]])
            try #require(patterns.count == 1, "a single-line pattern")
            let pattern = patterns[0]
            return ProblemMatcher(
                defaultSeverity: matcher["severity"] as? String,
                expression: try NSRegularExpression(pattern: try #require(pattern["regexp"] as? String)),
                groups: pattern.compactMapValues { $0 as? Int })
        }
    }

    static func annotation(of line: String, by matchers: [ProblemMatcher]) -> Annotation? {
        for matcher in matchers {
            guard let match = matcher.expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
            func group(_ name: String) -> String? {
                guard let index = matcher.groups[name], let range = Range(match.range(at: index), in: line) else { return nil }
                return String(line[range])
            }
            let severity = (group("severity") ?? matcher.defaultSeverity ?? "error").lowercased()
            guard ["error", "warning", "notice"].contains(severity) else { return nil }
            return Annotation(file: group("file") ?? "", line: group("line").flatMap(Int.init) ?? 0,
                              column: group("column").flatMap(Int.init) ?? 0, severity: severity,
                              message: group("message") ?? "", code: group("code") ?? "")
        }
        return nil
    }
}

/// A workflow command as the runner reads it (actions/runner ActionCommand.TryParseV2): the
/// name, comma-separated `key=value` properties, and the data after the second `::`, each
/// unescaped in the runner's order.
private struct WorkflowCommand {
    let name: String
    let properties: [String: String]
    let data: String

    init?(_ line: String) {
        guard line.hasPrefix("::"), let end = line.dropFirst(2).range(of: "::") else { return nil }
        let info = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
        data = Self.unescaped(String(line[end.upperBound...]), [("%0D", "\r"), ("%0A", "\n"), ("%25", "%")])
        let parts = info.split(separator: " ", maxSplits: 1)
        name = String(parts.first ?? "")
        var properties: [String: String] = [:]
        for property in parts.dropFirst().first?.split(separator: ",") ?? [] {
            let pair = property.split(separator: "=", maxSplits: 1)
            properties[String(pair[0])] = Self.unescaped(pair.count > 1 ? String(pair[1]) : "",
                                                         [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")])
        }
        self.properties = properties
    }

    private static func unescaped(_ text: String, _ mappings: [(String, String)]) -> String {
        mappings.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}

/// One step of `action.yml`, run by bash with the environment its `env:` would give it for
/// the given inputs, and a stand-in aasalint that records its arguments.
struct ActionStep {
    struct Run {
        let folder: TemporaryFolder
        let status: Int32
        let standardOutput: String
        /// The arguments of each aasalint call.
        let calls: [[String]]
        /// The lines written to `$GITHUB_OUTPUT`.
        let outputs: [String]
    }

    static let defaults = ["paths": ".", "args": "", "fail-on": "", "annotations": "problem-matcher", "sarif-file": "aasalint.sarif", "version": ""]

    static func lint(inputs: [String: String], exitStatus: Int32 = 0) throws -> Run {
        let run = try run("Lint", inputs: inputs, environment: ["FAKE_STATUS": String(exitStatus)])
        #expect(run.status == 0, "the lint step hands the status on to the last step")
        return run
    }

    static func run(_ name: String, inputs: [String: String], environment: [String: String] = [:]) throws -> Run {
        let step = try #require(try GitHubActionsTests.actionSteps().first { $0.member("name")?.value.stringValue == name })
        let script = try #require(step.member("run")?.value.stringValue)
        let folder = try TemporaryFolder()
        try folder.write("web/a", "")
        try folder.write("aasalint", """
            #!/bin/bash
            # Each argument on a line of its own, then an empty line.
            printf '%s\\n' "$@" "" >> calls
            for (( i = 1; i < $#; i++ )); do
              if [ "${!i}" = --output ]; then j=$((i + 1)); : > "${!j}"; fi
            done
            echo finding
            exit "$FAKE_STATUS"

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.appendingPathComponent("aasalint").path)
        try folder.write("outputs", "")

        let given = defaults.merging(inputs) { _, input in input }
        var variables = ["GITHUB_OUTPUT": folder.url.appendingPathComponent("outputs").path, "PATH": "/usr/bin:/bin"]
        for member in step.member("env")?.value.members ?? [] {
            let value = member.value.stringValue ?? ""
            variables[member.key] = value
                .replacingOccurrences(of: "${{ github.action_path }}/.build/aasalint-bin/aasalint", with: folder.url.appendingPathComponent("aasalint").path)
                .replacingOccurrences(of: "${{ github.action_path }}", with: "/action")
                .replacing(/\$\{\{ inputs\.([a-z-]+) \}\}/) { given[String($0.output.1)] ?? "" }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder.url
        process.environment = variables.merging(environment) { _, given in given }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        let calls = (try? String(contentsOf: folder.url.appendingPathComponent("calls"), encoding: .utf8)) ?? ""
        let outputs = try String(contentsOf: folder.url.appendingPathComponent("outputs"), encoding: .utf8)
        return Run(folder: folder, status: process.terminationStatus, standardOutput: output,
                   calls: calls.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { $0.components(separatedBy: "\n") },
                   outputs: outputs.split(separator: "\n").map(String.init))
    }
}
