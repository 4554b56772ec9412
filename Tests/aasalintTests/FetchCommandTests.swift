import AASALintTestSupport
import Foundation
import Testing

/// `aasalint fetch` and `aasalint lint --remote` against `Fixtures/remote/server.py`, which
/// serves each hosting failure under a host name of its own. Each golden
/// `Fixtures/remote/expected/<host>.txt` records exit status, standard output and standard
/// error, with the server's port written as PORT.
@Suite struct FetchCommandTests {
    static let remote = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/remote")

    let server: RemoteTestServer

    #if os(Linux)
    static let readsProxiesFromTheEnvironment = true
    #else
    static let readsProxiesFromTheEnvironment = false
    #endif

    init() throws {
        server = try RemoteTestServer()
    }

    /// Each host, the rules its failure must trigger (and no others), and the exit status.
    @Test(arguments: [
        ("good", [], 0),
        ("redirect", ["redirect"], 1),
        ("missing", ["http-status"], 1),
        ("wrong-type", ["content-type"], 0),
        ("slow", ["http-status"], 1),
        ("oversized", ["http-status"], 1),
        ("streamed-oversized", ["http-status"], 1),
        ("stale-cdn", ["cdn-out-of-date"], 0),
        ("reformatted-cdn", [], 0),
        ("not-on-cdn", ["cdn-out-of-date"], 0),
        ("invalid-app-id", ["invalid-app-id"], 1),
        ("crawler-blocked", ["http-status"], 1),
        ("challenge", ["http-status"], 1),
        ("cdn-failure", ["cdn-out-of-date"], 0),
        ("cached-cdn", ["cdn-out-of-date"], 0),
        ("json-only", ["http-status"], 1),
        ("root-only", ["http-status"], 1),
        ("android", [], 0),
        ("android-redirect", ["assetlinks-hosting"], 1),
        ("android-wrong-type", ["assetlinks-hosting"], 1),
        ("android-lowercase", ["assetlinks-fingerprint-format"], 1),
        ("android-missing", [], 0),
    ] as [(String, Set<String>, Int32)])
    func eachHostingFailureHasItsFinding(name: String, ruleIDs: Set<String>, status: Int32) throws {
        let run = try fetch(["\(name).example.com", "--timeout", "1"])
        #expect(Self.ruleIDs(in: run.standardOutput) == ruleIDs)
        #expect(run.status == status)
        try expectGolden(transcript(run), named: name)
    }

    /// The server answers after 5 seconds, with a file: had `fetch` waited for it, the report
    /// would be that file's, not the timeout.
    @Test func aSlowHostCostsNoMoreThanTheTimeout() throws {
        let run = try fetch(["slow.example.com", "--timeout", "1"])
        #expect(run.standardOutput.contains("no complete answer within 1 second (the connection timed out)"), "\(run.standardOutput)")
        #expect(run.status == 1)
    }

    /// A host named without `--origin-base` is fetched at its own address, which must be public:
    /// `app.localhost` always means this machine (RFC 6761).
    @Test func aHostOnThisMachineIsRefused() throws {
        let run = try BinaryRunner.run(["fetch", "--no-config", "--cdn-base", server.cdnBase, "app.localhost"],
                                       workingDirectory: FileManager.default.temporaryDirectory)
        #expect(run.standardOutput.hasPrefix("https://app.localhost/.well-known/apple-app-site-association:1:1: error: the file could not be downloaded as Apple's crawler asks for it: app.localhost is a localhost name, which always means this machine, so aasalint did not connect"), "\(run)")
        #expect(Self.ruleIDs(in: run.standardOutput) == ["http-status"])
        #expect(run.status == 1)
    }

