@testable import AASALintCore
import AASALintTestSupport
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

    static func matchers() throws -> [ProblemMatcher] {
        try ProblemMatcher.load(root.appendingPathComponent(".github/aasalint-problem-matcher.json"))
    }

    /// Every finding line of a real report matches with the finding's parts, with a severity the
    /// runner accepts; related-location lines and the summary match nothing.
    @Test func theProblemMatcherReadsEveryFindingLine() throws {
        let matchers = try Self.matchers()
        let arguments = ["lint", "--no-config", "--no-color", "broken", "notes-only", "warnings-only"]
        let text = try BinaryRunner.run(arguments, workingDirectory: Self.scenarios)
        let diagnostics = try Self.diagnostics(arguments, in: Self.scenarios)

        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let matches = lines.compactMap { ProblemMatcher.match($0, by: matchers) }
        let expected = diagnostics.map { diagnostic in
            ProblemMatcher.Match(file: diagnostic.file, line: diagnostic.line, column: diagnostic.column,
                                 severity: diagnostic.annotationSeverity, message: diagnostic.message, code: diagnostic.rule)
        }
        #expect(matches == expected)
        #expect(Set(matches.map(\.severity)) == ["error", "warning", "notice"])
        #expect(lines.filter { $0.hasPrefix(" ") }.count >= 2, "the report should have related-location lines")
        for line in lines where line.hasPrefix(" ") || line == lines.last {
            #expect(ProblemMatcher.match(line, by: matchers) == nil, "\(line)")
        }
    }

    @Test func theProblemMatcherLeavesLinesOfOtherToolsAlone() throws {
        let matchers = try Self.matchers()
        for line in [
            "main.swift:3:1: error: cannot find 'x' in scope",
            "  a.json:1:1: note: first listed here",
            "3 errors, 3 warnings and 1 note in 2 files",
        ] {
            #expect(ProblemMatcher.match(line, by: matchers) == nil, "\(line)")
        }
        let custom = ProblemMatcher.match("ios/My App.entitlements:2:5: note: x [Team_Policy]", by: matchers)
        #expect(custom == ProblemMatcher.Match(file: "ios/My App.entitlements", line: 2, column: 5, severity: "notice",
                                               message: "x", code: "Team_Policy"))
        // A message that names a signed app is still the plain file's finding.
        let mention = ProblemMatcher.match("web/aasa:3:4: error: declared in Shop.ipa!Payload/Shop.app/Shop: x [app-not-in-aasa]", by: matchers)
        #expect(mention?.file == "web/aasa")
    }

    /// Both ways to annotate, each read by the runner's own rules from real output: findings
    /// inside signed apps (an .ipa file and an .app folder), about files `--remote` downloaded,
    /// and in files whose path holds `:` and spaces. Every finding becomes exactly one annotation
    /// that names its artifact or URL: on the artifact when it is a file of the repository, else
    /// in the message; a download's in the message.
    @Test(arguments: ["problem matcher", "workflow commands"])
    func everyFindingBecomesOneAnnotationThatNamesItsSource(channel: String) throws {
        let server = try RemoteTestServer()
        let workspace = try TemporaryFolder("runner")
        try RunnerEmulation.makeCheckout(workspace.url)
        let artifacts = Self.root.appendingPathComponent("Fixtures/artifacts")
        for folder in ["build", "apps"] {
            try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: artifacts.appendingPathComponent("remote/Shop.ipa"), to: workspace.url.appendingPathComponent("build/Shop.ipa"))
        try FileManager.default.copyItem(at: artifacts.appendingPathComponent("Shop.app"), to: workspace.url.appendingPathComponent("apps/Shop.app"))
        let broken = try String(contentsOf: Self.scenarios.appendingPathComponent("broken/shop/.well-known/apple-app-site-association"), encoding: .utf8)
        try workspace.write("web:staging/apple-app-site-association", broken)
        try workspace.write("ios/My App: Beta/apple-app-site-association", broken)

        let runs = [
            ["lint", "--no-config", "--no-color", "--remote", "--origin-base", server.originBase, "--cdn-base", server.cdnBase, "build"],
            ["lint", "--no-config", "--no-color", "apps", "web:staging", "ios"],
        ]
        let emulation = RunnerEmulation(workspace: workspace.url, matchers: try Self.matchers())
        var kinds: Set<String> = []
        for arguments in runs {
            let diagnostics = try Self.diagnostics(arguments, in: workspace.url)
            #expect(!diagnostics.isEmpty)
            let output = try BinaryRunner.run(arguments + (channel == "problem matcher" ? [] : ["--format", "github"]), workingDirectory: workspace.url)
            let annotations = emulation.annotations(of: output.standardOutput)
            // Workflow commands come most severe first.
            let ordered = channel == "problem matcher" ? diagnostics
                : ["error", "warning", "notice"].flatMap { severity in diagnostics.filter { $0.annotationSeverity == severity } }
            #expect(annotations.count == ordered.count, "\(annotations)")
            for (annotation, diagnostic) in zip(annotations, ordered) {
                #expect(annotation.severity == diagnostic.annotationSeverity)
                #expect(annotation.code == diagnostic.rule)
                #expect(annotation.message.contains(diagnostic.message), "\(annotation)")
                if let artifact = diagnostic.artifact, let inner = diagnostic.innerPath {
                    kinds.insert(artifact.hasSuffix(".app") ? "app folder" : "artifact file")
                    #expect(annotation.message.contains(inner), "\(annotation)")
                    if annotation.file == nil {
                        // The runner keeps no folder as a problem matcher's file: the message names it.
                        #expect(artifact.hasSuffix(".app") && channel == "problem matcher", "\(annotation)")
                        #expect(annotation.message.contains(artifact + "!" + inner))
                    } else {
                        #expect(annotation.file == artifact)
                    }
                } else if diagnostic.file.hasPrefix("http://") {
                    kinds.insert("download")
                    #expect(annotation.file == nil)
                    #expect(annotation.message.hasPrefix(diagnostic.file + ":\(diagnostic.line):\(diagnostic.column): "), "\(annotation)")
                } else {
                    kinds.insert(diagnostic.file.contains(":") ? "path with a colon" : "plain file")
                    #expect(annotation.file == diagnostic.file, "\(annotation)")
                    #expect(annotation.line == diagnostic.line)
                }
            }
        }
        #expect(kinds == ["app folder", "artifact file", "download", "path with a colon"])
    }

    /// The parts of each finding of the JSON report of the run `arguments` makes.
    struct ReportedFinding {
        let rule: String
        let severity: String
        let message: String
        let file: String
        let artifact: String?
        let innerPath: String?
        let line: Int
        let column: Int

        var annotationSeverity: String { severity == "note" ? "notice" : severity }
    }

    static func diagnostics(_ arguments: [String], in folder: URL) throws -> [ReportedFinding] {
        let json = try BinaryRunner.run(arguments + ["--format", "json"], workingDirectory: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        return try #require(report["diagnostics"] as? [[String: Any]]).map { diagnostic in
            let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Int] ?? [:]
            return ReportedFinding(rule: diagnostic["ruleId"] as? String ?? "", severity: diagnostic["severity"] as? String ?? "",
                                   message: diagnostic["message"] as? String ?? "",
                                   file: diagnostic["file"] as? String ?? "", artifact: diagnostic["artifact"] as? String,
                                   innerPath: diagnostic["innerPath"] as? String, line: start["line"] ?? 0, column: start["column"] ?? 0)
        }
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
        // The commands come most severe first.
        let diagnostics = try ["error", "warning", "note"].flatMap { severity in
            try #require(report["diagnostics"] as? [[String: Any]]).filter { $0["severity"] as? String == severity }
        }

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
        #expect(action.node(at: JSONPointer("/inputs/annotations/default")!)?.stringValue == "workflow-commands")
    }

    @Test func inputsBecomeSeparateArgumentsAndNeverCode() throws {
        let run = try ActionStep.lint(inputs: ["paths": "$(touch pwned) web/* ;touch pwned2", "args": "--release `touch pwned3`"])
        #expect(run.calls == [["lint", "--format", "github", "--release", "`touch", "pwned3`", "--step-summary", "summary.md", "--", "$(touch", "pwned)", "web/*", ";touch", "pwned2"]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.folder.url.path).filter { $0.hasPrefix("pwned") }.isEmpty)
    }

    @Test func pathsOnSeveralLinesMayHoldSpaces() throws {
        let run = try ActionStep.lint(inputs: ["paths": "ios/My App/App.entitlements\n\nweb\n"])
        #expect(run.calls == [["lint", "--format", "github", "--step-summary", "summary.md", "--", "ios/My App/App.entitlements", "web"]])
    }

    /// Without `fail-on`, the configuration's `fail_on:` decides, so the option is not passed.
    @Test(arguments: [("", [] as [String]), ("warning", ["--fail-on", "warning"])])
    func failOnIsPassedOnlyWhenSet(failOn: String, options: [String]) throws {
        let run = try ActionStep.lint(inputs: ["fail-on": failOn])
        #expect(run.calls == [["lint", "--format", "github"] + options + ["--step-summary", "summary.md", "--", "."]])
    }

    /// One run: workflow commands in the log, the Markdown report in the step summary.
    @Test func theWorkflowCommandsChannelRunsOnceAndFillsTheSummary() throws {
        let run = try ActionStep.lint(inputs: [:], exitStatus: 1)
        #expect(run.calls == [["lint", "--format", "github", "--step-summary", "summary.md", "--", "."]])
        #expect(run.standardOutput == "finding\n")
        #expect(run.outputs == ["status=1"])
    }

    @Test func theSARIFChannelWritesTheReportAndTheSummaryInOneRun() throws {
        let run = try ActionStep.lint(inputs: ["annotations": "sarif", "fail-on": "note"], exitStatus: 1)
        #expect(run.calls == [
            ["lint", "--format", "sarif", "--output", "aasalint.sarif", "--fail-on", "note", "--step-summary", "summary.md", "--", "."],
        ])
        #expect(!run.standardOutput.contains("::"))
        #expect(run.outputs == ["sarif-file=aasalint.sarif", "status=1"])
    }

    /// The Lint step run with the real aasalint and the runner's GITHUB_STEP_SUMMARY: the summary
    /// holds every finding, even beyond what GitHub annotates, and the commands are the annotations.
    @Test func theLintStepWritesEveryFindingToTheStepSummary() throws {
        let workspace = try TemporaryFolder("action")
        try RunnerEmulation.makeCheckout(workspace.url)
        let broken = try String(contentsOf: Self.scenarios.appendingPathComponent("broken/shop/.well-known/apple-app-site-association"), encoding: .utf8)
        for index in 1...6 {
            try workspace.write("web/site\(index)/apple-app-site-association", broken)
        }
        let run = try ActionStep.run("Lint", inputs: ["paths": "web"], environment: [:], workspace: workspace, realBinary: true)
        let summary = try String(contentsOf: workspace.url.appendingPathComponent("summary.md"), encoding: .utf8)
        let annotations = RunnerEmulation(workspace: workspace.url, matchers: []).annotations(of: run.standardOutput)
        let errors = annotations.filter { $0.severity == "error" }.count
        #expect(errors == 12)
        #expect(Array(annotations.map(\.severity).prefix(errors)) == Array(repeating: "error", count: errors), "errors first")
        #expect(summary.hasPrefix("## aasalint\n"))
        #expect(summary.components(separatedBy: "| error | [invalid-app-id](").count - 1 == errors)
        #expect(summary.contains("GitHub annotates at most 10 errors, 10 warnings and 10 notices of a step (50 in a job), the most severe first: 4 findings of this report are only here"))
        #expect(run.outputs == ["status=1"])
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

/// The runner's problem matchers (actions/runner IssueMatcher and OutputManager): the
/// regular expressions compiled as .NET compiles them with `RegexOptions.ECMAScript` (ASCII
/// `\d`, `\s` and `\w`, case-sensitive, JavaScript syntax), tried in the runner's order (each
/// matcher of a file is prepended as it is added, so the last one is tried first). The first
/// match that makes an issue wins: an empty message or a severity other than error, warning
/// and notice (the pattern's group, else the matcher's default) makes none, and the next
/// matcher is tried.
struct ProblemMatcher {
    /// What a pattern's groups hold, before the runner resolves the file.
    struct Match: Equatable, CustomStringConvertible {
        let file: String?
        let line: Int?
        let column: Int?
        let severity: String
        let message: String
        let code: String?

        var description: String { "\(file ?? "-"):\(line ?? 0):\(column ?? 0) \(severity) \(message) [\(code ?? "")]" }
    }

    let owner: String
    let defaultSeverity: String?
    let expression: Regex<AnyRegexOutput>
    let groups: [String: Int]

    /// The matchers of a problem-matcher file in the order the runner tries them.
    static func load(_ url: URL) throws -> [ProblemMatcher] {
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let matchers = try #require(file["problemMatcher"] as? [[String: Any]])
        return try matchers.map { matcher in
            let patterns = try #require(matcher["pattern"] as? [[String: Any]])
            try #require(patterns.count == 1, "a single-line pattern")
            let pattern = patterns[0]
            let regexp = try #require(pattern["regexp"] as? String)
            // Constructs .NET's ECMAScript mode refuses, or reads otherwise than JavaScript does.
            for construct in ["(?<", "(?P", "(?i", "(?>", "\\A", "\\Z", "\\z", "*+", "++", "?+", "\\p{"] {
                #expect(!regexp.contains(construct), "\(construct) in \(regexp)")
            }
            return ProblemMatcher(
                owner: try #require(matcher["owner"] as? String),
                defaultSeverity: matcher["severity"] as? String,
                expression: try Regex(regexp).asciiOnlyCharacterClasses().matchingSemantics(.unicodeScalar),
                groups: pattern.compactMapValues { $0 as? Int })
        }.reversed()
    }

    static func match(_ line: String, by matchers: [ProblemMatcher]) -> Match? {
        for matcher in matchers {
            guard let match = try? matcher.expression.firstMatch(in: line) else { continue }
            func group(_ name: String) -> String? {
                guard let index = matcher.groups[name], index < match.output.count else { return nil }
                return match.output[index].substring.map(String.init)
            }
            let severity = (group("severity").flatMap { $0.isEmpty ? nil : $0 } ?? matcher.defaultSeverity ?? "error").lowercased()
            let message = group("message") ?? ""
            guard ["error", "warning", "notice"].contains(severity),
                  !message.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            return Match(file: group("file").flatMap { $0.isEmpty ? nil : $0 }, line: group("line").flatMap { Int($0) },
                         column: group("column").flatMap { Int($0) }, severity: severity, message: message,
                         code: group("code").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return nil
    }
}

/// An annotation as the runner records it, after it resolved the file.
struct RunnerAnnotation: Equatable, CustomStringConvertible {
    let file: String?
    let line: Int?
    let severity: String
    let message: String
    let code: String?

    var description: String { "\(severity) \(file ?? "(no file)"):\(line ?? 0) \(message) [\(code ?? "")]" }
}

/// What the runner does with a step's output: lines that are workflow commands become their
/// annotations (the file kept as given, made relative to the workspace when absolute); other
/// lines go through the problem matchers, whose file is resolved against the workspace and kept
/// only when it is an existing file in the workflow's repository (a folder with `.git/config`
/// naming the repository), else dropped (OutputManager.ConvertToIssue).
struct RunnerEmulation {
    let workspace: URL
    let matchers: [ProblemMatcher]
    static let repository = "aasalint/demo"

    /// Makes `workspace` the checkout of the workflow's repository, as actions/checkout does.
    static func makeCheckout(_ workspace: URL) throws {
        let git = workspace.appendingPathComponent(".git")
        try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
        try "[remote \"origin\"]\n\turl = https://github.com/\(repository)\n".write(to: git.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    }

    func annotations(of output: String) -> [RunnerAnnotation] {
        output.split(separator: "\n").compactMap { line in
            let line = String(line)
            if line.hasPrefix("::") {
                guard let command = WorkflowCommand(line), ["error", "warning", "notice"].contains(command.name) else { return nil }
                var file = command.properties["file"]
                if let given = file, given.hasPrefix("/"), given.hasPrefix(workspace.path + "/") {
                    file = String(given.dropFirst(workspace.path.count + 1))
                }
                return RunnerAnnotation(file: file, line: command.properties["line"].flatMap { Int($0) }, severity: command.name,
                                        message: command.data, code: command.properties["title"])
            }
            let stripped = line.replacing(/\x1B\[[0-9;]*m?/, with: "")
            guard let match = ProblemMatcher.match(stripped, by: matchers) else { return nil }
            return RunnerAnnotation(file: match.file.flatMap(resolved), line: match.line, severity: match.severity,
                                    message: match.message, code: match.code)
        }
    }

    private func resolved(_ file: String) -> String? {
        let path = file.hasPrefix("/") ? URL(fileURLWithPath: file) : workspace.appendingPathComponent(file)
        let standardized = path.standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: standardized, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        var folder = URL(fileURLWithPath: standardized).deletingLastPathComponent()
        while folder.path != "/" {
            let config = folder.appendingPathComponent(".git/config")
            if let text = try? String(contentsOf: config, encoding: .utf8) {
                let named = text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "url = https://github.com/\(Self.repository)" }
                return named ? String(standardized.dropFirst(folder.path.count + 1)) : nil
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}

/// A workflow command as the runner reads it (actions/runner ActionCommand.TryParseV2): the
/// name, comma-separated `key=value` properties, and the data after the second `::`, each
/// unescaped in the runner's order.
struct WorkflowCommand {
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

    static let defaults = ["paths": ".", "args": "", "fail-on": "", "annotations": "workflow-commands", "sarif-file": "aasalint.sarif", "version": ""]

    static func lint(inputs: [String: String], exitStatus: Int32 = 0) throws -> Run {
        let run = try run("Lint", inputs: inputs, environment: ["FAKE_STATUS": String(exitStatus)])
        #expect(run.status == 0, "the lint step hands the status on to the last step")
        return run
    }

    /// `realBinary` runs the built aasalint instead of the stand-in.
    static func run(_ name: String, inputs: [String: String], environment: [String: String] = [:],
                    workspace: TemporaryFolder? = nil, realBinary: Bool = false) throws -> Run {
        let step = try #require(try GitHubActionsTests.actionSteps().first { $0.member("name")?.value.stringValue == name })
        let script = try #require(step.member("run")?.value.stringValue)
        let folder = try workspace ?? TemporaryFolder()
        if workspace == nil { try folder.write("web/a", "") }
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
        var variables = ["GITHUB_OUTPUT": folder.url.appendingPathComponent("outputs").path, "PATH": "/usr/bin:/bin",
                         "GITHUB_STEP_SUMMARY": "summary.md"]
        let binary = realBinary ? try BinaryRunner.executable() : folder.url.appendingPathComponent("aasalint")
        for member in step.member("env")?.value.members ?? [] {
            let value = member.value.stringValue ?? ""
            variables[member.key] = value
                .replacingOccurrences(of: "${{ github.action_path }}/.build/aasalint-bin/aasalint", with: binary.path)
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
