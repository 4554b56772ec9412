import Foundation
import Testing

/// What aasalint writes (`--diff`, `--fix`, `--output`, `--write-baseline`) on inputs built to
/// make it write where it should not (issue 27, items 1, 2, 12, 13, 14 and 16): each run ends within
/// the bounds of `HostileInputTests`, with a clear message and exit status 2, or with the file
/// untouched.
@Suite struct HostileWriteTests {
    static let broken = #"{"applinks": {"details": [{"appIds": ["ABCDE1234X.com.example.shop"], "components": [{"/": "/*"}]}]}}"# + "\n"
    static let fixed = broken.replacingOccurrences(of: "appIds", with: "appIDs")

    // MARK: Item 1: --diff headers

    /// A folder whose name holds a line break and a hunk of its own, and an escape: bare in the
    /// `---`/`+++` lines, the README's `aasalint lint --diff | patch -p0` wrote the hunk into
    /// `victim`. Quoted as git quotes it, patch fixes the file in that folder and nothing else.
    @Test func diffHeadersQuoteHostileNamesAndPatchAppliesOnlyTheFix() throws {
        let folder = try Workspace("hostile-diff")
        let hostile = "x\n+++ victim\n@@ -1 +1 @@\n-a\n+PWNED\n\u{1B}]0;title\u{07} \"q\\"
        try folder.write("victim", "a\n")
        try folder.write(hostile + "/apple-app-site-association", Self.broken)

        let diff = try folder.aasalint(["lint", "--no-config", "--diff", "."])
        diff.expectGraceful(status: 1)
        diff.expectNoTerminalControls()
        let name = #""x\n+++ victim\n@@ -1 +1 @@\n-a\n+PWNED\n\033]0;title\a \"q\\/apple-app-site-association""#
        #expect(diff.output.standardOutput.hasPrefix("--- \(name)\n+++ \(name)\n@@ -1,1 +1,1 @@\n"), "\(diff)")

        // The README's pipeline, as written.
        #expect(try Self.shell("\"$0\" lint --no-config --diff | patch -s -p0", in: folder) == 0)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("victim"), encoding: .utf8) == "a\n")
        #expect(try String(contentsOf: folder.url.appendingPathComponent(hostile + "/apple-app-site-association"), encoding: .utf8) == Self.fixed)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(names == [hostile, "victim"].sorted(), "no file created by the name's hunk")
    }

    /// `patch -p0` ignores a name that is absolute (silently, exit 0) or climbs with `..`: a diff
    /// of such a file would look applied and change nothing, so it is refused with status 2.
    @Test func diffRefusesNamesPatchWouldIgnore() throws {
        let folder = try Workspace("hostile-diff")
        try folder.write("site/apple-app-site-association", Self.broken)
        try folder.write("work/.keep", "")
        for (path, reason) in [(folder.url.path + "/site", "patch -p0 ignores a file named by an absolute path"),
                               ("../site", "patch -p0 ignores a file named through \"..\"")] {
            let diff = try folder.aasalint(["lint", "--no-config", "--diff", path], in: "work")
            diff.expectGraceful(status: 2, stderr: ["aasalint: did not show the fixes of ", reason])
            #expect(diff.output.standardOutput.isEmpty, "\(diff)")
        }
        #expect(try String(contentsOf: folder.url.appendingPathComponent("site/apple-app-site-association"), encoding: .utf8) == Self.broken)
    }

    // MARK: Item 2: writes through a committed symbolic link

