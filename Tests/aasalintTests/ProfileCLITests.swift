import Foundation
import Testing

/// Provisioning profiles, signed AASA files and the signed entitlements of artifacts checked
/// against their embedded profiles, from the command line.
@Suite struct ProfileCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test func aDistributionIPASignedForThePushSandboxFailsTheReleaseGate() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--release", "--quiet", "--as-of", "2026-01-01", "push-sandbox.ipa"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("rules/distribution-signed-development"))
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix(
            "push-sandbox.ipa!Payload/Shop.app/Shop:8:10: error: the app is signed with the App Store profile \"Shop App Store\", but its signed aps-environment is \"development\""))
        #expect(!run.standardOutput.contains("note:"))
    }

    /// Xcode's distribution export replaces the value of a source file: nothing to report there.
    @Test func theSameValueInASourceEntitlementsFileIsNotReported() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--release", "--quiet", "development-release.entitlements"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("rules/aps-environment"))
        #expect(run.status == 0)
        #expect(run.standardOutput == "")
    }

    @Test func anExpiredProfileOnItsOwnIsAnErrorWithItsDate() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--as-of", "2026-01-01", "--format", "json", "expired.mobileprovision"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("artifacts/profiles"))
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("\"profile-expired\""))
        #expect(run.standardOutput.contains("expired on 2025-12-22"))
    }

    @Test func theSameProfileJudgedBeforeItsExpiryOnlyWarns() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--as-of", "2025-12-01", "--quiet", "expired.mobileprovision"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("artifacts/profiles"))
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("warning: the provisioning profile \"Shop App Store (expired)\" expires on 2025-12-22, in 21 days"))
    }

    @Test func aDevelopmentProfileIsAnErrorOnlyInARelease() throws {
        let folder = Self.fixtures.appendingPathComponent("artifacts/profiles")
        let release = try BinaryRunner.run(["lint", "--no-config", "--release", "--as-of", "2026-01-01", "development.mobileprovision"],
                                           workingDirectory: folder)
        #expect(release.status == 1)
        #expect(release.standardOutput.contains("[development-profile-in-release]"))
        let explained = try BinaryRunner.run(["lint", "--no-config", "--release", "--explain-release", "development.mobileprovision"],
                                             workingDirectory: folder)
        #expect(explained.standardOutput.contains("development.mobileprovision: release file (--release)"))
        let plain = try BinaryRunner.run(["lint", "--no-config", "--as-of", "2026-01-01", "development.mobileprovision"], workingDirectory: folder)
        #expect(plain.status == 0)
    }

    @Test func aSignedAASAFileIsLintedAsTheJSONInside() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--quiet", "apple-app-site-association"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("artifacts/signed-aasa"))
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("apple-app-site-association:1:1: warning: this AASA file is CMS-signed JSON"))
        #expect(run.standardOutput.contains("[exclude-shadowed]"))
        #expect(!run.standardOutput.contains("invalid-utf8"))
    }

    @Test func aBadAsOfDayIsAUsageError() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--as-of", "tomorrow", "expired.mobileprovision"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("artifacts/profiles"))
        #expect(run.status == 2)
        #expect(run.standardError.contains("--as-of takes a day written 2026-03-01"))
    }

    @Test func aSignedAppWhoseDomainsAASADoesNotListItIsAnError() throws {
        let run = try BinaryRunner.run(["lint", "--quiet", "--as-of", "2026-01-01", "--enable", "app-not-in-aasa"],
                                       workingDirectory: Self.fixtures.appendingPathComponent("artifacts/cross-check"))
        #expect(run.status == 1)
        #expect(run.standardOutput.contains(
            "Shop.ipa!Payload/Shop.app/Shop:11:11: error: \"applinks:shop.example.com\": the AASA file for shop.example.com (web/.well-known/apple-app-site-association) does not list this app's appID Q7KX2M9P4L.com.example.shop (from its application-identifier) for applinks"))
        #expect(!run.standardOutput.contains("Shop.ipa!Payload/Shop.app/Shop:12:11"), "webcredentials lists the app")
    }
}
