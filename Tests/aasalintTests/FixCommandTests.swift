import Foundation
import Testing

/// `aasalint lint --fix` rewrites percent-encoded Unicode in place, then lints the result.
@Suite struct FixCommandTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func fixesTheFileAndReportsWhatItDid() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("apple-app-site-association")
        try #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [{"/": "/caf%C3%A9/*"}]}]}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let before = try BinaryRunner.run(["lint", "--no-config", "--quiet", "."], workingDirectory: folder)
        #expect(before.standardOutput.contains("[percent-encoded-unicode]"))
        let fixed = try BinaryRunner.run(["lint", "--no-config", "--fix", "."], workingDirectory: folder)
        #expect(fixed.status == 0)
        #expect(fixed.standardError == "aasalint: fixed apple-app-site-association\n")
        #expect(fixed.standardOutput == "no problems in 1 file\n")
        #expect(try String(contentsOf: file, encoding: .utf8)
            == #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [{"/": "/café/*", "percentEncoded": false}]}]}}"#)
    }

    @Test func leavesAFileItCannotFixSafelyAlone() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("apple-app-site-association")
        let text = #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "paths": ["/caf%C3%A9/*"]}]}}"#
        try text.write(to: file, atomically: true, encoding: .utf8)
        let run = try BinaryRunner.run(["lint", "--no-config", "--fix", "--quiet", "."], workingDirectory: folder)
        #expect(run.standardError.hasPrefix("aasalint: did not fix apple-app-site-association: "))
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }
}
