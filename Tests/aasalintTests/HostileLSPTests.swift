import Foundation
import Testing

/// `aasalint lsp` on an editor's input built to break it: positions and versions at the ends of
/// the integers, and header blocks the server refuses. The server keeps answering, or, when it
/// cannot tell where the next message starts, says so and stops; each run is bounded in
/// processor time and memory as the other hostile suites are.
@Suite struct HostileLSPTests {
    typealias Session = LSPServerTests.Session

    /// Runs the session's messages, with `garbage` framed in after the first `garbageAfter`
    /// of them, through the measured runner.
    static func run(_ session: Session, garbage: Data = Data(), after garbageAfter: Int = 0) throws -> (run: HostileRun, replies: [[String: Any]]) {
        var input = Data()
        for (index, message) in session.messages.enumerated() {
            if index == garbageAfter { input += garbage }
            input += Session.frame(try JSONSerialization.data(withJSONObject: message))
        }
        try session.workspace.write("lsp-input", Array(input))
        let run = try session.workspace.aasalint(["lsp"], standardInput: "lsp-input")
        return (run, try Session.replies(in: Data(run.output.standardOutput.utf8)))
    }

    @Test func positionsAndVersionsAtTheEndsOfTheIntegersAreClamped() throws {
        var session = try Session()
        session.initialize()
        let path = "apple-app-site-association"
        let document = ["uri": session.uri(path)]
        session.open(path, LSPServerTests.brokenAASA, version: Int.max)
        var requests: [Int] = []
        for (line, character) in [(Int.max, Int.max), (0, Int.max), (Int.min, Int.min), (4, Int.max), (Int.max, 0)] {
            requests.append(session.request("textDocument/hover", ["textDocument": document, "position": ["line": line, "character": character]]))
            let range = ["start": ["line": line, "character": character], "end": ["line": Int.max, "character": Int.max]]
            requests.append(session.request("textDocument/codeAction", ["textDocument": document, "range": range,
                                                                         "context": ["diagnostics": [] as [Any]]]))
        }
        // A change without a version, after the largest version there is.
        session.notify("textDocument/didChange", ["textDocument": document,
                                                  "contentChanges": [["text": LSPServerTests.brokenAASA.replacingOccurrences(of: "shop", with: "shoe")]]])
        let afterChange = session.request("textDocument/hover", ["textDocument": document, "position": ["line": 4, "character": 30]])
        session.shutDownAndExit()
        let (run, replies) = try Self.run(session)

        run.expectGraceful(status: 0)
        for id in requests {
            #expect(LSPServerTests.reply(to: id, in: replies)?.keys.contains("result") == true, "request \(id): \(run)")
        }
        let hover = try #require(LSPServerTests.reply(to: afterChange, in: replies)?["result"] as? [String: Any], "\(run)")
        #expect((hover["contents"] as? [String: String])?["value"]?.contains("/shoe/gift") == true, "the changed text: \(hover)")
        let versions = replies.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
            .compactMap { ($0["params"] as? [String: Any])?["version"] as? Int }
        #expect(!versions.isEmpty && versions.allSatisfy { $0 == Int.max }, "\(run)")
    }

