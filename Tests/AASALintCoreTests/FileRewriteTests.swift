#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import AASALintCore
import Foundation
import Testing

@Suite struct FileRewriteTests {
    private func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "aasalint-rewrite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
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
}
