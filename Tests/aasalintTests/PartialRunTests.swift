import Foundation
import Testing

/// pre-commit runs aasalint on the changed files only: the baseline entries of the other files
/// must come out of such a run as they went in.
@Suite struct PartialRunTests {
    static let baselineFile = ".aasalint-baseline.json"
    static let legacy = "legacy/apple-app-site-association"
    static let web = "web/.well-known/apple-app-site-association"

    @Test func aBaselineWrittenOnTheWholeTreeHoldsAfterARunAndAWriteOnOneFile() throws {
        let folder = try ProjectScenarioTests.copy("baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try BinaryRunner.run(["lint", "--write-baseline", Self.baselineFile, "--quiet"], workingDirectory: folder)
        #expect(whole.standardError == "aasalint: recorded 4 findings in \(Self.baselineFile)\n")
        let written = try Data(contentsOf: folder.appendingPathComponent(Self.baselineFile))

        let one = try BinaryRunner.run(["lint", "--fail-on", "note", Self.legacy], workingDirectory: folder)
        #expect(one.status == 0)
        #expect(one.standardOutput == "no problems in 1 file (1 suppressed by the baseline)\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent(Self.baselineFile)) == written)

        let rewritten = try BinaryRunner.run(["lint", "--write-baseline", Self.baselineFile, "--quiet", Self.legacy], workingDirectory: folder)
        #expect(rewritten.status == 0)
        #expect(rewritten.standardError
            == "aasalint: recorded 1 finding in \(Self.baselineFile), and kept 3 entries for files not linted in this run\n")
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
        #expect(other.standardOutput == "no problems in 1 file (3 suppressed by the baseline)\n")
        let fixed = try BinaryRunner.run(["lint", Self.legacy], workingDirectory: folder)
        #expect(fixed.standardOutput == """
            no problems in 1 file
            1 baseline entry no longer matches a finding; rewrite the baseline with --write-baseline:
                legacy/apple-app-site-association legacy-format /applinks/details/0/appID

            """)
        let shrunk = try BinaryRunner.run(["lint", "--write-baseline", Self.baselineFile, "--quiet", Self.legacy], workingDirectory: folder)
        #expect(shrunk.standardError
            == "aasalint: recorded 0 findings in \(Self.baselineFile), and kept 3 entries for files not linted in this run\n")
        let baseline = try String(contentsOf: folder.appendingPathComponent(Self.baselineFile), encoding: .utf8)
        #expect(!baseline.contains(Self.legacy))
        #expect(baseline.components(separatedBy: "\"file\": \"\(Self.web)\"").count == 4)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("web"))
        let elsewhere = try BinaryRunner.run(["lint", Self.legacy], workingDirectory: folder)
        #expect(elsewhere.standardOutput == "no problems in 1 file\n")
        let wholeTree = try BinaryRunner.run(["lint"], workingDirectory: folder)
        #expect(wholeTree.standardOutput.hasPrefix("no problems in 1 file\n3 baseline entries no longer match a finding;"))
    }
}
