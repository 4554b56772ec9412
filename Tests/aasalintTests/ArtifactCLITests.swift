import Foundation
import Testing

/// `aasalint lint Shop.ipa`, `Shop.app` and `Shop.xcarchive` on the fixtures of
/// `scripts/make-artifact-fixtures.py`: every executable's signed entitlements are linted as
/// release entitlements, in every format, with the exit status of any lint.
@Suite struct ArtifactCLITests {
    static let artifacts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/artifacts")

    static func lint(_ arguments: [String], standardInput: Data? = nil) throws -> BinaryRun {
        try BinaryRunner.run(["lint", "--no-config", "--as-of", fixtureDay] + arguments, standardInput: standardInput, workingDirectory: artifacts)
    }

    /// The day the fixtures' profiles were made for (see scripts/make-profile-fixtures.sh), so
    /// that their expiry does not depend on the day the tests run.
    static let fixtureDay = "2026-01-01"

    static let getTaskAllow = "ShopDebug.ipa!Payload/Shop.app/Shop:17:2: error: get-task-allow is true in a release entitlements file "
        + "(--release)"

    @Test(arguments: ["Shop.ipa", "Shop.app", "Shop.xcarchive"])
    func aCleanArtifactPassesWithItsAppClipAndExtension(name: String) throws {
        let run = try Self.lint([name])
        #expect(run.status == 0, "\(run)")
        #expect(run.standardOutput == "no problems in 6 files\n")
        #expect(run.standardError == "")
    }

    @Test func aDevelopmentSignedIpaIsAReleaseOnlyWhenToldSo() throws {
        let debug = try Self.lint(["--explain-release", "ShopDebug.ipa"])
        #expect(debug.standardOutput.contains("ShopDebug.ipa!Payload/Shop.app/Shop: not a release file (signed for development"), "\(debug)")
        #expect(try Self.lint(["ShopDebug.ipa"]).standardOutput == "no problems in 6 files\n")
        let run = try Self.lint(["--release", "ShopDebug.ipa"])
        #expect(run.status == 1, "\(run)")
        #expect(run.standardOutput.contains(Self.getTaskAllow + "; it lets debuggers attach"), "\(run)")
        #expect(run.standardOutput.contains("[development-profile-in-release]"), "\(run)")
        #expect(try Self.lint(["--release", "--fail-on", "none", "ShopDebug.ipa"]).status == 0)
    }

