import AASALintTestSupport
import Foundation
import Testing

/// `aasalint diff` and `aasalint match --explain-order` run as a user runs them.
@Suite struct DiffCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let diffFolder = fixtures.appendingPathComponent("diff")
    static func cases() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: diffFolder.path)
            .filter { $0.hasSuffix(".old.json") }.map { String($0.dropLast(".old.json".count)) }.sorted()
    }

    func diff(_ arguments: [String], standardInput: Data? = nil) throws -> BinaryRun {
        try BinaryRunner.run(["diff"] + arguments, standardInput: standardInput, workingDirectory: Self.diffFolder)
    }

    /// Each case prints its `.expected` text; exit 0 exactly when it reports no change.
    @Test(arguments: try cases())
    func textOutputMatchesTheGolden(name: String) throws {
        let run = try diff([name + ".old.json", name + ".new.json"])
        if let mismatch = try Golden.mismatch(of: run.standardOutput, with: Self.diffFolder.appendingPathComponent(name + ".expected")) {
            Issue.record(Comment(rawValue: mismatch))
        }
        #expect(run.status == (run.standardOutput.hasPrefix("no change in behaviour") ? 0 : 1))
        #expect(run.standardError.isEmpty)
    }

    @Test func dashReadsTheOldFileFromStandardInput() throws {
        let old = try Data(contentsOf: Self.diffFolder.appendingPathComponent("removed-rule.old.json"))
        let run = try diff(["-", "removed-rule.new.json"], standardInput: old)
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("URLs that stop opening the app (no rule matches them any more): https://example.com/help/"))
    }

    @Test func jsonOutputIsForTools() throws {
        let run = try diff(["exclusion-moved-up.old.json", "exclusion-moved-up.new.json", "--format", "json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["equivalent"] as? Bool == false)
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["change"] as? String == "becomesBlocked")
        #expect(changes.first?["exampleURLs"] as? [String] == ["https://example.com/help/private/"])
    }

    @Test func theAppOptionLimitsTheComparison() throws {
        let run = try diff(["removed-rule.old.json", "removed-rule.new.json", "--app", "ABCDE12345.com.example.other"])
        #expect(run.status == 0)
    }

    @Test(arguments: [
        (["missing.json", "removed-rule.new.json"], "missing.json: cannot read this file"),
        (["-", "-"], "only one of OLD and NEW"),
        (["removed-rule.old.json"], "missing OLD NEW"),
    ])
    func badInputExitsTwo(arguments: [String], message: String) throws {
        let run = try diff(arguments, standardInput: Data())
        #expect(run.status == 2)
        #expect(run.standardError.contains(message))
    }

    @Test func notJSONExitsTwoWithThePosition() throws {
        let run = try diff(["-", "removed-rule.new.json"], standardInput: Data("{\"applinks\": ".utf8))
        #expect(run.status == 2)
        #expect(run.standardError.contains("<stdin>:1:"))
    }

    /// A hostile file must not drive the terminal through the app IDs and URLs diff prints.
    @Test func controlCharactersFromTheFilesAreEscaped() throws {
        let workspace = try TemporaryFolder()
        func file(_ path: String) -> String {
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.\u001b]0;owned\u0007app"], "components": [{"/": "\#(path)"}]}]}}"#
        }
        try workspace.write("old.json", file("/a/*"))
        try workspace.write("new.json", file(#"/b/\u001b[2J*"#))
        let run = try BinaryRunner.run(["diff", "old.json", "new.json"], workingDirectory: workspace.url)
        #expect(run.status == 1)
        #expect(!run.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(run.standardOutput.debugDescription)")
        #expect(run.standardOutput.contains(#"ABCDE12345.com.example.\u{1B}]0;owned\u{7}app (applinks): URLs that stop opening the app"#))
    }

    /// JSON output too: Foundation's serializer left DEL as it was, which a terminal showing the JSON acts on.
    @Test func jsonOutputEscapesControlCharactersFromTheFiles() throws {
        let workspace = try TemporaryFolder()
        func file(_ path: String) -> String {
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.\u007f\u001bapp"], "components": [{"/": "\#(path)"}]}]}}"#
        }
        try workspace.write("old.json", file("/a/*"))
        try workspace.write("new.json", file("/b/*"))
        let run = try BinaryRunner.run(["diff", "old.json", "new.json", "--format", "json"], workingDirectory: workspace.url)
        #expect(run.status == 1)
        #expect(!run.standardOutput.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F },
                "\(run.standardOutput.debugDescription)")
        #expect(run.standardOutput.contains(#""app": "ABCDE12345.com.example.\u007f\u001bapp""#))
    }

    @Test(arguments: ["diff", "match"])
    func helpSaysWhatEachExitStatusMeans(command: String) throws {
        let run = try BinaryRunner.run([command, "--help"], workingDirectory: Self.fixtures)
        let statuses = run.standardOutput.components(separatedBy: "\nExit status:\n").last?.split(separator: "\n").map { $0.prefix(4) }
        #expect(statuses == ["  0 ", "  1 ", "  2 "])
    }

    @Test func explainOrderShowsShadowedAndDeadRules() throws {
        let run = try BinaryRunner.run(["match", "--explain-order", "prefix-rule-first.json"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("rules/exclude-shadowed"))
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            details entry /applinks/details/0 (line 4): ABCDE12345.com.example.app
              #  line  component                                  verdict
              1  7     {"/": "/help/*"}                           decides https://example.com/help/
              2  8     {"/": "/help/website/*", "exclude": true}  SHADOWED by component 1: https://example.com/help/website/ still opens the app; no effect at all

            """)
    }

    @Test func explainOrderExitsZeroWhenEveryRuleCounts() throws {
        let run = try BinaryRunner.run(["match", "--explain-order", "apple-app-site-association", "--format", "json"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("match"))
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        let verdicts = (entries.first?["rules"] as? [[String: Any]])?.compactMap { $0["verdict"] as? String }
        #expect(verdicts == ["reachable", "reachable", "reachable", "reachable"])
    }

    @Test func explainOrderTakesNoURL() throws {
        let run = try BinaryRunner.run(["match", "--explain-order", "apple-app-site-association", "https://example.com/"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("match"))
        #expect(run.status == 2)
        #expect(run.standardError.contains("--explain-order takes the AASA file only"))
    }
}
