import AASALintCore
import Foundation
import Testing

/// aasalint where the build already is, run as Xcode, Xcode Cloud and fastlane run it: the Run
/// Script build phase and the Xcode Cloud scripts with the variables those set, and the fastlane
/// action under Debian's ruby with a stand-in for fastlane (Tests/fastlane). Each runs the real
/// binary. (The SwiftPM plugins need a package build of their own: scripts/check-plugins.sh.)
@Suite struct BuildIntegrationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let buildPhase = root.appendingPathComponent("Integrations/Xcode/aasalint-build-phase.sh").path
    static let postClone = root.appendingPathComponent("Integrations/XcodeCloud/ci_scripts/ci_post_clone.sh").path
    static let postXcodebuild = root.appendingPathComponent("Integrations/XcodeCloud/ci_scripts/ci_post_xcodebuild.sh").path

    // MARK: Xcode Run Script build phase

    /// Xcode's variables for a phase of the fixture project whose inputs are the entitlements file
    /// and `.aasalint.yml`, and whose output is the stamp.
    static func buildPhaseVariables(_ project: TemporaryFolder, configuration: String) throws -> [String: String] {
        [
            "AASALINT": try BinaryRunner.executable().path,
            "SRCROOT": project.url.path,
            "CODE_SIGN_ENTITLEMENTS": "Shop/Shop.entitlements",
            "CONFIGURATION": configuration,
            "SCRIPT_INPUT_FILE_COUNT": "2",
            "SCRIPT_INPUT_FILE_0": project.url.appendingPathComponent("Shop/Shop.entitlements").path,
            "SCRIPT_INPUT_FILE_1": project.url.appendingPathComponent(".aasalint.yml").path,
            "SCRIPT_INPUT_FILE_LIST_COUNT": "0",
            "SCRIPT_OUTPUT_FILE_COUNT": "1",
            "SCRIPT_OUTPUT_FILE_0": project.url.appendingPathComponent("DerivedSources/aasalint.stamp").path,
        ]
    }

    static func xcodeProject() throws -> TemporaryFolder {
        let project = try TemporaryFolder("xcode-project")
        try Tool.copyContents(of: root.appendingPathComponent("Fixtures/plugin/xcode"), into: project.url)
        return project
    }

    @Test func theBuildPhasePassesADebugBuildAndStampsIt() throws {
        let project = try Self.xcodeProject()
        let run = try Tool.run(["sh", Self.buildPhase], environment: try Self.buildPhaseVariables(project, configuration: "Debug"), in: project.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.isEmpty, "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: project.url.appendingPathComponent("DerivedSources/aasalint.stamp").path))
    }

    /// A Release build is linted with `--release`: get-task-allow fails it, on the file and line
    /// Xcode shows, and the stamp is not written, so that the next build runs the phase again.
    @Test func theBuildPhaseGatesAReleaseBuild() throws {
        let project = try Self.xcodeProject()
        let run = try Tool.run(["sh", Self.buildPhase], environment: try Self.buildPhaseVariables(project, configuration: "Release"), in: project.url)
        #expect(run.status == 1, "\(run.output)")
        let entitlements = project.url.appendingPathComponent("Shop/Shop.entitlements").path
        #expect(run.output.contains("\(entitlements):10:2: error: get-task-allow is true in a release entitlements file (--release)"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: project.url.appendingPathComponent("DerivedSources/aasalint.stamp").path))
    }

    /// Inputs from an `.xcfilelist` work as inputs do, and the `.aasalint.yml` among them is the
    /// configuration aasalint reads (here it makes the release finding a warning).
    @Test func theBuildPhaseReadsInputFileListsAndTheirConfiguration() throws {
        let project = try Self.xcodeProject()
        try project.write(".aasalint.yml", "rules:\n  get-task-allow-in-release: warning\n")
        try project.write("aasalint.xcfilelist", "# aasalint's inputs\n\(project.url.path)/Shop/Shop.entitlements\n\(project.url.path)/.aasalint.yml\n")
        var variables = try Self.buildPhaseVariables(project, configuration: "Release")
        variables["SCRIPT_INPUT_FILE_COUNT"] = "0"
        variables["SCRIPT_INPUT_FILE_LIST_COUNT"] = "1"
        variables["SCRIPT_INPUT_FILE_LIST_0"] = project.url.appendingPathComponent("aasalint.xcfilelist").path
        let run = try Tool.run(["sh", Self.buildPhase], environment: variables, in: project.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Shop/Shop.entitlements:10:2: warning: get-task-allow is true"), "\(run.output)")
    }

    /// Without declared inputs (no sandboxing) the phase lints the target's CODE_SIGN_ENTITLEMENTS.
    @Test func withoutInputsTheBuildPhaseLintsCodeSignEntitlements() throws {
        let project = try Self.xcodeProject()
        var variables = try Self.buildPhaseVariables(project, configuration: "Release")
        variables["SCRIPT_INPUT_FILE_COUNT"] = "0"
        let run = try Tool.run(["sh", Self.buildPhase], environment: variables, in: project.url)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("\(project.url.path)/Shop/Shop.entitlements:10:2: error: get-task-allow"), "\(run.output)")
    }

    // MARK: Xcode Cloud

    /// The release files ci_post_clone.sh downloads, served from a folder (curl reads file://):
    /// `v<version>/aasalint-<version>-<triple>.tar.gz` holding the binary beside the tests, and SHA256SUMS.
    static func servedRelease() throws -> TemporaryFolder {
        let served = try TemporaryFolder("releases")
        let version = AASALintVersion.current
        let name = "aasalint-\(version)-\(try Tool.releaseTriple())"
        let staging = try TemporaryFolder("staging")
        let binary = try staging.place("\(name)/bin/aasalint")
        try FileManager.default.copyItem(at: try BinaryRunner.executable(), to: binary)
        let release = try served.place("v\(version)/\(name).tar.gz").deletingLastPathComponent()
        try Tool.expectSuccess(["tar", "-czf", release.appendingPathComponent("\(name).tar.gz").path, name], in: staging.url)
        try Tool.expectSuccess(["sh", "-c", "sha256sum \(name).tar.gz > SHA256SUMS || shasum -a 256 \(name).tar.gz > SHA256SUMS"], in: release)
        return served
    }

    @Test func postCloneInstallsTheCheckedReleaseAndLintsTheRepository() throws {
        let served = try Self.servedRelease()
        let repository = try Self.xcodeProject()
        let run = try Tool.run(["sh", Self.postClone], environment: [
            "CI_PRIMARY_REPOSITORY_PATH": repository.url.path, "CI_XCODEBUILD_ACTION": "archive",
            "AASALINT_RELEASES_URL": served.url.absoluteString,
        ], in: repository.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Installing aasalint \(AASALintVersion.current)"), "\(run.output)")
        #expect(run.output.contains("1 file"), "the repository was linted: \(run.output)")
        #expect(FileManager.default.isExecutableFile(atPath: repository.url.appendingPathComponent(".build/aasalint-bin/aasalint").path))
    }

    @Test func postCloneRefusesABinaryWhoseChecksumDiffers() throws {
        let served = try Self.servedRelease()
        let sums = served.url.appendingPathComponent("v\(AASALintVersion.current)/SHA256SUMS")
        let line = try String(contentsOf: sums, encoding: .utf8)
        try (String(repeating: "0", count: 64) + line.dropFirst(64)).write(to: sums, atomically: true, encoding: .utf8)
        let repository = try Self.xcodeProject()
        let run = try Tool.run(["sh", Self.postClone], environment: [
            "CI_PRIMARY_REPOSITORY_PATH": repository.url.path, "AASALINT_RELEASES_URL": served.url.absoluteString,
        ], in: repository.url)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("does not match the SHA-256 of the release's SHA256SUMS; not installed"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent(".build/aasalint-bin/aasalint").path))
    }

    /// After `archive`, the archive and the App Store export are linted with the release gate:
    /// a development-signed .ipa in the export fails the build. Other actions, and a failed
    /// xcodebuild, are left alone.
    @Test func postXcodebuildGatesTheArchiveAndTheExportedApps() throws {
        let repository = try Self.xcodeProject()
        let installed = try repository.place(".build/aasalint-bin/aasalint")
        try FileManager.default.copyItem(at: try BinaryRunner.executable(), to: installed)
        let export = try TemporaryFolder("export")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Fixtures/artifacts/ShopDebug.ipa"),
                                         to: export.url.appendingPathComponent("Shop.ipa"))
        var variables = [
            "CI_PRIMARY_REPOSITORY_PATH": repository.url.path, "CI_XCODEBUILD_ACTION": "archive", "CI_XCODEBUILD_EXIT_CODE": "0",
            "CI_ARCHIVE_PATH": Self.root.appendingPathComponent("Fixtures/artifacts/Shop.xcarchive").path,
            "CI_APP_STORE_SIGNED_APP_PATH": export.url.path,
        ]
        let archive = try Tool.run(["sh", Self.postXcodebuild], environment: variables, in: repository.url)
        #expect(archive.status == 1, "\(archive.output)")
        #expect(archive.output.contains("\(export.url.path)/Shop.ipa!Payload/Shop.app/Shop:17:2: error: get-task-allow is true in a release entitlements file (--release)"),
                "\(archive.output)")
        #expect(archive.output.contains("Shop.xcarchive!"), "the archive was linted: \(archive.output)")

        variables["CI_XCODEBUILD_ACTION"] = "build"
        let build = try Tool.run(["sh", Self.postXcodebuild], environment: variables, in: repository.url)
        #expect(build.status == 0 && build.output.isEmpty, "\(build.output)")
        variables["CI_XCODEBUILD_ACTION"] = "archive"
        variables["CI_XCODEBUILD_EXIT_CODE"] = "65"
        let failed = try Tool.run(["sh", Self.postXcodebuild], environment: variables, in: repository.url)
        #expect(failed.status == 0, "\(failed.output)")
        #expect(failed.output.contains("xcodebuild failed (exit 65)"), "\(failed.output)")
    }

    // MARK: fastlane

    static let hasRuby = FileManager.default.isExecutableFile(atPath: "/usr/bin/ruby") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/ruby")

    /// `ruby Tests/fastlane/run_action.rb OPTIONS` from `folder`, with the binary beside the tests as `executable`.
    static func fastlane(_ options: [String: Any], in folder: URL = root.appendingPathComponent("Fixtures/cli")) throws -> Tool.Run {
        var options = options
        options["executable"] = try BinaryRunner.executable().path
        let json = String(decoding: try JSONSerialization.data(withJSONObject: options, options: [.sortedKeys]), as: UTF8.self)
        return try Tool.run(["ruby", root.appendingPathComponent("Tests/fastlane/run_action.rb").path, json], in: folder)
    }

    /// Findings stop the lane with the swiftlint action's kind of message; `ignore_exit_status` lets it continue.
    @Test(.enabled(if: hasRuby, "needs ruby (.ci/run installs Debian's)"))
    func theFastlaneActionStopsTheLaneOnFindingsUnlessTold() throws {
        let stopped = try Self.fastlane(["paths": ["broken"]])
        #expect(stopped.status == 1, "\(stopped.output)")
        #expect(stopped.output.contains("[command] \(try BinaryRunner.executable().path) lint broken\n"), "\(stopped.output)")
        #expect(stopped.output.contains("[output] broken/"), "\(stopped.output)")
        #expect(stopped.output.contains("[important] aasalint found problems: exit status 1"), "\(stopped.output)")
        #expect(stopped.output.hasSuffix("[user_error!] aasalint finished with errors (exit status 1); set ignore_exit_status to continue anyway\n"), "\(stopped.output)")

        let continued = try Self.fastlane(["paths": ["broken"], "ignore_exit_status": true])
        #expect(continued.status == 0, "\(continued.output)")
        #expect(continued.output.contains("[important] fastlane continues because ignore_exit_status is set"), "\(continued.output)")
        #expect(continued.output.contains("[returned] "), "\(continued.output)")

        let unreadable = try Self.fastlane(["paths": ["no-such-folder"]])
        #expect(unreadable.status == 1, "\(unreadable.output)")
        #expect(unreadable.output.contains("[important] aasalint could not lint (see its message above): exit status 2"), "\(unreadable.output)")
    }

    /// `strict` fails on warnings, as swiftlint's does; `release` is the release gate on an .ipa.
    @Test(.enabled(if: hasRuby, "needs ruby (.ci/run installs Debian's)"))
    func theFastlaneActionIsStrictAndGatesTheRelease() throws {
        let lenient = try Self.fastlane(["paths": ["warnings-only"]])
        #expect(lenient.status == 0, "\(lenient.output)")
        #expect(lenient.output.contains(": warning: "), "\(lenient.output)")
        let strict = try Self.fastlane(["paths": ["warnings-only"], "strict": true])
        #expect(strict.status == 1, "\(strict.output)")
        #expect(strict.output.contains(" lint --fail-on warning warnings-only\n"), "\(strict.output)")

        let gate = try Self.fastlane(["paths": ["Fixtures/artifacts/ShopDebug.ipa"], "release": true, "quiet": true], in: Self.root)
        #expect(gate.status == 1, "\(gate.output)")
        #expect(gate.output.contains("[output] Fixtures/artifacts/ShopDebug.ipa!Payload/Shop.app/Shop:17:2: error: get-task-allow is true in a release entitlements file (--release)"),
                "\(gate.output)")
    }

    /// `reporter` and `output_file` write the report aasalint's `--format` makes; `mode: fix`
    /// rewrites the file; a reporter aasalint lacks is refused before anything runs.
    @Test(.enabled(if: hasRuby, "needs ruby (.ci/run installs Debian's)"))
    func theFastlaneActionWritesReportsAndFixes() throws {
        let folder = try TemporaryFolder("fastlane")
        let entitlements = try folder.place("Shop.entitlements")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Fixtures/plugin/app/Sources/Shop/Shop.entitlements"), to: entitlements)
        let report = folder.url.appendingPathComponent("report.json")
        try folder.write("none.yml", "rules: {}\n")
        let written = try Self.fastlane(["paths": ["Shop.entitlements"], "reporter": "json", "output_file": report.path, "config_file": "none.yml"], in: folder.url)
        #expect(written.status == 1, "\(written.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any], "\(written.output)")
        #expect(String(describing: json).contains("invalid-associated-domain"), "\(json)")

        let fixed = try Self.fastlane(["paths": ["Shop.entitlements"], "mode": "fix", "config_file": "none.yml"], in: folder.url)
        #expect(fixed.status == 0, "\(fixed.output)")
        #expect(try String(contentsOf: entitlements, encoding: .utf8).contains("<string>applinks:www.example.com</string>"))

        let refused = try Self.fastlane(["paths": ["Shop.entitlements"], "reporter": "xml"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.output == "[user_error!] reporter must be text, json, sarif or github, not \"xml\"\n", "\(refused.output)")
    }

    /// README's lane is Ruby that parses, and its `aasalint(...)` calls use only the action's options.
    @Test(.enabled(if: hasRuby, "needs ruby (.ci/run installs Debian's)"))
    func theReadmeLaneUsesTheActionsOptions() throws {
        let lanes = ReadmeTests.codeBlocks(in: try ReadmeTests.readme()).filter { $0.info == "ruby" }
        let lane = try #require(lanes.first, "README has a ruby block (the fastlane lane)").lines.map(\.text).joined(separator: "\n")
        let folder = try TemporaryFolder("lane")
        try folder.write("Fastfile", lane + "\n")
        let parsed = try Tool.run(["ruby", "-c", "Fastfile"], in: folder.url)
        #expect(parsed.status == 0, "\(parsed.output)")

        let action = try String(contentsOf: Self.root.appendingPathComponent("fastlane/actions/aasalint.rb"), encoding: .utf8)
        let options = Set(action.matches(of: /key: :([a-z_]+)/).map { String($0.1) })
        let used = lane.matches(of: /aasalint\(([^\n]*)\)/).flatMap { call in call.1.matches(of: /([a-z_]+):\s/).map { String($0.1) } }
        #expect(!used.isEmpty, "the lane passes options to aasalint")
        #expect(Set(used).isSubset(of: options), "the lane uses \(used), the action has \(options.sorted())")
    }
}

extension Tool {
    /// The triple of the release tarball ci_post_clone.sh picks on this machine.
    static func releaseTriple() throws -> String {
        #if os(Linux)
        let machine = try run(["uname", "-m"], in: FileManager.default.temporaryDirectory).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(machine == "arm64" ? "aarch64" : machine)-unknown-linux-gnu"
        #else
        return "universal-apple-macosx"
        #endif
    }

    static func copyContents(of source: URL, into destination: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
    }
}