    @Test func jsonNamesTheExecutableInsideTheArtifact() throws {
        let run = try Self.lint(["--release", "--format", "json", "ShopDebug.ipa"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains(#""file": "ShopDebug.ipa!Payload/Shop.app/Shop""#), "\(run)")
        #expect(run.standardOutput.contains(#""pointer": "/get-task-allow""#))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let finding = try #require(diagnostics.first { $0["ruleId"] as? String == "get-task-allow-in-release" })
        #expect(finding["artifact"] as? String == "ShopDebug.ipa")
        #expect(finding["innerPath"] as? String == "Payload/Shop.app/Shop")
        let profile = try #require(diagnostics.first { $0["ruleId"] as? String == "development-profile-in-release" })
        #expect(profile["innerPath"] as? String == "Payload/Shop.app/embedded.mobileprovision")
    }

    @Test func sarifPointsAtTheArtifactWithTheExecutableAsLogicalLocation() throws {
        let run = try Self.lint(["--release", "--format", "sarif", "ShopDebug.ipa"])
        #expect(run.status == 1)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let result = try #require(results.first { $0["ruleId"] as? String == "get-task-allow-in-release" })
        let location = try #require((result["locations"] as? [[String: Any]])?.first)
        let physical = try #require(location["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Fixtures/artifacts/ShopDebug.ipa")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 1)
        let logical = try #require((location["logicalLocations"] as? [[String: Any]])?.first)
        #expect(logical["fullyQualifiedName"] as? String == "Payload/Shop.app/Shop#/get-task-allow")
        let message = try #require((result["message"] as? [String: Any])?["text"] as? String)
        #expect(message.hasPrefix("Payload/Shop.app/Shop: get-task-allow is true"))
    }

    @Test func githubAnnotatesTheArtifactAndNamesTheExecutable() throws {
        let run = try Self.lint(["--release", "--format", "github", "ShopDebug.ipa"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("::error file=Fixtures/artifacts/ShopDebug.ipa,title=get-task-allow-in-release::Payload/Shop.app/Shop: get-task-allow is true"), "\(run)")
    }

    @Test func foldersHoldArtifactsAsOneInputEach() throws {
        let folder = try TemporaryFolder("artifact-discovery")
        for name in ["Shop.app", "Shop.ipa"] {
            try FileManager.default.copyItem(at: Self.artifacts.appendingPathComponent(name), to: folder.place("build/\(name)"))
        }
        let run = try BinaryRunner.run(["lint", "--no-config", "--as-of", Self.fixtureDay, "."], workingDirectory: folder.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.standardOutput == "no problems in 12 files\n")
        let explanation = try BinaryRunner.run(["lint", "--no-config", "--as-of", Self.fixtureDay, "--explain-release", "build"], workingDirectory: folder.url)
        #expect(explanation.standardOutput.contains("build/Shop.app!Shop: release file (signed into an app or archive with a distribution profile, which is what ships)\n"), "\(explanation)")
        #expect(explanation.standardOutput.contains("build/Shop.ipa!Payload/Shop.app/PlugIns/ShopWidget.appex/ShopWidget: release file"))
    }

    /// An `.ipa` beside the project that builds it: the configured app whose `id` is the signed
    /// application-identifier names the entitlements file the signed domains are compared with.
    @Test func signedDomainsAreComparedWithTheConfiguredAppsEntitlements() throws {
        let folder = try TemporaryFolder("signed-drift")
        try FileManager.default.copyItem(at: Self.artifacts.appendingPathComponent("Shop.ipa"), to: folder.place("build/Shop.ipa"))
        try folder.write(".aasalint.yml", "apps:\n  - id: Q7KX2M9P4L.com.example.shop\n    entitlements: ios/App.entitlements\n")
        func lint(projectDomains: [String]) throws -> (status: Int32, drift: [String]) {
            let domains = projectDomains.map { "<string>\($0)</string>" }.joined()
            try folder.write("ios/App.entitlements", """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                <key>com.apple.developer.associated-domains</key>
                <array>\(domains)</array>
                </dict>
                </plist>
                """)
            let run = try BinaryRunner.run(["lint", "--as-of", Self.fixtureDay, "--disable", "aasa-missing-for-domain", "--fail-on", "note"],
                                           workingDirectory: folder.url)
            let drift = run.standardOutput.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[signed-entitlements-drift]") }
            return (run.status, drift.map { String($0.prefix { $0 != "," }) })
        }
        let drifted = try lint(projectDomains: ["applinks:shop.example.com", "applinks:www.example.com"])
        #expect(drifted.status == 1)
        #expect(drifted.drift == [
            "build/Shop.ipa!Payload/Shop.app/Shop:9:7: note: \"applinks:www.example.com\" is in ios/App.entitlements",
            "build/Shop.ipa!Payload/Shop.app/Shop:12:11: note: \"webcredentials:shop.example.com\" is signed into build/Shop.ipa!Payload/Shop.app/Shop but is not in ios/App.entitlements",
        ])
        let agreeing = try lint(projectDomains: ["applinks:shop.example.com", "webcredentials:shop.example.com"])
        #expect(agreeing.status == 0)
        #expect(agreeing.drift == [])
    }

    @Test func customRulesOfKindArtifactCheckOnlySignedEntitlements() throws {
        let folder = try TemporaryFolder("artifact-custom-rule")
        try FileManager.default.copyItem(at: Self.artifacts.appendingPathComponent("Shop.ipa"), to: folder.place("Shop.ipa"))
        try folder.write("Shop.entitlements", #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>"#
            + "<key>com.apple.developer.team-identifier</key><string>ABCDE12345</string></dict></plist>")
        try folder.write(".aasalint.yml", """
            custom_rules:
              - id: signed-team
                kind: artifact
                select: /com.apple.developer.team-identifier
                matches: "^XYZ"
                message: "signed for team {value}"
                severity: error

            """)
        let run = try BinaryRunner.run(["lint", "--quiet", "--as-of", Self.fixtureDay, "."], workingDirectory: folder.url)
        #expect(run.status == 1, "\(run)")
        let findings = run.standardOutput.split(separator: "\n").filter { $0.hasSuffix("[signed-team]") }
        #expect(findings.count == 3, "\(run)")
        #expect(findings.allSatisfy { $0.hasPrefix("Shop.ipa!Payload/Shop.app/") }, "\(run)")
    }

    @Test func standardInputIsReadAsAnIpa() throws {
        let bytes = try Data(contentsOf: Self.artifacts.appendingPathComponent("ShopDebug.ipa"))
        let run = try Self.lint(["--release", "-", "--kind", "artifact", "--stdin-filename", "ShopDebug.ipa"], standardInput: bytes)
        #expect(run.status == 1, "\(run)")
        #expect(run.standardOutput.contains(Self.getTaskAllow))
        let notZip = try Self.lint(["-", "--kind", "artifact"], standardInput: Data("{}".utf8))
        #expect(notZip.status == 2)
        #expect(notZip.standardError.contains("<stdin>: cannot read this artifact: not a zip archive"), "\(notZip)")
    }

    /// Standard input named `.apk` (or `.aab`) is read as an Android app, as the file of that name is.
    @Test func standardInputNamedAsAnAndroidAppIsReadAsOne() throws {
        let apk = Self.artifacts.deletingLastPathComponent().appendingPathComponent("rules/debug-certificate-in-release/debug-signed-release.apk")
        let run = try Self.lint(["--release", "-", "--stdin-filename", "app-release.apk"], standardInput: try Data(contentsOf: apk))
        #expect(run.status == 1, "\(run)")
        #expect(run.standardOutput.hasPrefix("app-release.apk:1:1: error: this APK is a release file (--release) but its v1 (JAR) signer is the Android debug certificate"),
                "\(run)")
    }
}
