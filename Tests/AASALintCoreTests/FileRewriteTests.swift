#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import AASALintCore
@testable import AASALintTooling
import Foundation
import Testing

@Suite struct FileRewriteTests {
    private func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "aasalint-rewrite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `body` on a file holding `text`, in a folder of its own that is removed afterwards.
    private func withFile(holding text: String, _ body: (_ folder: String, _ file: String) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer {
            chmod(folder, 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let file = folder + "/apple-app-site-association"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try body(folder, file)
    }

    /// Why `--fix` does not replace `file`, which still holds "old" afterwards.
    private func refusalToRewrite(_ file: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let error = try #require(throws: UsageError.self, sourceLocation: sourceLocation) {
            try FileReplacement.rewrite(Array("new".utf8), at: file, original: Array("old".utf8))
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old", sourceLocation: sourceLocation)
        return error.message
    }

    @Test func rewritesTheTargetOfASymbolicLinkAndKeepsTheLink() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/apple-app-site-association"
        let link = folder + "/link.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        try FileReplacement.rewrite(Array("new".utf8), at: link, original: Array("old".utf8))

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    @Test func refusesAFIFO() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/apple-app-site-association"
        #expect(mkfifo(fifo, 0o600) == 0)

        #expect(throws: UsageError.self) {
            try FileReplacement.rewrite(Array("new".utf8), at: fifo, original: [])
        }
    }

    /// Issue 27, item 12: a file the user may not write is refused, as editors refuse it, even
    /// by root, for whom `access` allows everything: a file without any write bit is read-only.
    @Test func refusesAReadOnlyFile() throws {
        try withFile(holding: "old") { _, file in
            chmod(file, 0o444)
            let reason = try refusalToRewrite(file)
            #expect(reason.contains("is read-only; --fix rewrites only files you may write"), "\(reason)")
        }
    }

    /// Issue 27, item 13: a rename would split hard links and a rewrite in place could leave
    /// half a file in every link, so a file with several links is refused, untouched.
    @Test func refusesAFileWithSeveralHardLinks() throws {
        try withFile(holding: "old") { folder, file in
            #expect(link(file, folder + "/other") == 0)
            let reason = try refusalToRewrite(file)
            #expect(reason.contains("has 2 hard links"), "\(reason)")
            #expect(try String(contentsOfFile: folder + "/other", encoding: .utf8) == "old")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["apple-app-site-association", "other"])
        }
    }

    /// Issue 27, item 14: a file saved by an editor while the fix ran keeps what was saved.
    @Test func refusesAFileThatChangedSinceItWasRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/apple-app-site-association"
        for saved in ["saved by an editor", "old!", "ol"] {
            try Data(saved.utf8).write(to: URL(fileURLWithPath: file))
            let error = try #require(throws: UsageError.self) {
                try FileReplacement.rewrite(Array("new".utf8), at: file, original: Array("old".utf8))
            }
            #expect(error.message.contains("changed while aasalint was fixing it"), "\(error.message)")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == saved)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["apple-app-site-association"], "no temporary file left")
        }
    }

    /// `--fix` never falls back to a rewrite in place, which a kill could leave half done: a
    /// folder that takes no new file is a refusal, and the file is untouched.
    @Test func refusesAFileWhoseFolderTakesNoNewFile() throws {
        try withFile(holding: "old") { folder, file in
            chmod(folder, 0o555)
            // Root may create files in any folder: then the rewrite is an ordinary replacement.
            guard access(folder, W_OK) != 0 else { return }
            let reason = try refusalToRewrite(file)
            #expect(reason.contains("takes no new file"), "\(reason)")
        }
    }

    /// Issue 27, item 14, through the session: the outcome computed from the old contents is
    /// not written over a save made after it was read.
    @Test func aSaveDuringAFixIsKept() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/apple-app-site-association"
        let broken = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/caf%C3%A9/*"}]}]}}"#
        try Data(broken.utf8).write(to: URL(fileURLWithPath: file))
        let plan = try RulePlan(registry: RuleRegistry([]), configuration: Configuration(), enable: [], disable: [])
        let fixed = LintFile(path: file, kind: .aasa, bytes: Array(broken.utf8))
        let node = try #require(fixed.root?.node(at: JSONPointer(tokens: ["applinks", "details", "0", "components", "0", "/"])))
        let edit = try #require(fixed.edit(replacingString: node, with: "/b/*"))
        let declared = Fix.DeclaredChange("/b/ instead", appIDs: nil)
        let diagnostic = Diagnostic(ruleID: "test-rule", severity: .warning, message: "write /b/*", location: fixed.location(.root),
                                    fix: Fix("write /b/*", edits: [edit], effect: .changesMeaning(declared)))
        let outcome = FixSession(plan: plan).rounds { done in
            (done.isEmpty ? [diagnostic] : [], [DiscoveredFile(path: file, kind: .aasa)])
        } read: { _ in Array(broken.utf8) }
        #expect(outcome.files.count == 1)
        let saved = broken.replacingOccurrences(of: "/caf%C3%A9/*", with: "/saved/*")
        try Data(saved.utf8).write(to: URL(fileURLWithPath: file))

        let failures = FixSession.write(outcome)
        #expect(failures.map(\.path) == [file])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == saved)
    }
}