    /// A configuration whose URL sources are links to /dev/zero and a named pipe: plain
    /// `aasalint` refuses them (`HostileReadTests`), and so does the server, which reads the
    /// configuration for the AASA file opened first, says why on the configuration once that is
    /// open, and answers the requests that follow.
    @Test func urlSourcesThatAreNotRegularFilesDoNotStopTheServer() throws {
        var session = try Session()
        let path = "web/.well-known/apple-app-site-association"
        try session.workspace.write(path, HostileReadTests.aasa)
        try session.workspace.symbolicLink("web/zero.txt", to: "/dev/zero")
        try session.workspace.symbolicLink("web/zero.xml", to: "/dev/zero")
        try session.workspace.fifo("web/pipe.txt")
        try session.workspace.write(".aasalint.yml", """
            domains:
              example.com: \(path)
            expectations:
              - {app: \(HostileReadTests.app), opens_from: web/zero.txt}
              - {app: \(HostileReadTests.app), stays_on_web_from: web/zero.xml}
              - {app: \(HostileReadTests.app), opens_from: web/pipe.txt}

            """)
        session.initialize()
        session.open(path, HostileReadTests.aasa)
        session.open(".aasalint.yml", try String(contentsOf: session.workspace.url.appendingPathComponent(".aasalint.yml"), encoding: .utf8))
        let hover = session.request("textDocument/hover", ["textDocument": ["uri": session.uri(path)], "position": ["line": 0, "character": 60]])
        session.shutDownAndExit()
        let (run, replies) = try Self.run(session)

        run.expectGraceful(status: 0, memory: 100 * HostileReadTests.megabyte)
        #expect(LSPServerTests.reply(to: hover, in: replies)?.keys.contains("result") == true, "\(run)")
        // Linted when opened, and again when the configuration opens.
        #expect(LSPServerTests.published(session.uri(path), in: replies).map(\.count) == [0, 0], "\(run)")
        let messages = LSPServerTests.published(session.uri(".aasalint.yml"), in: replies).last?.compactMap { $0["message"] as? String } ?? []
        #expect(messages.count == 3, "\(run)")
        for (source, kind) in [("zero.txt", "a character device"), ("zero.xml", "a character device"), ("pipe.txt", "a named pipe")] {
            #expect(messages.contains { $0.hasPrefix("cannot read the URLs of 'web/\(source)'") && $0.contains("not a regular file (\(kind))") }, "\(messages)")
        }
    }

    /// Each refused header block names its body's length; six requests follow, and each is answered.
    @Test func aRefusedHeaderBlocksBodyIsSkipped() throws {
        // A body that would be read as a message of its own if it were not skipped.
        let decoy = Data("Content-Length: 2\r\n\r\n{}".utf8)
        func refused(_ headers: String) -> Data {
            Data(headers.utf8) + Data("Content-Length: \(decoy.count)\r\n\r\n".utf8) + decoy
        }
        let blocks: [(String, Data)] = [
            ("a header line without a colon", refused("not a header\r\n")),
            ("more than 32 header lines", refused(String(repeating: "X-Padding: 1\r\n", count: 40))),
            ("a header line over 1024 bytes", refused("X-Padding: \(String(repeating: "a", count: 5_000))\r\n")),
        ]
        for (problem, block) in blocks {
            var session = try Session()
            session.initialize()
            let later = (0..<6).map { _ in
                session.request("textDocument/hover", ["textDocument": ["uri": session.uri("a")], "position": ["line": 0, "character": 0]])
            }
            session.shutDownAndExit()
            let (run, replies) = try Self.run(session, garbage: block, after: 2)

            run.expectGraceful(status: 0)
            let errors = replies.compactMap { $0["error"] as? [String: Any] }
            #expect(errors.count == 1, "\(problem): \(run)")
            #expect((errors.first?["message"] as? String)?.contains(problem) == true, "\(problem): \(run)")
            #expect(later.allSatisfy { LSPServerTests.reply(to: $0, in: replies)?.keys.contains("result") == true }, "\(problem): \(run)")
        }
    }

    /// A block whose body's length is unknown: what follows could be that body, so the server
    /// answers with an error and stops rather than reading a body as headers.
    @Test func aHeaderBlockWithoutALengthEndsTheConnectionWithAnError() throws {
        let blocks: [(String, String)] = [
            ("Content-Length is not a number of bytes", "Content-Length: 1x\r\n\r\n"),
            ("the message has no Content-Length header", "Content-Type: text/plain\r\n\r\n"),
            ("two Content-Length headers that differ", "Content-Length: 2\r\nContent-Length: 20\r\n\r\n"),
            ("a header line over 1024 bytes", "Content-Length: \(String(repeating: " ", count: 2_000))2\r\n\r\n"),
        ]
        for (problem, block) in blocks {
            var session = try Session()
            session.initialize()
            let later = session.request("textDocument/hover", ["textDocument": ["uri": session.uri("a")], "position": ["line": 0, "character": 0]])
            session.shutDownAndExit()
            let (run, replies) = try Self.run(session, garbage: Data((block + "{}").utf8), after: 2)

            run.expectGraceful(status: 1)
            let message = (replies.last?["error"] as? [String: Any])?["message"] as? String
            #expect(message?.contains(problem) == true && message?.contains("stops") == true, "\(problem): \(run)")
            #expect(LSPServerTests.reply(to: later, in: replies) == nil, "\(problem): \(run)")
        }
    }
}
