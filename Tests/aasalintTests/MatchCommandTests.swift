import Foundation
import Testing

/// `aasalint match` run as a user runs it, on Apple's documented example
/// (`Fixtures/match/apple-app-site-association`).
@Suite struct MatchCommandTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/match")
    static let app = "ABCDE12345.com.example.app"

    func match(_ arguments: [String]) throws -> BinaryRun {
        try BinaryRunner.run(["match", "apple-app-site-association"] + arguments, workingDirectory: Self.folder)
    }

    @Test func matchExitsZeroAndNamesTheRule() throws {
        let run = try match(["https://example.com/buy/42", "--app", Self.app])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            ABCDE12345.com.example.app: match
              decided by component /applinks/details/0/components/1 (line 8) {"/": "/buy/*"}

            """)
    }

    @Test func blockedExitsOneForEveryApp() throws {
        let run = try match(["https://example.com/help/website/faq"])
        #expect(run.status == 1)
        #expect(run.standardOutput.components(separatedBy: "\n").filter { $0.hasSuffix(": blocked") }.count == 2)
    }

    @Test func traceShowsEachRuleAndThePartThatFailed() throws {
        let run = try match(["https://example.com/help/faq?articleNumber=12345", "--app", Self.app, "--trace"])
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            ABCDE12345.com.example.app: no match
              details entry /applinks/details/0 (line 4) decides for this app
              component /applinks/details/0/components/0 (line 7) {"#": "no_universal_links", "exclude": true}: fragment "" does not match "no_universal_links"
              component /applinks/details/0/components/1 (line 8) {"/": "/buy/*"}: path "/help/faq/" does not match "/buy/*"
              component /applinks/details/0/components/2 (line 9) {"/": "/help/website/*", "exclude": true}: path "/help/faq/" does not match "/help/website/*"
              component /applinks/details/0/components/3 (line 10) {"/": "/help/*", "?": {"articleNumber": "????"}}: query item "articleNumber" "12345" does not match "????"
              none of the 4 components of details entry /applinks/details/0 (line 4) matches

            """)
    }

    /// The first decision of `match --format json` with `arguments`, after checking the exit status.
    func firstJSONDecision(_ arguments: [String], status: Int32) throws -> [String: Any] {
        let run = try match(arguments + ["--app", Self.app, "--format", "json"])
        #expect(run.status == status)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        return try #require((object["decisions"] as? [[String: Any]])?.first)
    }

    @Test func jsonFormatForTools() throws {
        let decision = try firstJSONDecision(["https://EXAMPLE.com/help/x?articleNumber=1234"], status: 0)
        #expect(decision["decision"] as? String == "match")
        #expect((decision["rule"] as? [String: Any])?["pointer"] as? String == "/applinks/details/0/components/3")
        // The trace, like the text report's, comes with --trace.
        #expect(decision.keys.sorted() == ["app", "decision", "entry", "rule"])
    }

    @Test func jsonWritesTheTraceWithTrace() throws {
        let decision = try firstJSONDecision(["https://EXAMPLE.com/help/x?articleNumber=1234", "--trace"], status: 0)
        let trace = try #require(decision["trace"] as? [[String: Any]])
        #expect(trace.map { $0["matched"] as? Bool } == [false, false, false, true])
        #expect(trace.first?["failedPart"] as? String == "fragment")
        #expect((trace.last?["rule"] as? [String: Any])?["pointer"] as? String == "/applinks/details/0/components/3")
    }

    @Test func jsonOfNoMatchCountsTheComponentsTried() throws {
        let decision = try firstJSONDecision(["https://example.com/help/faq?articleNumber=12345"], status: 1)
        #expect(decision["decision"] as? String == "no match")
        #expect(decision["componentsTried"] as? Int == 4)
        #expect(decision["rule"] is NSNull)
        #expect(decision["trace"] == nil)
        let traced = try firstJSONDecision(["https://example.com/help/faq?articleNumber=12345", "--trace"], status: 1)
        #expect((traced["trace"] as? [[String: Any]])?.count == 4)
        #expect(traced["componentsTried"] == nil)
    }

    @Test func unknownAppSuggestsTheNearestOne() throws {
        let run = try match(["https://example.com/buy/1", "--app", "ABCDE12345.com.example.ap"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("no details entry lists this app; did you mean ABCDE12345.com.example.app?"))
    }

    @Test(arguments: [
        (["ftp://example.com/x"], "is not an https URL"),
        (["not a url at all"], "\"not a url at all\""),
        ([String](), "missing AASA URL"),
    ])
    func badInputExitsTwo(arguments: [String], message: String) throws {
        let run = try match(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test func unreadableAndInvalidFilesExitTwo() throws {
        let missing = try BinaryRunner.run(["match", "nope.json", "https://example.com/"], workingDirectory: Self.folder)
        #expect(missing.status == 2)
        let empty = try BinaryRunner.run(["match", "-", "https://example.com/"], workingDirectory: Self.folder)
        #expect(empty.status == 2)
        #expect(empty.standardError.hasPrefix("aasalint: error: <stdin>:1:1: not valid JSON"), "\(empty.standardError)")
    }

    @Test func dashReadsTheFileFromStandardInput() throws {
        let contents = try Data(contentsOf: Self.folder.appendingPathComponent("apple-app-site-association"))
        let run = try BinaryRunner.run(["match", "-", "https://example.com/buy/42", "--app", Self.app], standardInput: contents,
                                       workingDirectory: Self.folder)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("ABCDE12345.com.example.app: match\n  decided by component /applinks/details/0/components/1 (line 8)"),
                "\(run.standardOutput)")
    }

    @Test func readsLegacyPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-match-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let legacy = #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["NOT /account/*", "*"]}]}}"#
        try Data(legacy.utf8).write(to: folder.appendingPathComponent("aasa.json"))
        let blocked = try BinaryRunner.run(["match", "aasa.json", "https://example.com/account/x"], workingDirectory: folder)
        #expect(blocked.status == 1)
        #expect(blocked.standardOutput.contains("blocked"))
        let opened = try BinaryRunner.run(["match", "aasa.json", "https://example.com/shop"], workingDirectory: folder)
        #expect(opened.status == 0)
    }
}
