import Foundation
import Testing

/// Android's files go through the one pipeline as AASA files do: every report format, the
/// baseline, `ignore:` and the language server carry their findings (issue 35).
@Suite struct AndroidPipelineTests {
    static let manifestPath = "app/src/main/AndroidManifest.xml"
    static let assetLinksPath = "web/.well-known/assetlinks.json"
    /// A web filter without `android:autoVerify` (app-links-no-auto-verify, line 6).
    static let manifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.shop">
            <application android:label="Shop">
                <activity android:name=".MainActivity" android:exported="true">
                    <!-- links of the shop -->
                    <intent-filter>
                        <action android:name="android.intent.action.VIEW" />
                        <category android:name="android.intent.category.DEFAULT" />
                        <category android:name="android.intent.category.BROWSABLE" />
                        <data android:scheme="https" android:host="shop.example.com" android:pathPrefix="/cart" />
                    </intent-filter>
                </activity>
            </application>
        </manifest>

        """
    /// A fingerprint in lower case (assetlinks-fingerprint-format, line 6).
    static let assetLinks = """
        [{
          "relation": ["delegate_permission/common.handle_all_urls"],
          "target": {
            "namespace": "android_app", "package_name": "com.example.shop",
            "sha256_cert_fingerprints": [
              "14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5"
            ]
          }
        }]

        """

    private func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("android-pipeline")
        try folder.write(Self.manifestPath, Self.manifest)
        try folder.write(Self.assetLinksPath, Self.assetLinks)
        return folder
    }

    @Test(arguments: ["text", "json", "sarif", "github", "markdown", "gitlab", "junit", "checkstyle", "sonarqube", "azure"])
    func everyReportFormatCarriesTheAndroidFindings(format: String) throws {
        let folder = try project()
        let run = try BinaryRunner.run(["lint", "--no-config", "--format", format, "."], workingDirectory: folder.url)
        #expect(run.status == 1, "\(run)")
        for expected in ["app-links-no-auto-verify", "assetlinks-fingerprint-format", "AndroidManifest.xml", "assetlinks.json"] {
            #expect(run.standardOutput.contains(expected), "\(format) lacks \(expected): \(run.standardOutput)")
        }
    }

    @Test func aBaselineAcceptsTheAndroidFindings() throws {
        let folder = try project()
        let written = try BinaryRunner.run(["lint", "--no-config", "--write-baseline", "baseline.json", "."], workingDirectory: folder.url)
        #expect(written.status == 0, "\(written)")
        let baseline = try String(contentsOf: folder.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("app-links-no-auto-verify") && baseline.contains("assetlinks-fingerprint-format"), "\(baseline)")
        let accepted = try BinaryRunner.run(["lint", "--no-config", "--baseline", "baseline.json", "."], workingDirectory: folder.url)
        #expect(accepted.status == 0, "\(accepted)")
        #expect(accepted.standardOutput.contains("suppressed by the baseline"), "\(accepted)")
        // A new finding in the same file is still reported.
        try folder.write(Self.manifestPath, Self.manifest.replacingOccurrences(of: "android:host=\"shop.example.com\"",
                                                                               with: "android:host=\"shop.example.com\" android:port=\"8443\""))
        let more = try BinaryRunner.run(["lint", "--no-config", "--baseline", "baseline.json", "."], workingDirectory: folder.url)
        #expect(more.standardOutput.contains("[app-links-port]"), "\(more)")
        #expect(!more.standardOutput.contains("[assetlinks-fingerprint-format]"), "\(more)")
    }

    @Test func anIgnoreEntryHoldsBackOneAndroidFinding() throws {
        let folder = try project()
        try folder.write(".aasalint.yml", """
            ignore:
              - rule: assetlinks-fingerprint-format
                file: \(Self.assetLinksPath)
                pointer: /0/target/sha256_cert_fingerprints/0
                reason: the test says so

            """)
        let run = try BinaryRunner.run(["lint", "."], workingDirectory: folder.url)
        #expect(!run.standardOutput.contains("[assetlinks-fingerprint-format]"), "\(run)")
        #expect(run.standardOutput.contains("[app-links-no-auto-verify]"), "\(run)")
        #expect(run.standardOutput.contains("suppressed by ignore:"), "\(run)")
        #expect(!run.standardOutput.contains("[unused-ignore]"), "\(run)")
    }

    @Test func theLanguageServerPublishesTheAndroidFindings() throws {
        var session = try LSPServerTests.Session()
        session.initialize()
        session.open(Self.manifestPath, Self.manifest)
        session.open(Self.assetLinksPath, Self.assetLinks)
        session.shutDownAndExit()
        let (replies, status) = try session.run()
        #expect(status == 0)
        let manifest = try #require(LSPServerTests.published(session.uri(Self.manifestPath), in: replies).last)
        #expect(manifest.map { $0["code"] as? String } == ["app-links-no-auto-verify"], "\(manifest)")
        #expect(manifest.map(LSPServerTests.range).first?.first == 5, "line 6, counted from 0: \(manifest)")
        let assetLinks = try #require(LSPServerTests.published(session.uri(Self.assetLinksPath), in: replies).last)
        #expect(assetLinks.map { $0["code"] as? String } == ["assetlinks-fingerprint-format"], "\(assetLinks)")
        #expect(assetLinks.map(LSPServerTests.range).first?.first == 5, "line 6, counted from 0: \(assetLinks)")
    }
}
