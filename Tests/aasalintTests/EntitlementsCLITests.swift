import Foundation
import Testing

/// The release gate from the command line: `aasalint lint --release App.entitlements`.
@Suite struct EntitlementsCLITests {
    static let rules = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rules")

    @Test func releaseGateFailsOnDeveloperModeAtTheLineAndColumnOfTheEntry() throws {
        let run = try BinaryRunner.run(
            ["lint", "--no-config", "--release", "--quiet", "developer-mode-release.entitlements"],
            workingDirectory: Self.rules.appendingPathComponent("developer-mode-in-release")
        )
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix(
            "developer-mode-release.entitlements:10:11: error: \"applinks:staging.example.com?mode=developer\" uses developer mode in a release entitlements file (--release);"
        ))
        #expect(run.standardError == "")
    }

    @Test func releaseGatePassesACleanReleaseFile() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--release", "valid.entitlements"],
                                       workingDirectory: Self.rules.appendingPathComponent("invalid-plist"))
        #expect(run.status == 0)
        #expect(run.standardOutput == "no problems in 1 file\n")
    }

    @Test func withoutReleaseDeveloperModeIsFine() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "developer-mode-debug.entitlements"],
                                       workingDirectory: Self.rules.appendingPathComponent("developer-mode-in-release"))
        #expect(run.status == 0)
    }

    @Test func binaryEntitlementsAreLintedAtTheFileLevel() throws {
        let run = try BinaryRunner.run(
            ["lint", "--no-config", "--release", "--quiet", "get-task-allow-release-binary.entitlements"],
            workingDirectory: Self.rules.appendingPathComponent("get-task-allow-in-release")
        )
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("get-task-allow-release-binary.entitlements:1:1: error: get-task-allow is true"))
    }
}