    /// A proxy in the environment (here one where nothing listens) is used only on request.
    /// libcurl reads these variables; URLSession reads the system's settings instead.
    @Test(.enabled(if: FetchCommandTests.readsProxiesFromTheEnvironment))
    func environmentProxiesAreUsedOnlyWhenAskedFor() throws {
        let proxy = ["http_proxy": "http://127.0.0.1:1", "HTTP_PROXY": "http://127.0.0.1:1", "https_proxy": "http://127.0.0.1:1"]
        let direct = try BinaryRunner.run(["fetch", "--no-config"] + bases + ["good.example.com"], environment: proxy,
                                          workingDirectory: FileManager.default.temporaryDirectory)
        #expect(direct.standardOutput == "no problems in 1 file\n", "\(direct)")
        let proxied = try BinaryRunner.run(["fetch", "--no-config", "--proxy-from-environment", "--allow-private-addresses"] + bases + ["good.example.com"],
                                           environment: proxy, workingDirectory: FileManager.default.temporaryDirectory)
        #expect(proxied.standardOutput.contains("was refused: nothing accepts connections there"), "\(proxied)")
        #expect(proxied.status == 1)
    }

    @Test func severalHostsMakeOneReport() throws {
        let run = try fetch(["good.example.com", "missing.example.com", "wrong-type.example.com", "Good.example.com", "--fail-on", "warning"])
        #expect(Self.ruleIDs(in: run.standardOutput) == ["http-status", "content-type"])
        #expect(run.standardOutput.hasSuffix("1 error and 1 warning in 3 files\n"))
        #expect(run.status == 1)
    }

    @Test func machineFormatsCarryTheFindings() throws {
        let run = try fetch(["redirect.example.com", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["ruleId"] as? String } == ["redirect"])
        #expect(run.status == 1)
    }

