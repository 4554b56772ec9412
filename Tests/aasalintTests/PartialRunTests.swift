import Foundation
import Testing

/// pre-commit runs aasalint on the changed files only: the baseline and the `ignore:` entries
/// of the other files must come out of such a run as they went in.
@Suite struct PartialRunTests {
    static let baselineFile = ".aasalint-baseline.json"
    static let legacy = "legacy/apple-app-site-association"
    static let web = "web/.well-known/apple-app-site-association"

    @Test func aBaselineWrittenOnTheWholeTreeHoldsAfterARunAndAWriteOnOneFile() throws {
        let folder = try ProjectScenarioTests.copy("baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try BinaryRunner.run(["lint", "--write-baseline", Self.baselineFile, "--quiet"], workingDirectory: folder)
        #expect(whole.standardError == "aasalint: recorded 3 findings in \(Self.baselineFile)\n")
        let written = try Data(contentsOf: folder.appendingPathComponent(Self.baselineFile))

        let one = try BinaryRunner.run(["lint", "--fail-on", "note", Self.legacy], workingDirectory: folder)
        #expect(one.status == 0)
        #expect(one.standardOutput == "no problems in 1 file (1 suppressed by the baseline)\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent(Self.baselineFile)) == written)

        let rewritten = try BinaryRunner.run(["lint", "--write-baseline", Self.baselineFile, "--quiet", Self.legacy], workingDirectory: folder)
        #expect(rewritten.status == 0)
        #expect(rewritten.standardError
            == "aasalint: recorded 1 finding in \(Self.baselineFile), and kept 2 entries for files not linted in this run\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent(Self.baselineFile)) == written)
    }

    /// Stale means: the file was linted and its finding is gone; a deleted file's entries are
    /// stale only for a run over the folder it was in.
    @Test func entriesAreStaleOnlyForFilesTheRunCovered() throws {
        let folder = try ProjectScenarioTests.copy("baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try BinaryRunner.run(["lint", "--write-baseline", Self.baselineFile, "--quiet"], workingDirectory: folder)
        let modern = #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.blog"], "components": [{"/": "/posts/*"}]}]}}"#
        try modern.write(to: folder.appendingPathComponent(Self.legacy), atomically: true, encoding: .utf8)

        let other = try BinaryRunner.run(["lint", Self.web], workingDirectory: folder)
        #expect(other.standardOutput == "no problems in 1 file (2 suppressed by the baseline)\n")
        let fixed = try BinaryRunner.run(["lint", Self.legacy], workingDirectory: folder)
        #expect(fixed.standardOutput == """
            no problems in 1 file
            1 baseline entry no longer matches a finding; rewrite the baseline with --write-baseline:
                legacy/apple-app-site-association legacy-format /applinks/details/0/appID

            """)
        let shrunk = try BinaryRunner.run(["lint", "--write-baseline", Self.baselineFile, "--quiet", Self.legacy], workingDirectory: folder)
        #expect(shrunk.standardError
            == "aasalint: recorded 0 findings in \(Self.baselineFile), and kept 2 entries for files not linted in this run\n")
        let baseline = try String(contentsOf: folder.appendingPathComponent(Self.baselineFile), encoding: .utf8)
        #expect(!baseline.contains(Self.legacy))
        #expect(baseline.components(separatedBy: "\"file\": \"\(Self.web)\"").count == 3)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("web"))
        let elsewhere = try BinaryRunner.run(["lint", Self.legacy], workingDirectory: folder)
        #expect(elsewhere.standardOutput == "no problems in 1 file\n")
        let wholeTree = try BinaryRunner.run(["lint"], workingDirectory: folder)
        #expect(wholeTree.standardOutput.hasPrefix("no problems in 1 file\n2 baseline entries no longer match a finding;"))
    }

    @Test func unusedIgnoreEntriesAreReportedOnTheConfigurationForLintedFilesOnly() throws {
        let folder = try ProjectScenarioTests.copy("ignore")
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            ignore:
              - rule: ignored-key
                file: web/.well-known/apple-app-site-association
                pointer: /applinks/details/0/paths
                reason: iOS 12 devices still read paths
              - rule: ignored-key
                file: mirror/apple-app-site-association
                pointer: /applinks/details/3/paths
                reason: the mirror had a fourth entry
              - rule: duplicate-app-id
                file: gone/apple-app-site-association
                reason: the old site
              - rule: unknown-key
                file: "**/apple-app-site-association"
                reason: a typo fixed since
            """.write(to: folder.appendingPathComponent(".aasalint.yml"), atomically: true, encoding: .utf8)

        let whole = try BinaryRunner.run(["lint", "--quiet"], workingDirectory: folder)
        let unused = whole.standardOutput.split(separator: "\n").filter { $0.hasSuffix("[unused-ignore]") }
        #expect(unused == [
            ".aasalint.yml:8:14: warning: '/applinks/details/3/paths' names nothing in mirror/apple-app-site-association (the file changed, or the pointer is mistyped), so this ignore entry holds back nothing; point it at the 'ignored-key' finding again, or remove the entry [unused-ignore]",
            ".aasalint.yml:11:11: warning: 'gone/apple-app-site-association' matches no linted file (it was moved, deleted or excluded), so this ignore entry holds back nothing; correct 'file' or remove the entry [unused-ignore]",
            ".aasalint.yml:13:5: warning: 'unknown-key' no longer reports anything in the 2 files '**/apple-app-site-association' matches (the finding was fixed), so this ignore entry holds back nothing; remove it [unused-ignore]",
        ])

        let web = try BinaryRunner.run(["lint", "web/.well-known/apple-app-site-association"], workingDirectory: folder)
        #expect(!web.standardOutput.contains("[unused-ignore]"))
        #expect(web.standardOutput.hasSuffix("1 warning in 1 file (1 suppressed by ignore:)\n"))

        let mirror = try BinaryRunner.run(["lint", "--quiet", "mirror/apple-app-site-association"], workingDirectory: folder)
        #expect(mirror.standardOutput.split(separator: "\n").filter { $0.hasSuffix("[unused-ignore]") } == [unused[0]])
    }

    /// The finding is one like any other: in JSON, SARIF and GitHub annotations, on the
    /// configuration file at the entry's line and column.
    @Test(arguments: [
        ("json", [#""ruleId":"unused-ignore""#, #""file":".aasalint.yml","artifact":null,"innerPath":null,"pointer":"/ignore/0","range":{"start":{"line":2,"column":5}"#]),
        ("sarif", [#""ruleId":"unused-ignore""#, #".aasalint.yml""#, #""region":{"startLine":2,"startColumn":5"#]),
        ("github", ["::warningfile=.aasalint.yml,line=2,endLine=2,col=5,", "title=unused-ignore::"]),
    ])
    func unusedIgnoreEntriesShowInEveryFormat(format: String, fragments: [String]) throws {
        let folder = try ProjectScenarioTests.copy("ignore")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "ignore:\n  - {rule: unknown-key, file: web/.well-known/apple-app-site-association, reason: fixed since}\n"
            .write(to: folder.appendingPathComponent(".aasalint.yml"), atomically: true, encoding: .utf8)
        let run = try BinaryRunner.run(["lint", "--format", format], workingDirectory: folder)
        let compact = run.standardOutput.filter { !$0.isWhitespace }
        for fragment in fragments {
            #expect(compact.contains(fragment), "\(format) output lacks \(fragment)")
        }
    }
}
