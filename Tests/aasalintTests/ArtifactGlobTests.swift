import Foundation
import Testing

/// The configuration's globs and the baseline on files inside a signed app
/// (`build/ShopDebug.ipa!Payload/Shop.app/Shop`): a glob without `!` covers the whole artifact,
/// one with `!` names files inside it, in overrides, ignores, include and exclude alike.
@Suite struct ArtifactGlobTests {
    static let executable = "build/ShopDebug.ipa!Payload/Shop.app/Shop"
    static let profile = "build/ShopDebug.ipa!Payload/Shop.app/embedded.mobileprovision"

    /// A folder with the development-signed `build/ShopDebug.ipa` and `configuration`, linted as a release.
    private static func lint(configuration: String, arguments: [String] = ["--release"]) throws -> (folder: TemporaryFolder, run: BinaryRun) {
        let folder = try TemporaryFolder("artifact-globs")
        try FileManager.default.copyItem(at: ArtifactCLITests.artifacts.appendingPathComponent("ShopDebug.ipa"), to: folder.place("build/ShopDebug.ipa"))
        try folder.write(".aasalint.yml", configuration)
        let run = try BinaryRunner.run(["lint", "--quiet", "--as-of", ArtifactCLITests.fixtureDay] + arguments, workingDirectory: folder.url)
        return (folder, run)
    }

    /// The files and rule IDs of the findings, one `file [rule]` per line.
    private static func findings(_ run: BinaryRun) -> [String] {
        run.standardOutput.split(separator: "\n").map { line in
            let file = line.prefix { $0 != ":" }
            let rule = line.split(separator: "[").last.map { "[" + $0 } ?? ""
            return "\(file) \(rule)"
        }
    }

    @Test func anOverrideNamesOneExecutableOrTheWholeArtifact() throws {
        let inside = try Self.lint(configuration: """
            overrides:
              - files: ["build/*.ipa!Payload/Shop.app/Shop"]
                rules: {get-task-allow-in-release: off}
              - files: ["**/embedded.mobileprovision"]
                rules: {development-profile-in-release: off}

            """)
        #expect(Self.findings(inside.run) == ["\(Self.profile) [development-profile-in-release]"], "a glob without ! does not reach inside: \(inside.run)")
        let whole = try Self.lint(configuration: """
            overrides:
              - files: ["build/ShopDebug.ipa"]
                rules: {get-task-allow-in-release: off, development-profile-in-release: off}

            """)
        #expect(whole.run.status == 0, "\(whole.run)")
        #expect(whole.run.standardOutput == "")
    }

    @Test func anIgnoreEntryNamesFilesInsideTheArtifact() throws {
        let outcome = try Self.lint(configuration: """
            ignore:
              - rule: development-profile-in-release
                file: "build/ShopDebug.ipa!embedded.mobileprovision"
                reason: the debug build is signed for the team's devices

            """, arguments: ["--release"])
        #expect(Self.findings(outcome.run) == ["\(Self.executable) [get-task-allow-in-release]"], "\(outcome.run)")
    }

    @Test func excludeAndIncludeSelectFilesInsideTheArtifact() throws {
        let excluded = try Self.lint(configuration: "exclude: [\"build/*.ipa!Payload/Shop.app/PlugIns/**\"]\n", arguments: ["."])
        #expect(excluded.run.status == 0, "\(excluded.run)")
        let all = try BinaryRunner.run(["lint", "--as-of", ArtifactCLITests.fixtureDay, "--no-config", "."], workingDirectory: excluded.folder.url)
        #expect(all.standardOutput == "no problems in 6 files\n")
        let counted = try BinaryRunner.run(["lint", "--as-of", ArtifactCLITests.fixtureDay, "."], workingDirectory: excluded.folder.url)
        #expect(counted.standardOutput == "no problems in 4 files\n", "the extension's executable and profile are left out")
        let included = try Self.lint(configuration: "include: [\"build/*.ipa!Payload/Shop.app/Shop\"]\n", arguments: ["--release", "."])
        #expect(Self.findings(included.run) == ["\(Self.executable) [get-task-allow-in-release]"], "\(included.run)")
    }

    @Test func aReleaseGlobCanNameOneExecutable() throws {
        let outcome = try Self.lint(configuration: "release_entitlements: [\"build/*.ipa!Payload/Shop.app/Shop\"]\n", arguments: [])
        #expect(Self.findings(outcome.run) == ["\(Self.executable) [get-task-allow-in-release]"], "\(outcome.run)")
        let explained = try BinaryRunner.run(["lint", "--explain-release", "build"], workingDirectory: outcome.folder.url)
        #expect(explained.standardOutput.contains("\(Self.executable): release file (release_entitlements glob \"build/*.ipa!Payload/Shop.app/Shop\")\n"), "\(explained)")
        #expect(explained.standardOutput.contains("\(Self.profile): not a release file (signed for development"), "\(explained)")
    }

    @Test func aBaselineRecordsFindingsByTheirPathInsideTheArtifact() throws {
        let written = try Self.lint(configuration: "", arguments: ["--release", "--write-baseline", "baseline.json"])
        #expect(written.run.status == 0, "\(written.run)")
        let baseline = try String(contentsOf: written.folder.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("\"file\": \"\(Self.executable)\""), "\(baseline)")
        let later = try BinaryRunner.run(["lint", "--as-of", ArtifactCLITests.fixtureDay, "--release", "--baseline", "baseline.json"],
                                         workingDirectory: written.folder.url)
        #expect(later.status == 0, "\(later)")
        #expect(later.standardOutput == "no problems in 6 files (2 suppressed by the baseline)\n", "\(later)")
    }
}
