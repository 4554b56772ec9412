import AASALintTestSupport
import Foundation
import Testing

/// Small repositories with their own `.aasalint.yml` under `Fixtures/projects/`, linted end to
/// end from their own folder. Each golden `Fixtures/projects/expected/<scenario>.txt` records
/// the exit status, standard output and standard error.
@Suite struct ProjectScenarioTests {
    static let projects = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/projects")

    @Test(arguments: [
        "severities", "overrides", "ignore", "include-exclude", "config-errors", "custom-rules", "plugins",
        "debug-and-release", "site-and-app-agree", "team-id-typo", "missing-webcredentials-app", "appclip-not-listed",
        "wildcard-domain", "xcodegen", "expo", "maui", "react-native", "flutter", "capacitor",
    ])
    func scenario(_ name: String) throws {
        let run = try BinaryRunner.run(["lint", "--no-color"], environment: Self.pluginsAllowed,
                                       workingDirectory: Self.projects.appendingPathComponent(name))
        try expectGolden(Self.transcript(run), named: name)
    }

    @Test func explainReleaseSaysWhichEntitlementsShipAndWhy() throws {
        let run = try BinaryRunner.run(["lint", "--explain-release"], workingDirectory: Self.projects.appendingPathComponent("debug-and-release"))
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            ios/Shop/Shop.entitlements: release file (Xcode project ios/Shop.xcodeproj, target Shop, configuration Release)
            ios/Shop/ShopDebug.entitlements: not a release file (signs only Xcode project ios/Shop.xcodeproj, target Shop, configuration Debug)

            """)
    }

    /// Each project source names its release files: XcodeGen's release-type configurations,
    /// Expo's app config, a .NET project's `Release` CodesignEntitlements, and the Xcode projects
    /// of React Native, Flutter and Capacitor under `ios/`.
    @Test(arguments: ["xcodegen", "expo", "maui", "react-native", "flutter", "capacitor"])
    func explainReleaseNamesTheReleaseFilesOfEachSource(_ name: String) throws {
        let run = try BinaryRunner.run(["lint", "--explain-release"], workingDirectory: Self.projects.appendingPathComponent(name))
        try expectGolden(Self.transcript(run), named: name + "-explain-release")
    }

    /// Without a configuration, the apps an Xcode project declares are not cross-checked, and no
    /// note asks for `domains:`: the run did not ask for cross-checks.
    @Test func projectDeclaredAppsNeedNoNoteWithoutDomains() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--fail-on", "note"], workingDirectory: Self.projects.appendingPathComponent("react-native"))
        #expect(run.status == 0)
        #expect(run.standardOutput == "no problems in 2 files\n")
    }

    @Test func printConfigShowsTheEffectiveSettings() throws {
        let run = try BinaryRunner.run(["lint", "--print-config", "--fail-on", "note", "--enable", "legacy-format"],
                                       workingDirectory: Self.projects.appendingPathComponent("severities"))
        try expectGolden(Self.transcript(run), named: "severities-print-config")
    }

    @Test func theCommandLineOverridesTheFile() throws {
        let folder = Self.projects.appendingPathComponent("severities")
        let run = try BinaryRunner.run(["lint", "--disable", "ignored-key", "--fail-on", "error"], workingDirectory: folder)
        #expect(run.status == 0)
        #expect(!run.standardOutput.contains("[ignored-key]"))
        // Without the file, ignored-key keeps its own severity rather than the file's error.
        let ignoringFile = try BinaryRunner.run(["lint", "--no-config"], workingDirectory: folder)
        #expect(ignoringFile.standardOutput.contains(": warning: \"paths\" is ignored"))
    }

    /// A repository with findings adopts aasalint: the baseline accepts what is there, the next
    /// run passes, and a new finding fails it again.
    @Test func baselineAcceptsExistingFindingsAndReportsOnlyNewOnes() throws {
        let folder = try Self.copy("baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try BinaryRunner.run(["lint", "--fail-on", "note"], workingDirectory: folder)
        #expect(before.status == 2, "the configured baseline does not exist yet")
        let written = try BinaryRunner.run(["lint", "--write-baseline", ".aasalint-baseline.json", "--quiet"], workingDirectory: folder)
        #expect(written.status == 0)
        #expect(written.standardError == "aasalint: recorded 3 findings in .aasalint-baseline.json\n")
        let baseline = try String(contentsOf: folder.appendingPathComponent(".aasalint-baseline.json"), encoding: .utf8)
        #expect(baseline.contains("\"file\": \"web/.well-known/apple-app-site-association\""))

        let adopted = try BinaryRunner.run(["lint", "--fail-on", "note"], workingDirectory: folder)
        #expect(adopted.status == 0)
        #expect(adopted.standardOutput == "no problems in 2 files (3 suppressed by the baseline)\n")

        let aasa = folder.appendingPathComponent("web/.well-known/apple-app-site-association")
        let edited = try String(contentsOf: aasa, encoding: .utf8)
            .replacingOccurrences(of: "\"components\": [{\"/\": \"/product/*\"}]", with: "\"components\": [{\"/\": \"/product/*\", \"exclude\": \"no\"}]")
        try edited.write(to: aasa, atomically: true, encoding: .utf8)
        let regressed = try BinaryRunner.run(["lint", "--fail-on", "note", "--quiet"], workingDirectory: folder)
        #expect(regressed.status == 1)
        #expect(regressed.standardOutput == """
            web/.well-known/apple-app-site-association:7:55: error: "exclude" must be a boolean, not a string; the system reads this value as false; write false without quotes [invalid-type]

            """)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("legacy"))
        let fixed = try BinaryRunner.run(["lint", "--fail-on", "error"], workingDirectory: folder)
        #expect(fixed.standardOutput.contains("1 baseline entry no longer matches a finding"))
    }

    @Test func initWritesAStarterThatLintsCleanlyAndIsNeverOverwritten() throws {
        let folder = try Self.copy("include-exclude")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".aasalint.yml"))
        let first = try BinaryRunner.run(["init"], workingDirectory: folder)
        #expect(first.status == 0)
        let lint = try BinaryRunner.run(["lint", "--quiet"], workingDirectory: folder)
        #expect(lint.standardError == "")
        #expect(lint.status != 2)
        let second = try BinaryRunner.run(["init"], workingDirectory: folder)
        #expect(second.status == 2)
        #expect(second.standardError.contains(".aasalint.yml already exists"))
    }

    @Test func customRulesAreListedExplainedAndInSARIF() throws {
        let folder = Self.projects.appendingPathComponent("custom-rules")
        let list = try BinaryRunner.run(["rules"], workingDirectory: folder)
        #expect(list.standardOutput.contains("team-id-policy"))
        let explain = try BinaryRunner.run(["rules", "no-checkout-links"], workingDirectory: folder)
        #expect(explain.standardOutput.hasPrefix("no-checkout-links: Custom rule: /applinks/details/*/components/*/~1\n"))
        let sarif = try BinaryRunner.run(["lint", "--format", "sarif"], workingDirectory: folder)
        #expect(sarif.standardOutput.contains("\"id\": \"team-id-policy\""))
        #expect(sarif.standardOutput.contains("\"ruleId\": \"team-id-policy\""))
    }

    /// A plugin that fails in any way stops the run with exit status 2 and a message naming it,
    /// never a hang.
    @Test(arguments: [
        ("slow.py", ", timeout: 1", "aasalint: error: plugin 'failing-plugin' did not answer within 1 seconds and was stopped; raise its 'timeout' or make it faster\n"),
        ("garbage.py", "", "aasalint: error: plugin 'failing-plugin' answered something that is not JSON: unexpected word 'Traceback': strings must be in double quotes: write \"Traceback\" (see docs/plugins.md)\n"),
        ("failing.py", "", "aasalint: error: plugin 'failing-plugin' exited with status 3: cannot reach the policy server\n"),
        ("wrong-pointer.py", "", "aasalint: error: plugin 'failing-plugin' answered diagnostic 0 at '/nowhere/3', which is not a place in web/.well-known/apple-app-site-association (see docs/plugins.md)\n"),
        ("flooding.py", "", "aasalint: error: plugin 'failing-plugin' answered more than 16 MB, more than aasalint reads from a plugin; report fewer or shorter diagnostics (see docs/plugins.md)\n"),
    ])
    func failingPluginsAreToolErrors(script: String, extra: String, message: String) throws {
        let folder = try Self.copy("plugins")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = Self.projects.deletingLastPathComponent().appendingPathComponent("plugins/\(script)").path
        try "plugins:\n  - {id: failing-plugin, command: [python3, \"\(plugin)\"]\(extra)}\n"
            .write(to: folder.appendingPathComponent(".aasalint.yml"), atomically: true, encoding: .utf8)
        let run = try BinaryRunner.run(["lint", "--quiet", "--allow-plugins"], workingDirectory: folder)
        #expect(run.status == 2)
        #expect(run.standardError == message)
    }

    /// A repository's configuration cannot start programs on its own: without --allow-plugins
    /// or AASALINT_ALLOW_PLUGINS the plugins are skipped with a note, and the other rules decide
    /// the exit status.
    @Test func pluginsRunOnlyWhenAllowed() throws {
        let folder = Self.projects.appendingPathComponent("plugins")
        let skipped = try BinaryRunner.run(["lint", "--quiet"], environment: ["AASALINT_ALLOW_PLUGINS": "0"], workingDirectory: folder)
        #expect(skipped.status == 0)
        #expect(!skipped.standardOutput.contains("company-policy/"))
        #expect(skipped.standardError == """
            aasalint: note: did not run the plugins of .aasalint.yml (company-policy): a plugin is a program the configuration chooses; \
            to run them, pass --allow-plugins or set AASALINT_ALLOW_PLUGINS=1 (see docs/plugins.md)

            """)
        let allowed = try BinaryRunner.run(["lint", "--quiet", "--allow-plugins"], workingDirectory: folder)
        #expect(allowed.standardOutput.contains("[company-policy/checkout-stays-on-web]"))
        #expect(allowed.standardError == "")
    }

    static let pluginsAllowed = ["AASALINT_ALLOW_PLUGINS": "1"]

    // MARK: Support

    static func transcript(_ run: BinaryRun) -> String {
        "exit: \(run.status)\n--- stdout\n\(run.standardOutput)--- stderr\n\(run.standardError)"
    }

    static func copy(_ scenario: String) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-\(scenario)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: projects.appendingPathComponent(scenario), to: target)
        return target
    }

    private func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let mismatch = try Golden.mismatch(of: actual, with: Self.projects.appendingPathComponent("expected/\(name).txt")) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }
}
