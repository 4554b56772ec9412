import Foundation
import Testing

/// `aasalint lint --fix`, `--unsafe-fixes` and `--diff`, end to end.
@Suite struct FixCommandTests {
    private static let app = "ABCDE1234X.com.example.shop"
    private static let misspelt = """
        {
          "applinks": {
            "details": [
              {
                "appIds": ["\(app)"],
                "components": [{"/": "/caf%C3%A9/*"}, {"/": "/search", "?": {"q": "*"}}]
              }
            ]
          }
        }

        """

    /// Fixes that declare the same change are proven together, so the URLs of their one diff
    /// are theirs together: one line names them all, rather than one line each claiming all.
    @Test func fixesProvenTogetherShareOneLine() throws {
        let folder = try TemporaryFolder("fix-together")
        try folder.write("apple-app-site-association", """
            {"applinks": {"details": [{"appIDs": ["\(Self.app)"], "components": [
              {"/": "/hats/*", "caseSensitve": false},
              {"/": "/bags/*", "caseSensitve": false}
            ]}]}}

            """)
        let fixed = try BinaryRunner.run(["lint", "--no-config", "--fix", "."], workingDirectory: folder.url)
        #expect(fixed.status == 0, "\(fixed)")
        let lines = fixed.standardError.split(separator: "\n").filter { $0.contains("what it says") }
        #expect(lines.count == 1, "\(fixed)")
        #expect(lines.first?.hasPrefix("aasalint: the 2 fixes apple-app-site-association:2:20, 3:20 [unknown-key] together change what it says "
            + "(the system reads \"caseSensitive\", which it ignored as \"caseSensitve\"): for \(Self.app), URLs that start opening the app: ") == true,
            "\(fixed)")
        #expect(lines.first?.contains("https://example.com/hatS/") == true && lines.first?.contains("https://example.com/bagS/") == true, "\(fixed)")
    }

    @Test func fixesTheFileAndSaysWhatChanged() throws {
        let folder = try TemporaryFolder("fix")
        try folder.write("apple-app-site-association", Self.misspelt)
        let fixed = try BinaryRunner.run(["lint", "--no-config", "--fix", "."], workingDirectory: folder.url)
        #expect(fixed.status == 0, "only a warning is left: \(fixed)")
        #expect(fixed.standardError.contains("aasalint: fixed 2 findings in apple-app-site-association\n"))
        #expect(fixed.standardError.contains(
            "aasalint: the fix apple-app-site-association:5:9 [unknown-key] changes what it says (the system reads \"appIDs\", which it ignored as \"appIds\"): for \(Self.app), URLs that start opening the app: "))
        #expect(fixed.standardError.contains("aasalint: 1 fixable finding left (1 of them unsafe: add --unsafe-fixes to apply it)\n"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("apple-app-site-association"), encoding: .utf8) == """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": ["\(Self.app)"],
                    "components": [{"/": "/café/*", "percentEncoded": false}, {"/": "/search", "?": {"q": "*"}}]
                  }
                ]
              }
            }

            """)
        let unsafe = try BinaryRunner.run(["lint", "--no-config", "--fix", "--unsafe-fixes", "--quiet", "."], workingDirectory: folder.url)
        #expect(unsafe.status == 0, "\(unsafe)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("apple-app-site-association"), encoding: .utf8)
            .contains(#"{"/": "/search", "?": {"q": "?*"}}"#))
    }

    @Test func diffChangesNothingAndAppliesWithPatch() throws {
        let folder = try TemporaryFolder("fix-diff")
        try folder.write("apple-app-site-association", Self.misspelt)
        let diff = try BinaryRunner.run(["lint", "--no-config", "--diff", "."], workingDirectory: folder.url)
        #expect(diff.status == 1)
        #expect(diff.standardOutput == """
            --- apple-app-site-association
            +++ apple-app-site-association
            @@ -2,8 +2,8 @@
               "applinks": {
                 "details": [
                   {
            -        "appIds": ["\(Self.app)"],
            -        "components": [{"/": "/caf%C3%A9/*"}, {"/": "/search", "?": {"q": "*"}}]
            +        "appIDs": ["\(Self.app)"],
            +        "components": [{"/": "/café/*", "percentEncoded": false}, {"/": "/search", "?": {"q": "*"}}]
                   }
                 ]
               }

            """)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("apple-app-site-association"), encoding: .utf8) == Self.misspelt)
        try folder.write("fixes.diff", diff.standardOutput)
        let patch = Process()
        patch.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        patch.arguments = ["patch", "-s", "-p0", "-i", "fixes.diff"]
        patch.currentDirectoryURL = folder.url
        try patch.run()
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0)
        let clean = try BinaryRunner.run(["lint", "--no-config", "--diff", "."], workingDirectory: folder.url)
        #expect(clean.status == 0 && clean.standardOutput.isEmpty, "\(clean)")
    }

    @Test func keepsCarriageReturnsAndTheMissingFinalNewline() throws {
        let folder = try TemporaryFolder("fix-layout")
        let text = "{\r\n  \"applinks\": {\"details\": [{\"appIds\": [\"\(Self.app)\"], \"components\": [{\"/\": \"/*\"}]}]}\r\n}"
        try folder.write("apple-app-site-association", text)
        let run = try BinaryRunner.run(["lint", "--no-config", "--fix", "--quiet", "."], workingDirectory: folder.url)
        #expect(run.status == 0, "\(run)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("apple-app-site-association"), encoding: .utf8)
            == text.replacingOccurrences(of: "appIds", with: "appIDs"))
    }

    @Test func unsafeFixesNeedFixOrDiff() throws {
        let folder = try TemporaryFolder("fix-usage")
        let run = try BinaryRunner.run(["lint", "--no-config", "--unsafe-fixes", "."], workingDirectory: folder.url)
        #expect(run.status == 2)
        #expect(run.standardError.contains("--unsafe-fixes says which fixes --fix or --diff apply"))
    }

    @Test func standardInputCannotBeFixed() throws {
        for option in ["--fix", "--diff"] {
            let run = try BinaryRunner.run(["lint", "--no-config", option, "-"], standardInput: Data(#"{"applinks": {}}"#.utf8),
                                           workingDirectory: FileManager.default.temporaryDirectory)
            #expect(run.status == 2, "\(run)")
            #expect(run.standardError.contains("--fix and --diff work on files, and standard input (-) is not one"), "\(run)")
        }
    }

    @Test func leavesAFileItCannotFixSafelyAlone() throws {
        let folder = try TemporaryFolder("fix-refused")
        let text = #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [{"/": "/search", "?": {"q": "*"}}]}]}}"#
        try folder.write("apple-app-site-association", text)
        let run = try BinaryRunner.run(["lint", "--no-config", "--fix", "--quiet", "."], workingDirectory: folder.url)
        #expect(run.standardError.contains("aasalint: 1 fixable finding left (1 of them unsafe: add --unsafe-fixes to apply it)"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("apple-app-site-association"), encoding: .utf8) == text)
    }

    /// Killed at any moment, `--fix` leaves the old file or the new one, never a mix or a
    /// truncated file. A kill at a random moment seldom lands in the window that matters, between
    /// the written copy and the rename, so the run is stopped there (AASALINT_TEST_STOP_BEFORE_RENAME)
    /// and killed: the file is the old one, and the only other file is the run's temporary copy,
    /// holding the whole fixed text. A run left alone replaces the file with that text.
    @Test func aKilledFixLeavesTheOldFileOrTheNew() throws {
        let folder = try TemporaryFolder("fix-kill")
        let components = (0..<4_000).map { #"{"/": "/caf%C3%A9/\#($0)"}"# }.joined(separator: ",\n        ")
        let original = """
            {"applinks": {"details": [{"appIDs": ["\(Self.app)"], "components": [
                    \(components)
            ]}]}}

            """
        let site = folder.url.appendingPathComponent("site")
        let path = site.appendingPathComponent("apple-app-site-association")
        try folder.write("site/apple-app-site-association", original)
        let marker = folder.url.appendingPathComponent("stopped-before-rename")
        let killed = try BinaryRunner.run(["lint", "--no-config", "--fix", "--quiet", "site"],
                                          environment: ["AASALINT_TEST_STOP_BEFORE_RENAME": marker.path], workingDirectory: folder.url) { process in
            // Waits for the run to reach the window (it stops itself there), a minute at most.
            for _ in 0..<6_000 where !FileManager.default.fileExists(atPath: marker.path) { usleep(10_000) }
            kill(process.processIdentifier, SIGKILL)
        }
        #expect(FileManager.default.fileExists(atPath: marker.path), "the run never reached the rename: \(killed)")
        #expect(killed.endedBySignal)
        #expect(try String(contentsOf: path, encoding: .utf8) == original)
        let strays = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0 != "apple-app-site-association" }
        #expect(strays.count == 1 && strays.allSatisfy { $0.hasPrefix(".apple-app-site-association.aasalint-") }, "\(strays)")
        let copy = try strays.first.map { try String(contentsOf: site.appendingPathComponent($0), encoding: .utf8) }

        try FileManager.default.removeItem(at: site.appendingPathComponent(strays.first ?? ""))
        _ = try BinaryRunner.run(["lint", "--no-config", "--fix", "--quiet", "site"], workingDirectory: folder.url)
        let fixed = try String(contentsOf: path, encoding: .utf8)
        #expect(fixed != original && fixed.contains(#""/café/3999", "percentEncoded": false"#))
        #expect(copy == fixed, "the killed run's copy was the whole fixed text")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == ["apple-app-site-association"])
    }

    /// `--fix` reads the tree once and lints its rounds in memory: a plugin (which makes no
    /// fixes) runs once, for the report after the fixes, whether or not there was a fix.
    @Test(arguments: [false, true])
    func fixRunsEachPluginOnce(withSomethingToFix: Bool) throws {
        let folder = try TemporaryFolder("fix-plugin")
        let runs = folder.url.appendingPathComponent("runs.log").path
        try folder.write("site/apple-app-site-association", withSomethingToFix ? Self.misspelt : HostileInputTests.cleanAASA)
        try folder.write(".aasalint.yml", """
            plugins:
              - {id: counter, command: [sh, -c, 'cat > /dev/null; echo run >> "\(runs)"; echo "{\\"diagnostics\\": []}"']}

            """)
        let fixed = try BinaryRunner.run(["lint", "--fix", "--allow-plugins", "site"], workingDirectory: folder.url)
        #expect(fixed.status == 0, "\(fixed)")
        #expect(fixed.standardError.contains("aasalint: fixed") == withSomethingToFix, "\(fixed)")
        #expect(try String(contentsOfFile: runs, encoding: .utf8) == "run\n", "\(fixed)")
    }
}
