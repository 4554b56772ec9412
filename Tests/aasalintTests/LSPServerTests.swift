import Foundation
import Testing

/// `aasalint lsp` driven over its standard input as an editor drives it: framing, the lifecycle,
/// errors, diagnostics in UTF-16 positions, the configuration, and hovers. (Tests/lsp drives it
/// with a real LSP client in CI.)
@Suite struct LSPServerTests {
    /// A sample team ID on line 2; on line 4 a non-ASCII pattern after a non-BMP character; an
    /// exclusion that the rule before it shadows. Lines end in CR LF.
    static let brokenAASA = [
        #"{"applinks": {"details": [{"#,
        #"  "appIDs": ["ABCDE12345.com.example.app"],"#,
        #"  "components": ["#,
        #"    {"/": "/shop/*", "comment": "🛍"}, {"/": "/😀"},"#,
        #"    {"/": "/shop/gift", "exclude": true}"#,
        #"  ]"#,
        #"}]}}"#,
    ].joined(separator: "\r\n") + "\r\n"

    /// One session: the messages in order, then the end of the input.
    struct Session {
        let workspace: TemporaryFolder
        var messages: [[String: Any]] = []
        private var nextID = 1

        init() throws {
            workspace = try TemporaryFolder("lsp")
            // The configuration is looked for up to the repository's root, and no further.
            try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        }

        func uri(_ path: String) -> String { workspace.url.appendingPathComponent(path).absoluteString }

        @discardableResult
        mutating func request(_ method: String, _ params: [String: Any] = [:]) -> Int {
            defer { nextID += 1 }
            messages.append(["jsonrpc": "2.0", "id": nextID, "method": method, "params": params])
            return nextID
        }

        mutating func notify(_ method: String, _ params: [String: Any] = [:]) {
            messages.append(["jsonrpc": "2.0", "method": method, "params": params])
        }

        /// A debounce of a minute never fires in a session: changes are then linted only when
        /// something else (a save) asks.
        mutating func initialize(debounceMilliseconds: Int = 0) {
            request("initialize", ["rootUri": workspace.url.absoluteString, "capabilities": [:] as [String: Any],
                                   "initializationOptions": ["debounceMilliseconds": debounceMilliseconds]])
            notify("initialized")
        }

        mutating func open(_ path: String, _ text: String, version: Int = 1) {
            notify("textDocument/didOpen", ["textDocument": ["uri": uri(path), "languageId": "json", "version": version, "text": text]])
        }

        mutating func shutDownAndExit() {
            request("shutdown")
            notify("exit")
        }

        func run(prefix: Data = Data()) throws -> (replies: [[String: Any]], status: Int32) {
            var input = prefix
            for message in messages { input += Self.frame(try JSONSerialization.data(withJSONObject: message)) }
            let run = try BinaryRunner.run(["lsp"], standardInput: input, workingDirectory: workspace.url)
            #expect(!run.endedBySignal, "\(run.standardError)")
            return (try Self.replies(in: Data(run.standardOutput.utf8)), run.status)
        }

        static func frame(_ body: Data) -> Data {
            Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }

        /// The messages of the server's output, which must all be framed.
        static func replies(in output: Data) throws -> [[String: Any]] {
            var replies: [[String: Any]] = []
            var rest = output[...]
            while !rest.isEmpty {
                let separator = try #require(rest.range(of: Data("\r\n\r\n".utf8)))
                let header = String(decoding: rest[..<separator.lowerBound], as: UTF8.self)
                let value = header.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                let length = try #require(Int(value))
                #expect(header.hasPrefix("Content-Length: "))
                let body = rest[separator.upperBound..<(separator.upperBound + length)]
                replies.append(try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]))
                rest = rest[(separator.upperBound + length)...]
            }
            return replies
        }
    }

    static func reply(to id: Int, in replies: [[String: Any]]) -> [String: Any]? {
        replies.first { ($0["id"] as? Int) == id }
    }

    static func errorCode(of id: Int, in replies: [[String: Any]]) -> Int? {
        (reply(to: id, in: replies)?["error"] as? [String: Any])?["code"] as? Int
    }

    static func published(_ uri: String, in replies: [[String: Any]]) -> [[[String: Any]]] {
        replies.compactMap { reply in
            guard reply["method"] as? String == "textDocument/publishDiagnostics", let params = reply["params"] as? [String: Any],
                  params["uri"] as? String == uri else { return nil }
            return params["diagnostics"] as? [[String: Any]]
        }
    }

    /// `[start line, start character, end line, end character]`.
    static func range(_ diagnostic: [String: Any]) -> [Int] {
        let range = diagnostic["range"] as? [String: [String: Int]] ?? [:]
        return [range["start"]?["line"], range["start"]?["character"], range["end"]?["line"], range["end"]?["character"]].map { $0 ?? -1 }
    }

    @Test func exitsWithZeroOnlyAfterShutdown() throws {
        var session = try Session()
        session.initialize()
        let shutdown = session.request("shutdown")
        let late = session.request("textDocument/hover", ["textDocument": ["uri": session.uri("a")], "position": ["line": 0, "character": 0]])
        session.notify("exit")
        let (replies, status) = try session.run()
        #expect(status == 0)
        let capabilities = try #require(Self.reply(to: 1, in: replies)?["result"] as? [String: Any])["capabilities"] as? [String: Any]
        #expect((capabilities?["textDocumentSync"] as? [String: Any])?["change"] as? Int == 1)
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        #expect(Self.reply(to: shutdown, in: replies)?.keys.contains("result") == true)
        #expect(Self.errorCode(of: late, in: replies) == -32600)

        var abrupt = try Session()
        abrupt.initialize()
        abrupt.notify("exit")
        #expect(try abrupt.run().status == 1)

        var closed = try Session()
        closed.initialize()
        #expect(try closed.run().status == 1)
    }

    @Test func answersMalformedAndUnknownMessagesWithJSONRPCErrors() throws {
        var session = try Session()
        let early = session.request("textDocument/hover")
        session.initialize()
        let unknown = session.request("workspace/symbol", ["query": ""])
        session.notify("$/cancelRequest", ["id": 1])
        session.notify("workspace/unknownNotification")
        session.shutDownAndExit()
        // A header block with a line the server refuses: its body is skipped.
        let garbage = Data("Content-Type: text/plain\r\nnot a header\r\nContent-Length: 2\r\n\r\n{}".utf8)
            + Session.frame(Data("{not json".utf8)) + Session.frame(Data("[1, 2]".utf8))
        let (replies, status) = try session.run(prefix: garbage)
        #expect(status == 0)
        let errors = replies.compactMap { $0["error"] as? [String: Any] }
        let codes: [Int?] = errors.prefix(3).map { $0["code"] as? Int }
        #expect(codes == [-32700, -32700, -32600])
        #expect(Self.errorCode(of: early, in: replies) == -32002)
        #expect(Self.errorCode(of: unknown, in: replies) == -32601)
        // 3 errors, then the answers to early, initialize, unknown and shutdown: notifications get none.
        #expect(replies.count == 7)
    }

    @Test func aBodyOverTheLimitIsRefusedWithoutWaitingForIt() throws {
        var session = try Session()
        session.initialize()
        let oversized = Data("Content-Length: 99999999999\r\n\r\n{}".utf8)
        var input = Data()
        for message in session.messages { input += Session.frame(try JSONSerialization.data(withJSONObject: message)) }
        let run = try BinaryRunner.run(["lsp"], standardInput: input + oversized, workingDirectory: session.workspace.url)
        let replies = try Session.replies(in: Data(run.standardOutput.utf8))
        #expect(run.status == 1)
        #expect(((replies.last?["error"] as? [String: Any])?["message"] as? String)?.contains("over the limit") == true)
    }

    @Test func publishesDiagnosticsInUTF16PositionsWithRulesAndRelatedLocations() throws {
        var session = try Session()
        session.initialize()
        session.open("site/apple-app-site-association", Self.brokenAASA)
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let diagnostics = try #require(Self.published(session.uri("site/apple-app-site-association"), in: replies).first)
        let byRule = Dictionary(diagnostics.map { ($0["code"] as? String ?? "", $0) }) { first, _ in first }
        #expect(Set(byRule.keys) == ["invalid-app-id", "non-ascii-pattern", "exclude-shadowed"])
        #expect(Self.range(try #require(byRule["invalid-app-id"])) == [1, 13, 1, 41])
        // "🛍" and "😀" are two UTF-16 code units each: the finding is on "😀", at characters 47 and 48.
        #expect(Self.range(try #require(byRule["non-ascii-pattern"])) == [3, 47, 3, 49])
        let shadowed = try #require(byRule["exclude-shadowed"])
        #expect(Self.range(shadowed) == [4, 4, 4, 40])
        #expect(shadowed["severity"] as? Int == 1)
        #expect(shadowed["source"] as? String == "aasalint")
        #expect((shadowed["codeDescription"] as? [String: String])?["href"]?.hasSuffix("docs/rules.md#exclude-shadowed") == true)
        let related = try #require((shadowed["relatedInformation"] as? [[String: Any]])?.first)
        #expect(Self.range(related["location"] as? [String: Any] ?? [:]) == [3, 4, 3, 37])
    }

    /// Where the order analysis stops short is a line in the client's log, not a diagnostic.
    @Test func anAnalysisLimitGoesToTheLogNotOnAComponent() throws {
        var session = try Session()
        session.initialize()
        session.open("site/apple-app-site-association", #"{"applinks": {"details": [{"appIDs": ["W7JAY4CE8X.com.example.app"], "components": [{"/": "*a?????????????*"}, {"/": "/b/*"}]}]}}"#)
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let diagnostics = try #require(Self.published(session.uri("site/apple-app-site-association"), in: replies).first)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let logged = replies.filter { $0["method"] as? String == "window/logMessage" }.compactMap { ($0["params"] as? [String: Any])?["message"] as? String }
        #expect(logged.contains { $0.contains("the component-order analysis is incomplete in 1 place of ") }, "\(logged)")
    }

    @Test func fixesAreCodeActionsWithEditsInUTF16() throws {
        var session = try Session()
        session.initialize()
        let misspelt = Self.brokenAASA.replacingOccurrences(of: #""appIDs""#, with: #""appIds""#)
        session.open("apple-app-site-association", misspelt)
        let whole = ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]]
        let quickFixes = session.request("textDocument/codeAction", ["textDocument": ["uri": session.uri("apple-app-site-association")],
                                                                      "range": whole, "context": ["diagnostics": [], "only": ["quickfix"]]])
        let fixAll = session.request("textDocument/codeAction", ["textDocument": ["uri": session.uri("apple-app-site-association")],
                                                                  "range": whole, "context": ["diagnostics": [], "only": ["source.fixAll"]]])
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let actions = try #require(Self.reply(to: quickFixes, in: replies)?["result"] as? [[String: Any]])
        let titles = actions.compactMap { $0["title"] as? String }
        #expect(titles.contains(#"rename "appIds" to "appIDs""#))
        #expect(actions.allSatisfy { $0["kind"] as? String == "quickfix" })
        let edit = try #require(actions.first { ($0["title"] as? String)?.hasPrefix("rename") == true }?["edit"] as? [String: Any])
        let changes = try #require((edit["changes"] as? [String: [[String: Any]]])?[session.uri("apple-app-site-association")])
        #expect(changes.map { Self.range($0) } == [[1, 2, 1, 10]])
        #expect(changes.first?["newText"] as? String == #""appIDs""#)

        let all = try #require(Self.reply(to: fixAll, in: replies)?["result"] as? [[String: Any]])
        #expect(all.map { $0["kind"] as? String } == ["source.fixAll.aasalint"])
        let replaced = try #require(((all.first?["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?.values.first?.first)
        #expect(Self.range(replaced) == [0, 0, 7, 0])
        let fixed = try #require(replaced["newText"] as? String)
        #expect(fixed.contains(#""appIDs""#) && !fixed.contains(#""appIds""#))
        #expect(fixed.contains("\r\n") && fixed.contains("🛍"), "the fixes keep the rest of the text")
    }

    @Test func entitlementsAreLintedAndOtherFilesAreNot() throws {
        var session = try Session()
        session.initialize()
        session.open("App/App.entitlements", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.associated-domains</key>
            \t<array><string>applink:example.com</string></array>
            </dict>
            </plist>

            """)
        session.open("package.json", Self.brokenAASA)
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let entitlements = try #require(Self.published(session.uri("App/App.entitlements"), in: replies).first)
        #expect(entitlements.map { $0["code"] as? String } == ["invalid-associated-domain"])
        #expect(Self.range(try #require(entitlements.first)) == [4, 16, 4, 35])
        #expect(Self.published(session.uri("package.json"), in: replies).map(\.count) == [0])
    }

    /// An open document is classified as the folder walk classifies it: `index.json` in
    /// `.well-known/apple-app-site-association/` is an AASA file in the wrong place; another
    /// `index.json` is not linted.
    @Test func anAASAFileInAFolderOfItsNameIsLintedAndOtherIndexFilesAreNot() throws {
        var session = try Session()
        session.initialize()
        let misplaced = "web/.well-known/apple-app-site-association/index.json"
        session.open(misplaced, HostileInputTests.cleanAASA)
        session.open("web/api/index.json", Self.brokenAASA)
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let diagnostics = try #require(Self.published(session.uri(misplaced), in: replies).first)
        #expect(diagnostics.map { $0["code"] as? String } == ["misplaced-aasa"])
        #expect((diagnostics.first?["message"] as? String)?.contains("replace the folder .well-known/apple-app-site-association with the file") == true)
        #expect(Self.published(session.uri("web/api/index.json"), in: replies).map(\.count) == [0])
    }

    /// The lint of a change waits for the debounce time; closing the document cancels it and
    /// clears the document's diagnostics. (A debounce of a minute never fires in this session,
    /// so no timing decides the outcome.)
    @Test func closingADocumentCancelsItsPendingLintAndClearsIt() throws {
        var session = try Session()
        session.initialize(debounceMilliseconds: 60_000)
        let uri = session.uri("apple-app-site-association")
        session.open("apple-app-site-association", Self.brokenAASA)
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": HostileInputTests.cleanAASA]]])
        session.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        session.shutDownAndExit()
        let (replies, status) = try session.run()
        #expect(status == 0)
        let publications = replies.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.compactMap { $0["params"] as? [String: Any] }
        #expect(publications.map { $0["version"] as? Int } == [1, nil], "the open is linted at once; the change never: \(publications)")
        #expect(publications.map { ($0["diagnostics"] as? [Any])?.count ?? -1 } == [3, 0])
    }

    /// A change replaces the whole text (full synchronisation), and what is linted next is the
    /// changed text with its version; saving lints the open documents at once.
    @Test func aChangeIsLintedWithItsTextAndVersion() throws {
        var session = try Session()
        session.initialize(debounceMilliseconds: 60_000)
        let uri = session.uri("apple-app-site-association")
        session.open("apple-app-site-association", HostileInputTests.cleanAASA)
        session.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 7], "contentChanges": [["text": Self.brokenAASA]]])
        session.notify("textDocument/didSave", ["textDocument": ["uri": uri]])
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let publications = replies.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.compactMap { $0["params"] as? [String: Any] }
        #expect(publications.map { $0["version"] as? Int } == [1, 7])
        #expect(publications.map { ($0["diagnostics"] as? [Any])?.count ?? -1 } == [0, 3])
    }

    /// A client that can watch files is asked to report changes to configurations on disk;
    /// one that cannot is not sent a request it would refuse.
    @Test(arguments: [true, false])
    func configurationFilesAreWatchedWhenTheClientCan(canRegister: Bool) throws {
        var session = try Session()
        let capabilities: [String: Any] = canRegister ? ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]] : [:]
        session.request("initialize", ["rootUri": session.workspace.url.absoluteString, "capabilities": capabilities])
        session.notify("initialized")
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let registrations = replies.filter { $0["method"] as? String == "client/registerCapability" }
        #expect(registrations.count == (canRegister ? 1 : 0))
        guard canRegister else { return }
        let registration = try #require(((registrations.first?["params"] as? [String: Any])?["registrations"] as? [[String: Any]])?.first)
        #expect(registration["method"] as? String == "workspace/didChangeWatchedFiles")
        let watchers = (registration["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]]
        #expect(watchers?.compactMap { $0["globPattern"] as? String } == ["**/.aasalint.yml"])
    }

    @Test func theConfigurationAppliesAndItsMistakesAreDiagnosticsOnIt() throws {
        var session = try Session()
        try session.workspace.write(".aasalint.yml", "rules:\n  invalid-app-id: off\n")
        session.initialize()
        session.open("apple-app-site-association", Self.brokenAASA)
        session.open(".aasalint.yml", "rules:\n  invalid-app-id: off\n  no-such-rule: warning\n")
        // Saving the file in the editor re-reads the configuration and lints the open files again.
        session.notify("textDocument/didSave", ["textDocument": ["uri": session.uri(".aasalint.yml")]])
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let aasa = Self.published(session.uri("apple-app-site-association"), in: replies)
        #expect(aasa.first?.compactMap { $0["code"] as? String }.contains("invalid-app-id") == false)
        #expect(aasa.last?.compactMap { $0["code"] as? String }.contains("invalid-app-id") == true,
                "the broken configuration is set aside: the defaults apply")
        let mistakes = try #require(Self.published(session.uri(".aasalint.yml"), in: replies).last)
        #expect(mistakes.count == 1)
        #expect(Self.range(try #require(mistakes.first)).prefix(2) == [2, 2])
        #expect((mistakes.first?["message"] as? String)?.contains("no-such-rule") == true)
    }

    @Test func hoverShowsWhatTheOrderAnalysisFoundAboutAComponent() throws {
        var session = try Session()
        session.initialize()
        session.open("apple-app-site-association", Self.brokenAASA)
        let hover = session.request("textDocument/hover", ["textDocument": ["uri": session.uri("apple-app-site-association")],
                                                           "position": ["line": 4, "character": 30]])
        let outside = session.request("textDocument/hover", ["textDocument": ["uri": session.uri("apple-app-site-association")],
                                                             "position": ["line": 1, "character": 5]])
        session.shutDownAndExit()
        let (replies, _) = try session.run()
        let result = try #require(Self.reply(to: hover, in: replies)?["result"] as? [String: Any])
        let contents = try #require(result["contents"] as? [String: String])
        #expect(contents["kind"] == "markdown")
        #expect(contents["value"]?.contains("component 3 of details entry `/applinks/details/0`") == true)
        #expect(contents["value"]?.contains("**Shadowed:** component 1 (line 4) decides `https://example.com/shop/gift/`") == true)
        #expect(Self.range(result) == [4, 4, 4, 40])
        #expect(Self.reply(to: outside, in: replies)?["result"] is NSNull)
    }
}
