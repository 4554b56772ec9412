import AASALintCore
@testable import AASALintTooling
import AASALintRules
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// A document's life in `aasalint lsp`: the versions of its changes, the debounce of their
/// lints, and requests the client cancels. (`LSPServerTests` holds opening, closing and the
/// registration of file watching.)
@Suite struct LSPLifecycleTests {
    typealias Session = LSPServerTests.Session

    private static func publications(_ replies: [[String: Any]]) -> [[String: Any]] {
        replies.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.compactMap { $0["params"] as? [String: Any] }
    }

    /// Versions need not increase (an editor may repeat or reset one): a change with an older
    /// version still replaces the text and is published with the version it names, and a
    /// change that names none takes the one after the last.
    @Test func aChangeIsTakenWhateverItsVersion() throws {
        var session = try Session()
        session.initialize(debounceMilliseconds: 60_000)
        let uri = session.uri("apple-app-site-association")
        session.open("apple-app-site-association", HostileInputTests.cleanAASA, version: 5)
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": LSPServerTests.brokenAASA]]])
        session.notify("textDocument/didSave", ["textDocument": ["uri": uri]])
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri], "contentChanges": [["text": HostileInputTests.cleanAASA]]])
        session.notify("textDocument/didSave", ["textDocument": ["uri": uri]])
        session.shutDownAndExit()
        let (replies, status) = try session.run()
        #expect(status == 0)
        let publications = Self.publications(replies)
        #expect(publications.map { $0["version"] as? Int } == [5, 3, 4])
        #expect(publications.map { ($0["diagnostics"] as? [Any])?.count ?? -1 } == [0, 3, 0])
    }

    /// A change to a document that is not open is ignored: nothing is published for it.
    @Test func aChangeToADocumentNotOpenIsIgnored() throws {
        var session = try Session()
        session.initialize(debounceMilliseconds: 60_000)
        session.notify("textDocument/didChange", ["textDocument": ["uri": session.uri("apple-app-site-association"), "version": 2],
                                                  "contentChanges": [["text": LSPServerTests.brokenAASA]]])
        session.notify("textDocument/didSave", ["textDocument": ["uri": session.uri("apple-app-site-association")]])
        session.shutDownAndExit()
        let (replies, status) = try session.run()
        #expect(status == 0)
        #expect(Self.publications(replies).isEmpty)
    }

    /// Requests are answered in order as they come, so a `$/cancelRequest` always comes after
    /// its request's answer: the request keeps its answer, the cancellation (a notification)
    /// gets none, and the server answers what follows.
    @Test func aCancelledRequestKeepsItsAnswerAndTheServerGoesOn() throws {
        var session = try Session()
        session.initialize(debounceMilliseconds: 60_000)
        let uri = session.uri("apple-app-site-association")
        session.open("apple-app-site-association", LSPServerTests.brokenAASA)
        let hover = session.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 4, "character": 30]])
        session.notify("$/cancelRequest", ["id": hover])
        session.notify("$/cancelRequest", ["id": 999])
        let actions = session.request("textDocument/codeAction", ["textDocument": ["uri": uri],
                                                                  "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]],
                                                                  "context": ["diagnostics": [] as [Any]]])
        session.shutDownAndExit()
        let (replies, status) = try session.run()
        #expect(status == 0)
        #expect(replies.filter { ($0["id"] as? Int) == hover }.count == 1)
        #expect(LSPServerTests.reply(to: hover, in: replies)?["error"] == nil)
        #expect(LSPServerTests.reply(to: hover, in: replies)?["result"] is [String: Any], "a hover over a component")
        #expect(LSPServerTests.reply(to: actions, in: replies)?["result"] is [Any])
        #expect(replies.filter { $0["id"] is NSNull || ($0["id"] == nil && $0["method"] == nil) }.isEmpty, "no reply to a notification: \(replies)")
    }

    /// Changes that come faster than the debounce time are linted once, as the last of them
    /// reads. The server runs in this process over pipes, so that its timer can fire while the
    /// input stays open; what is asserted is which versions were published, not when.
    @Test func quickChangesAreLintedOnceAtTheirLastVersion() throws {
        let server = try InProcessServer()
        let uri = URL(fileURLWithPath: server.folder.url.path).appendingPathComponent("apple-app-site-association").absoluteString
        // A debounce far longer than it takes to read four small messages written at once, even on
        // a machine so busy that the server thread waits a second or two for a core.
        try server.send([
            ["jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": ["rootUri": server.folder.url.absoluteString, "capabilities": [:] as [String: Any],
                        "initializationOptions": ["debounceMilliseconds": 5_000]]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:] as [String: Any]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": ["textDocument": ["uri": uri, "languageId": "json", "version": 1, "text": HostileInputTests.cleanAASA]]],
        ] + (2...4).map { version in
            ["jsonrpc": "2.0", "method": "textDocument/didChange",
             "params": ["textDocument": ["uri": uri, "version": version],
                        "contentChanges": [["text": version == 4 ? LSPServerTests.brokenAASA : "{\"applinks\": \(version)}"]]]]
        })
        let beforeShutdown = server.receive { Self.publications($0).contains { $0["version"] as? Int == 4 } }
        try server.send([["jsonrpc": "2.0", "id": 2, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"]])
        let (replies, status) = server.finish()
        #expect(status == 0)
        let publications = Self.publications(beforeShutdown + replies)
        #expect(publications.map { $0["version"] as? Int } == [1, 4])
        #expect(publications.map { ($0["diagnostics"] as? [Any])?.count ?? -1 } == [0, 3])
    }
}

/// `LanguageServer` on a thread of this process, over pipes the test writes and reads.
private final class InProcessServer: @unchecked Sendable {
    let folder: TemporaryFolder
    private let input = Pipe()
    private let output = Pipe()
    private let done = DispatchSemaphore(value: 0)
    private var status: Int32 = -1
    private var buffer = Data()

    init() throws {
        folder = try TemporaryFolder("lsp-lifecycle")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let server = try LanguageServer(rules: BuiltInRules.all, input: input.fileHandleForReading.fileDescriptor,
                                        output: output.fileHandleForWriting.fileDescriptor)
        Thread.detachNewThread { [self] in
            status = server.run()
            // The end of the output tells the reader that the server stopped.
            try? output.fileHandleForWriting.close()
            done.signal()
        }
    }

    func send(_ messages: [[String: Any]]) throws {
        var data = Data()
        for message in messages { data += LSPServerTests.Session.frame(try JSONSerialization.data(withJSONObject: message)) }
        input.fileHandleForWriting.write(data)
    }

    /// The messages read until `enough` holds of them, or the output ends. A server that never
    /// sends what is waited for would hang the suite, so after two minutes without a byte the
    /// wait ends and the test fails on what it has.
    func receive(until enough: ([[String: Any]]) -> Bool) -> [[String: Any]] {
        var messages: [[String: Any]] = []
        let descriptor = output.fileHandleForReading.fileDescriptor
        while !enough(messages) {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 120_000)
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else {
                Issue.record("the server sent nothing for two minutes")
                break
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            buffer += chunk[..<count]
            messages += framed()
        }
        return messages
    }

    /// Closes the input and returns the messages sent until the server stopped, and its status.
    func finish() -> (replies: [[String: Any]], status: Int32) {
        try? input.fileHandleForWriting.close()
        let replies = receive { _ in false }
        done.wait()
        return (replies, status)
    }

    /// The whole messages at the start of the buffer, which keeps the rest.
    private func framed() -> [[String: Any]] {
        var messages: [[String: Any]] = []
        while let separator = buffer.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: buffer[..<separator.lowerBound], as: UTF8.self)
            guard let length = Int(header.replacingOccurrences(of: "Content-Length:", with: "").trimmingCharacters(in: .whitespaces)),
                  buffer.count - separator.upperBound >= length else { break }
            let body = buffer[separator.upperBound..<(separator.upperBound + length)]
            if let message = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] { messages.append(message) }
            buffer = Data(buffer[(separator.upperBound + length)...])
        }
        return messages
    }
}