    /// A download is not a file of the repository: SARIF names it by its URL, and a workflow
    /// command has no `file=` but the URL in its message.
    @Test func machineFormatsNameDownloadsByTheirURL() throws {
        let url = "\(server.originBase)/missing.example.com/.well-known/apple-app-site-association"
        let sarif = try fetch(["missing.example.com", "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let artifacts = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
        }
        #expect(artifacts == [["uri": url]])

        let github = try fetch(["missing.example.com", "--format", "github"])
        #expect(github.standardOutput.hasPrefix("::error title=http-status::\(url):1:1: "), "\(github.standardOutput)")
        #expect(github.status == 1)
    }

    @Test func saveKeepsWhatWasDownloaded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-fetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try fetch(["stale-cdn.example.com", "missing.example.com", "slow.example.com", "android.example.com", "--timeout", "1", "--save", folder.path])
        #expect(run.standardError.isEmpty)
        func saved(_ path: String) -> Data? {
            FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        }
        let files = Self.remote.appendingPathComponent("files")
        #expect(saved("stale-cdn.example.com/origin/apple-app-site-association") == (try Data(contentsOf: files.appendingPathComponent("current.json"))))
        #expect(saved("stale-cdn.example.com/cdn/apple-app-site-association")
            == (try Data(contentsOf: files.appendingPathComponent("before-account-exclusion.json"))))
        #expect(saved("missing.example.com/origin/apple-app-site-association") == Data("<html><body>404</body></html>\n".utf8))
        #expect(saved("slow.example.com/origin/apple-app-site-association") == nil, "nothing came back in time")
        #expect(saved("android.example.com/origin/assetlinks.json") == (try Data(contentsOf: files.appendingPathComponent("assetlinks.json"))))
        #expect(saved("missing.example.com/origin/assetlinks.json") == nil, "a host that serves no assetlinks.json keeps none")
    }

    @Test func configuredSeveritiesApply() throws {
        let folder = try temporaryFolder(configuration: "rules:\n  content-type: error\n  http-status: off\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BinaryRunner.run(["fetch", "wrong-type.example.com", "missing.example.com", "--quiet"] + bases, workingDirectory: folder)
        #expect(run.standardOutput.contains(": error: the file is served as text/plain"))
        #expect(!run.standardOutput.contains("[http-status]"))
        #expect(run.status == 1)
        let disabled = try fetch(["missing.example.com", "--disable", "http-status"])
        #expect(disabled.status == 0)
    }

    @Test func lintRemoteChecksTheConfiguredDomains() throws {
        let folder = try temporaryFolder(configuration: """
            domains:
              good.example.com: web/apple-app-site-association
              missing.example.com: web/apple-app-site-association

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BinaryRunner.run(["lint", "--remote", "--no-color"] + bases, workingDirectory: folder)
        try expectGolden(transcript(run), named: "lint-remote")
    }

    /// android-missing.example.com serves no assetlinks.json (no finding from `fetch`, which knows
    /// no Android app), but the configuration says Android apps rely on it; the assetlinks.json of
    /// android.example.com is downloaded and linted.
    @Test func lintRemoteChecksTheConfiguredAssetLinksDomains() throws {
        let folder = try temporaryFolder(configuration: """
            domains:
              android.example.com: {aasa: web/apple-app-site-association, assetlinks: web/.well-known/assetlinks.json}
              android-missing.example.com: web/.well-known/assetlinks.json

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BinaryRunner.run(["lint", "--remote", "--no-color"] + bases, workingDirectory: folder)
        #expect(Self.ruleIDs(in: run.standardOutput) == ["assetlinks-hosting"])
        try expectGolden(transcript(run), named: "lint-remote-android")
    }

    /// The configured Android app claims android.example.com in a verifying filter of its
    /// manifest; the assetlinks.json the host serves grants com.example.shop with one release
    /// certificate. An app of another package, or signed with another certificate, is not
    /// granted: app-not-in-assetlinks reports it in the manifest and in the download.
    @Test(arguments: [
        ("com.example.shop", "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5", 0, "granted"),
        ("com.example.blog", "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5", 2, "other-package"),
        ("com.example.shop", "FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C", 2, "other-certificate"),
    ] as [(String, String, Int, String)])
    func lintRemoteChecksTheConfiguredAndroidAppsAgainstWhatTheirHostsServe(package: String, fingerprint: String, findings: Int, name: String) throws {
        let folder = try temporaryFolder(configuration: """
            apps:
              - package: \(package)
                module: app
                fingerprints: ["\(fingerprint)"]
            domains:
              android.example.com: {assetlinks: web/.well-known/assetlinks.json}

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("app/src/main/AndroidManifest.xml")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                <application>
                    <activity android:name=".MainActivity" android:exported="true">
                        <intent-filter android:autoVerify="true">
                            <action android:name="android.intent.action.VIEW"/>
                            <category android:name="android.intent.category.DEFAULT"/>
                            <category android:name="android.intent.category.BROWSABLE"/>
                            <data android:scheme="https" android:host="android.example.com"/>
                        </intent-filter>
                    </activity>
                </application>
            </manifest>

            """.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try BinaryRunner.run(["lint", "--remote", "--no-color"] + bases, workingDirectory: folder)
        let lines = run.standardOutput.split(separator: "\n").filter { $0.hasSuffix("[app-not-in-assetlinks]") }
        #expect(lines.count == findings, "\(run.standardOutput)")
        #expect(run.status == (findings == 0 ? 0 : 1))
        if findings > 0 {
            #expect(lines.contains { $0.hasPrefix("app/src/main/AndroidManifest.xml:8:") })
            #expect(lines.contains { $0.hasPrefix("http://127.0.0.1:") && $0.contains("/android.example.com/.well-known/assetlinks.json:") })
            try expectGolden(transcript(run), named: "lint-remote-android-\(name)")
        }
    }

    /// A signed APK named as a PATH is checked against the assetlinks.json its configured
    /// domain serves: android.example.com grants com.example.shop another certificate than the
    /// one `build/shop.apk` is signed with.
    @Test func lintRemoteChecksASignedAPKAgainstWhatItsDomainServes() throws {
        let folder = try temporaryFolder(configuration: "domains:\n  android.example.com: {assetlinks: web/.well-known/assetlinks.json}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let apk = Self.remote.deletingLastPathComponent().appendingPathComponent("rules/apk-not-in-assetlinks/granted/build/shop.apk")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("build"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: apk, to: folder.appendingPathComponent("build/shop.apk"))
        let run = try BinaryRunner.run(["lint", "--remote", "--no-color"] + bases + ["build/shop.apk"], workingDirectory: folder)
        #expect(run.status == 0, "a warning: \(run)")
        let line = try #require(run.standardOutput.split(separator: "\n").first { $0.hasSuffix("[apk-not-in-assetlinks]") }, "\(run)")
        #expect(line.hasPrefix("build/shop.apk:1:1: warning: this APK of com.example.shop is signed with the certificate \"CN=Example Shop\""), "\(line)")
        #expect(line.contains("/android.example.com/.well-known/assetlinks.json grants com.example.shop App Links only for other certificates "
            + "(14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5)"), "\(line)")
    }

    /// `Fixtures/artifacts/remote/Shop.ipa` signs applinks for shop.example.com (which lists the
    /// app), good.example.com (which does not), `*.example.com` (checked against both downloads)
    /// and a developer-mode staging host, which is not fetched.
    @Test func lintRemoteChecksTheDomainsSignedIntoAnApp() throws {
        let artifacts = Self.remote.deletingLastPathComponent().appendingPathComponent("artifacts/remote")
        let run = try BinaryRunner.run(["lint", "--remote", "--no-config", "--no-color"] + bases + ["Shop.ipa"], workingDirectory: artifacts)
        #expect(run.status == 1)
        #expect(!run.standardOutput.contains("staging.example.com"))
        try expectGolden(transcript(run), named: "lint-remote-signed")
    }

    @Test func ignoreEntriesReachIntoTheArtifactsThatLintRemoteChecks() throws {
        let folder = try temporaryFolder(configuration: """
            ignore:
              - rule: app-not-in-aasa
                file: "build/*.ipa!Payload/Shop.app/Shop"
                reason: good.example.com is another team's site

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("build/Shop.ipa")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.remote.deletingLastPathComponent().appendingPathComponent("artifacts/remote/Shop.ipa"), to: copy)
        let run = try BinaryRunner.run(["lint", "--remote", "--no-color"] + bases + ["build"], workingDirectory: folder)
        #expect(!run.standardOutput.contains("\nbuild/Shop.ipa!Payload/Shop.app/Shop:13:11: error"), "\(run)")
        #expect(run.standardOutput.hasPrefix("http://"), "\(run)")
        #expect(run.standardOutput.hasSuffix("1 error in 5 files (2 suppressed by ignore:)\n"), "\(run)")
        #expect(run.status == 1)
    }

    @Test func lintRemoteTakesOnlySignedAppsAsPaths() throws {
        let folder = try temporaryFolder(configuration: "domains:\n  good.example.com: web/apple-app-site-association\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BinaryRunner.run(["lint", "--remote"] + bases + ["."], workingDirectory: folder)
        #expect(run.standardError == "aasalint: error: .: --remote takes signed apps (.app, .ipa, .xcarchive, .apk, .aab) or folders holding them, to check them against what their domains serve, and this holds none; lint other files without --remote\n")
        #expect(run.standardOutput.isEmpty)
        #expect(run.status == 2)
    }

    @Test(arguments: [
        (["lint", "--remote", "--no-config"], "aasalint: error: --remote checks the hosts under domains: in the configuration, and it names none; add them (domains: {example.com: path/to/apple-app-site-association}) or run aasalint fetch HOST\n"),
        (["fetch", "https://example.com", "--no-config"], "aasalint: error: 'https://example.com' is not a host name; give only the host, such as example.com\n"),
        (["fetch", "example.com", "--no-config", "--origin-base", "http://mirror.example.net"], "aasalint: error: 'http://mirror.example.net' cannot replace the origin's address: plain http is allowed only for loopback addresses (127.0.0.1, ::1, localhost); use https\n"),
        (["fetch", "example.com", "--no-config", "--timeout", "soon"], "aasalint: error: --timeout needs a number of seconds greater than 0, such as 10; got 'soon'\n"),
        (["fetch", "--no-config"], "aasalint: error: missing HOST for 'aasalint fetch'; usage: aasalint fetch [options] HOST [HOST ...]\n"),
    ])
    func usageMistakesExitTwo(arguments: [String], message: String) throws {
        let run = try BinaryRunner.run(arguments, workingDirectory: FileManager.default.temporaryDirectory)
        #expect(run.standardError == message)
        #expect(run.standardOutput.isEmpty)
        #expect(run.status == 2)
    }

    /// `lint --remote` lints what the hosts serve now: each option about local files is refused
    /// with its reason, before anything is downloaded, instead of being silently ignored.
    @Test(arguments: [
        (["--fix"], "--fix does not apply to --remote: a downloaded file is not yours to fix here"),
        (["--diff"], "--diff does not apply to --remote: a downloaded file is not yours to fix here"),
        (["--unsafe-fixes"], "--unsafe-fixes does not apply to --remote: a downloaded file is not yours to fix here"),
        (["--baseline", "missing.json"], "--baseline does not apply to --remote: a baseline accepts findings of local files"),
        (["--write-baseline", "new.json"], "--write-baseline does not apply to --remote: a baseline accepts findings of local files"),
        (["--changed-since", "HEAD"], "--changed-since does not apply to --remote: git knows nothing of what the hosts serve"),
        (["--explain-release"], "--explain-release does not apply to --remote: it explains local entitlements files"),
        (["--stdin-filename", "web/apple-app-site-association"], "--stdin-filename does not apply to --remote: --remote reads no standard input"),
        (["--kind", "aasa"], "--kind does not apply to --remote: --remote reads no standard input"),
        (["-"], "- does not apply to --remote: --remote reads no standard input; its PATHs are signed apps"),
        (["--allow-plugins"], "--allow-plugins does not apply to --remote: plugins read the repository's files"),
    ])
    func lintRemoteRefusesWhatDoesNotApplyToDownloads(option: [String], message: String) throws {
        let folder = try temporaryFolder(configuration: "domains:\n  good.example.com: web/apple-app-site-association\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BinaryRunner.run(["lint", "--remote"] + bases + option, workingDirectory: folder)
        #expect(run.standardError.hasPrefix("aasalint: error: " + message), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(run.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.json").path))
    }

    /// The options of a lint report apply to `lint --remote` as to any lint: the per-rule
    /// counts, the effective configuration, the folder that reports name files from.
    @Test func lintRemoteHonoursTheReportOptions() throws {
        let folder = try temporaryFolder(configuration: "domains:\n  missing.example.com: web/apple-app-site-association\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try BinaryRunner.run(["lint", "--remote", "--no-color", "--summary"] + bases, workingDirectory: folder)
        #expect(summary.status == 1)
        #expect(summary.standardOutput.contains("http-status"), "\(summary.standardOutput)")
        let plain = try BinaryRunner.run(["lint", "--remote", "--no-color"] + bases, workingDirectory: folder)
        #expect(summary.standardOutput.count > plain.standardOutput.count, "--summary adds the per-rule counts:\n\(summary.standardOutput)")
        let printed = try BinaryRunner.run(["lint", "--remote", "--print-config"] + bases, workingDirectory: folder)
        #expect(printed.status == 0)
        #expect(printed.standardOutput.contains("\"rules\""), "\(printed.standardOutput)")
        // It prints the rules of the lint of downloads: the remote rules are on.
        #expect(printed.standardOutput.contains("\"http-status\": \"error\""), "\(printed.standardOutput)")
        let missingBase = try BinaryRunner.run(["lint", "--remote", "--base-path", "nowhere"] + bases, workingDirectory: folder)
        #expect(missingBase.status == 2)
        #expect(missingBase.standardError.hasPrefix("aasalint: error: --base-path nowhere: no such folder"), "\(missingBase.standardError)")
    }

    /// Every other lint option applies to `lint --remote` as to a lint of files (the downloads
    /// are an input of the one lint session): one case per option, each with what it changes.
    @Test(arguments: ["--format", "--output", "--fail-on", "--quiet", "--snippet", "--step-summary", "--enable", "--disable",
                      "--config", "--no-config", "--release", "--as-of", "--save", "--timeout"])
    func lintRemoteHonoursTheOtherLintOptions(option: String) throws {
        let folder = try temporaryFolder(configuration: "domains:\n  stale-cdn.example.com: web/apple-app-site-association\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        func lint(_ arguments: [String]) throws -> BinaryRun {
            try BinaryRunner.run(["lint", "--remote", "--no-color"] + bases + arguments, workingDirectory: folder)
        }
        func file(_ name: String) -> String? { try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let plain = try lint([])
        #expect(plain.status == 0, "a stale CDN copy is a warning: \(plain)")
        #expect(Self.ruleIDs(in: plain.standardOutput) == ["cdn-out-of-date"], "\(plain)")
        switch option {
        case "--format":
            let run = try lint(["--format", "json"])
            let report = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
            #expect(report != nil && run.standardOutput.contains("\"cdn-out-of-date\""), "\(run)")
        case "--output":
            let run = try lint(["--output", "report.txt"])
            #expect(run.standardOutput.isEmpty)
            #expect(file("report.txt")?.contains("[cdn-out-of-date]") == true, "\(run)")
        case "--fail-on":
            #expect(try lint(["--fail-on", "warning"]).status == 1)
        case "--quiet":
            let run = try lint(["--quiet"])
            #expect(!run.standardOutput.isEmpty && run.standardOutput.split(separator: "\n").allSatisfy { $0.hasSuffix("[cdn-out-of-date]") }, "\(run)")
            #expect(run.standardOutput != plain.standardOutput)
        case "--snippet":
            #expect(try lint(["--snippet"]).standardOutput.contains("^"))
        case "--step-summary":
            _ = try lint(["--step-summary", "summary.md"])
            #expect(file("summary.md")?.contains("cdn-out-of-date") == true)
        case "--enable":
            let run = try lint(["--enable", "legacy-format", "--print-config"])
            #expect(run.standardOutput.contains("\"legacy-format\": \"note\""), "\(run)")
        case "--disable":
            let run = try lint(["--disable", "cdn-out-of-date"])
            #expect(Self.ruleIDs(in: run.standardOutput).isEmpty, "\(run)")
        case "--config":
            try "domains:\n  missing.example.com: web/apple-app-site-association\n".write(to: folder.appendingPathComponent("other.yml"), atomically: true, encoding: .utf8)
            let run = try lint(["--config", "other.yml"])
            #expect(Self.ruleIDs(in: run.standardOutput) == ["http-status"], "\(run)")
            #expect(run.status == 1)
        case "--no-config":
            let run = try lint(["--no-config"])
            #expect(run.status == 2)
            #expect(run.standardError.contains("--remote checks the hosts under domains: in the configuration, and it names none"), "\(run)")
        case "--release":
            // It judges the entitlements of signed apps named as PATHs; a download is judged the same.
            #expect(try lint(["--release"]).standardOutput == plain.standardOutput)
        case "--as-of":
            #expect(try lint(["--as-of", "2026-03-01"]).standardOutput == plain.standardOutput)
            let bad = try lint(["--as-of", "soon"])
            #expect(bad.status == 2 && bad.standardError.contains("--as-of takes a day written 2026-03-01"), "\(bad)")
        case "--save":
            _ = try lint(["--save", "downloads"])
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("downloads/stale-cdn.example.com/origin").path))
        case "--timeout":
            let bad = try lint(["--timeout", "soon"])
            #expect(bad.status == 2 && bad.standardError.contains("--timeout needs a number of seconds"), "\(bad)")
        default:
            Issue.record("no case for \(option)")
        }
    }

    // MARK: Helpers

    private var bases: [String] {
        ["--origin-base", server.originBase, "--cdn-base", server.cdnBase]
    }

    private func fetch(_ arguments: [String]) throws -> BinaryRun {
        try BinaryRunner.run(["fetch", "--no-config"] + bases + arguments, workingDirectory: FileManager.default.temporaryDirectory)
    }

    private func temporaryFolder(configuration: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try configuration.write(to: folder.appendingPathComponent(".aasalint.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The `[rule-id]` at the end of each finding line.
    private static func ruleIDs(in output: String) -> Set<String> {
        Set(output.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        })
    }

    private func transcript(_ run: BinaryRun) -> String {
        let text = "exit status \(run.status)\n--- stdout\n\(run.standardOutput)--- stderr\n\(run.standardError)"
        return text.replacingOccurrences(of: "127.0.0.1:\(server.port)", with: "127.0.0.1:PORT")
    }

    private func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let mismatch = try Golden.mismatch(of: actual, with: Self.remote.appendingPathComponent("expected/\(name).txt")) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }
}