    /// A repository can commit a dangling link named like a baseline or a report, leading to a
    /// file a shell runs; the folder walk names nothing from it, so the content that a folder's
    /// name puts in a baseline would run there. Writing through a link inside the repository to
    /// a place outside it is refused, whether the link is the file or a folder on the way; a
    /// link that stays inside, and a link the user names outside (`/dev/stdout`), still work.
    @Test func writesRefuseALinkThatLeadsOutOfTheRepository() throws {
        let folder = try Workspace("hostile-write")
        try folder.write("repo/.git/HEAD", "ref: refs/heads/main\n")
        try folder.write("repo/$(touch PWNED)/apple-app-site-association", Self.broken)
        try folder.write("home/report.txt", "old\n")
        try folder.symbolicLink("repo/.aasalint-baseline.json", to: "../home/.bash_aliases")
        try folder.symbolicLink("repo/report.txt", to: "../home/report.txt")
        try folder.symbolicLink("repo/reports", to: "../home")
        try folder.symbolicLink("repo/inside.json", to: "kept/report.json")
        try folder.write("repo/kept/.keep", "")

        for arguments in [["--write-baseline", ".aasalint-baseline.json"], ["--output", "report.txt"], ["--output", "reports/new.txt"],
                          ["--write-baseline", "reports/baseline.json"]] {
            let run = try folder.aasalint(["lint", "--no-config"] + arguments + ["."], in: "repo")
            run.expectGraceful(status: 2, stderr: ["leads out of", "aasalint does not write through a link in the repository to a file outside it"])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("home").path) == ["report.txt"])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("home/report.txt"), encoding: .utf8) == "old\n")

        // From a subfolder the repository is still the one that holds it.
        let nested = try folder.aasalint(["lint", "--no-config", "--output", "../report.txt", "."], in: "repo/kept")
        nested.expectGraceful(status: 2, stderr: ["leads out of"])

        let inside = try folder.aasalint(["lint", "--no-config", "--output", "inside.json", "--format", "json", "."], in: "repo")
        inside.expectGraceful(status: 1)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("repo/kept/report.json"), encoding: .utf8).contains("unknown-key"))
        let named = try folder.aasalint(["lint", "--no-config", "--output", folder.url.appendingPathComponent("home/report.txt").path, "."], in: "repo")
        named.expectGraceful(status: 1)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("home/report.txt"), encoding: .utf8).contains("unknown-key"), "a path named outside is the user's")
    }

    /// A committed link to a file outside the repository, named on the command line (the folder
    /// walk skips such links): `--fix` refuses to write through it, with exit status 2, leaves the
    /// file outside as it was, and says neither that the fix was made nor what it changed.
    @Test func fixRefusesALinkThatLeadsOutOfTheRepository() throws {
        let folder = try Workspace("hostile-fix")
        try folder.write("repo/.git/HEAD", "ref: refs/heads/main\n")
        try folder.write("outside/apple-app-site-association", Self.broken)
        try folder.symbolicLink("repo/site/apple-app-site-association", to: "../../outside/apple-app-site-association")
        let run = try folder.aasalint(["lint", "--no-config", "--fix", "site/apple-app-site-association"], in: "repo")
        run.expectGraceful(status: 2, stdout: [#"unknown key "appIds""#], stderr: [
            "aasalint: did not fix site/apple-app-site-association: the file could not be written: site/apple-app-site-association: the symbolic link ",
            "aasalint does not write through a link in the repository to a file outside it",
        ])
        for claim in ["aasalint: fixed", "the fix site/apple-app-site-association", "changes what it says"] {
            #expect(!run.output.standardError.contains(claim), "\(run)")
        }
        #expect(try String(contentsOf: folder.url.appendingPathComponent("outside/apple-app-site-association"), encoding: .utf8) == Self.broken)
    }

    /// Outside a repository the working folder is the boundary.
    @Test func writesRefuseALinkThatLeadsOutOfTheWorkingFolderOutsideARepository() throws {
        let folder = try Workspace("hostile-write")
        try folder.write("work/site/apple-app-site-association", Self.broken)
        try folder.symbolicLink("work/baseline.json", to: "../elsewhere/baseline.json")
        try folder.write("elsewhere/.keep", "")
        let run = try folder.aasalint(["lint", "--no-config", "--write-baseline", "baseline.json", "site"], in: "work")
        run.expectGraceful(status: 2, stderr: ["baseline.json: the symbolic link ", "leads out of"])
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("elsewhere/baseline.json").path))
    }

    // MARK: Items 12 and 13: files --fix refuses

    /// A read-only file (rename needs only the folder's write bit) and a file with two hard links
    /// are refused with their reason and exit status 2, untouched; the other file is fixed.
    @Test func fixRefusesReadOnlyAndHardLinkedFiles() throws {
        let folder = try Workspace("hostile-fix")
        try folder.write("readonly/apple-app-site-association", Self.broken)
        try folder.write("hard/apple-app-site-association", Self.broken)
        try folder.write("plain/apple-app-site-association", Self.broken)
        let readOnly = folder.url.appendingPathComponent("readonly/apple-app-site-association").path
        let hard = folder.url.appendingPathComponent("hard/apple-app-site-association").path
        chmod(readOnly, 0o444)
        #expect(link(hard, folder.url.appendingPathComponent("hard/other").path) == 0)

        let run = try folder.aasalint(["lint", "--no-config", "--fix", "--quiet", "readonly", "hard", "plain"])
        run.expectGraceful(status: 2, stderr: [
            "aasalint: did not fix readonly/apple-app-site-association: the file could not be written: readonly/apple-app-site-association is read-only",
            "aasalint: did not fix hard/apple-app-site-association: the file could not be written: hard/apple-app-site-association has 2 hard links",
            "aasalint: fixed 1 finding in plain/apple-app-site-association",
        ])
        for path in [readOnly, hard, folder.url.appendingPathComponent("hard/other").path] {
            #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.broken, "\(path) untouched")
        }
        var info = stat()
        #expect(stat(hard, &info) == 0 && info.st_nlink == 2 && stat(readOnly, &info) == 0 && info.st_mode & 0o777 == 0o444)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("plain/apple-app-site-association"), encoding: .utf8) == Self.fixed)
    }

    // MARK: Item 14: a save during --fix

    /// The run stops itself between its fixed copy and the rename (AASALINT_TEST_STOP_BEFORE_RENAME),
    /// the file is saved as an editor saves it, and the run goes on: it keeps what was saved,
    /// exits 2 saying why, leaves no copy behind, and does not say that it fixed the file.
    @Test func aFileSavedWhileTheFixRunsKeepsWhatWasSaved() throws {
        let folder = try Workspace("hostile-fix")
        try folder.write("site/apple-app-site-association", Self.broken)
        let site = folder.url.appendingPathComponent("site")
        let file = site.appendingPathComponent("apple-app-site-association")
        let marker = folder.url.appendingPathComponent("stopped-before-rename")
        let saved = Self.broken.replacingOccurrences(of: "/*", with: "/saved/*")
        let run = try BinaryRunner.run(["lint", "--no-config", "--fix", "--quiet", "site"],
                                       environment: ["AASALINT_TEST_STOP_BEFORE_RENAME": marker.path], workingDirectory: folder.url) { process in
            // Waits until the run has stopped itself before the rename (or has ended), without
            // collecting its status, which is the runner's.
            var info = siginfo_t()
            guard waitid(P_PID, id_t(process.processIdentifier), &info, WSTOPPED | WEXITED | WNOWAIT) == 0,
                  info.si_code == CLD_STOPPED else { return }
            try? Data(saved.utf8).write(to: file)
            kill(process.processIdentifier, SIGCONT)
        }
        #expect(FileManager.default.fileExists(atPath: marker.path), "the run never reached the rename: \(run)")
        #expect(run.status == 2 && !run.endedBySignal, "\(run)")
        #expect(run.standardError.contains("aasalint: did not fix site/apple-app-site-association: the file could not be written: "
            + "site/apple-app-site-association changed while aasalint was fixing it (saved by an editor?)"), "\(run)")
        for claim in ["aasalint: fixed", "changes what it says"] {
            #expect(!run.standardError.contains(claim), "\(run)")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == ["apple-app-site-association"], "no copy left")
    }

    // MARK: Item 16: --explain-release with an unreadable project

    @Test func explainReleaseSaysWhyAProjectCannotBeRead() throws {
        let folder = try Workspace("hostile-release")
        try folder.write("ios/Shop/Shop.entitlements", HostileInputTests.plist("<dict/>"))
        // Root reads a file of mode 000: a folder where the project file should be fails for everyone.
        try FileManager.default.createDirectory(at: try folder.place("ios/Shop.xcodeproj/project.pbxproj"), withIntermediateDirectories: true)
        let run = try folder.aasalint(["lint", "--no-config", "--explain-release", "."])
        run.expectGraceful(status: 2, stdout: ["ios/Shop/Shop.entitlements: not a release file"], stderr: [
            "aasalint: error: ios/Shop.xcodeproj/project.pbxproj: not a regular file (a folder)",
            "the release files this Xcode project names are unknown",
        ])
    }

    // MARK: Helpers

    /// Runs `command` with `sh -c` in the workspace, with `$0` the aasalint binary and no
    /// terminal to ask; its exit status.
    static func shell(_ command: String, in folder: Workspace) throws -> Int32 {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", command, try BinaryRunner.executable().path]
        shell.currentDirectoryURL = folder.url
        shell.standardInput = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        return shell.terminationStatus
    }
}
