import AASALintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `aasalint lsp`: a Language Server over standard input and output. It publishes the findings
/// of open AASA files, entitlements and `.aasalint.yml`, offers their fixes as code actions,
/// and explains components on hover.
///
/// Messages are read on the calling thread and handled one at a time on `queue`, where the
/// debounced lints run too, so the state needs no other lock.
package final class LanguageServer: @unchecked Sendable {
    package static let defaultDebounceMilliseconds = 200

    private enum Phase {
        case starting
        case running
        case shuttingDown
    }

    private let input: Int32
    private let writer: JSONRPCWriter
    private let queue = DispatchQueue(label: "aasalint.lsp")
    private var workspace: LSPWorkspace
    private var phase = Phase.starting
    private var debounce = DispatchTimeInterval.milliseconds(LanguageServer.defaultDebounceMilliseconds)
    private var watchesFiles = false
    /// While documents are open and the client cannot watch files: looks for configuration changes on disk.
    private var configurationPoll: DispatchSourceTimer?
    private var pendingLints: [String: DispatchWorkItem] = [:]
    private var hovers: [String: (version: Int, hover: ComponentHover?)] = [:]

    package init(rules: [any Rule.Type], input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        self.input = input
        writer = JSONRPCWriter(descriptor: output)
        workspace = try LSPWorkspace(rules: rules)
    }

    deinit {
        configurationPoll?.cancel()
    }

    /// Serves until `exit`, the end of the input or a message it cannot frame: exit status 0
    /// after `shutdown`, else 1.
    package func run() -> Int32 {
        var reader = LSPMessageReader(descriptor: input)
        while true {
            switch reader.next() {
            case .end:
                return queue.sync { phase == .shuttingDown ? 0 : 1 }
            case .malformed(let reason):
                writer.respond(to: .null, error: .parseError(reason))
            case .unframed(let reason):
                // Anything read after this could be the body of the message: the editor starts a new server.
                writer.respond(to: .null, error: .parseError("\(reason): the server cannot tell where the next message starts, and stops"))
                return 1
            case .message(let body):
                if let status = queue.sync(execute: { handle(body) }) { return status }
            }
        }
    }

    /// Handles one message; the exit status once the client said `exit`.
    private func handle(_ body: [UInt8]) -> Int32? {
        let message: JSONRPCMessage
        switch JSONRPCMessage.parse(body) {
        case .failure(let id, let error):
            writer.respond(to: id, error: error)
            return nil
        case .response:
            return nil
        case .message(let parsed):
            message = parsed
        }
        if message.method == "exit" { return phase == .shuttingDown ? 0 : 1 }
        if let id = message.id {
            switch answer(message) {
            case .success(let result): writer.respond(to: id, result: result)
            case .failure(let error): writer.respond(to: id, error: error)
            }
        } else if phase == .running {
            receive(message)
        }
        return nil
    }

    // MARK: - Requests

    private func answer(_ request: JSONRPCMessage) -> Result<JSONWriter.Value, JSONRPCError> {
        switch (phase, request.method) {
        case (.starting, "initialize"):
            return .success(initialize(request))
        case (.starting, _):
            return .failure(.serverNotInitialized)
        case (.shuttingDown, _):
            return .failure(.shutDown)
        case (.running, "initialize"):
            return .failure(.invalidRequest("the server is already initialized"))
        case (.running, "shutdown"):
            phase = .shuttingDown
            pendingLints.values.forEach { $0.cancel() }
            pendingLints = [:]
            pollConfigurationsIfNeeded()
            return .success(.null)
        case (.running, "textDocument/hover"):
            return hover(request)
        case (.running, "textDocument/codeAction"):
            return codeActions(request)
        case (.running, _):
            return .failure(.methodNotFound(request.method))
        }
    }

    private func initialize(_ request: JSONRPCMessage) -> JSONWriter.Value {
        phase = .running
        let root = request.string("rootUri") ?? request.node("workspaceFolders")?.elements?.first?.node(at: JSONPointer(tokens: ["uri"]))?.stringValue
        workspace.rootPath = root.flatMap(LSPDocumentURI.path(ofURI:)) ?? request.string("rootPath")
        if case .number(let text)? = request.node("initializationOptions", "debounceMilliseconds")?.value,
           let milliseconds = Int(text), milliseconds >= 0 {
            debounce = .milliseconds(min(milliseconds, 60_000))
        }
        watchesFiles = request.node("capabilities", "workspace", "didChangeWatchedFiles", "dynamicRegistration")?.boolValue == true
        let capabilities: JSONWriter.Value = .object([
            ("textDocumentSync", .object([
                ("openClose", .bool(true)),
                ("change", .integer(1)),  // full: each change sends the whole text
                ("save", .object([("includeText", .bool(false))])),
            ])),
            ("hoverProvider", .bool(true)),
            ("codeActionProvider", .object([
                ("codeActionKinds", .array([.string(LSPCodeActions.quickFixKind), .string(LSPCodeActions.fixAllKind)])),
            ])),
        ])
        return .object([
            ("capabilities", capabilities),
            ("serverInfo", .object([("name", .string("aasalint")), ("version", .string(AASALintVersion.current))])),
        ])
    }

    private func hover(_ request: JSONRPCMessage) -> Result<JSONWriter.Value, JSONRPCError> {
        guard let uri = request.string("textDocument", "uri"), let line = request.integer("position", "line"),
              let character = request.integer("position", "character") else {
            return .failure(.invalidParams("textDocument/hover needs textDocument.uri and position"))
        }
        guard let document = workspace.documents[uri] else { return .success(.null) }
        let hover: ComponentHover?
        if let known = hovers[uri], known.version == document.version {
            hover = known.hover
        } else {
            hover = workspace.aasaFile(of: document).flatMap { ComponentHover(file: $0.file, host: $0.host) }
            hovers[uri] = (document.version, hover)
        }
        guard let hover else { return .success(.null) }
        let positions = LSPPositions(lines: hover.file.lines)
        guard let found = hover.hover(at: positions.offset(line: line, character: character)) else { return .success(.null) }
        return .success(.object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(found.markdown))])),
            ("range", positions.range(hover.file.lines.range(ofOffsets: found.span))),
        ]))
    }

    private func codeActions(_ request: JSONRPCMessage) -> Result<JSONWriter.Value, JSONRPCError> {
        guard let uri = request.string("textDocument", "uri"), let startLine = request.integer("range", "start", "line"),
              let startCharacter = request.integer("range", "start", "character"), let endLine = request.integer("range", "end", "line"),
              let endCharacter = request.integer("range", "end", "character") else {
            return .failure(.invalidParams("textDocument/codeAction needs textDocument.uri and range"))
        }
        guard let document = workspace.documents[uri], let findings = workspace.findings(of: document) else { return .success(.array([])) }
        let only = request.node("context", "only")?.elements?.compactMap(\.stringValue)
        let actions = LSPCodeActions(uri: uri, findings: findings)
        var found: [JSONWriter.Value] = []
        if LSPCodeActions.wants(LSPCodeActions.quickFixKind, only) {
            let positions = LSPPositions(lines: findings.lines)
            let start = positions.offset(line: startLine, character: startCharacter)
            found += actions.quickFixes(touching: start...max(start, positions.offset(line: endLine, character: endCharacter)))
        }
        if LSPCodeActions.wants(LSPCodeActions.fixAllKind, only), let fixed = workspace.fixingAll(document) {
            found.append(actions.fixAll(fixed))
        }
        return .success(.array(found))
    }

    // MARK: - Notifications

    private func receive(_ notification: JSONRPCMessage) {
        switch notification.method {
        case "initialized":
            if watchesFiles { watchConfigurationFiles() }
        case "textDocument/didOpen":
            guard let uri = notification.string("textDocument", "uri"), let text = notification.string("textDocument", "text") else { return }
            workspace.open(OpenDocument(uri: uri, path: LSPDocumentURI.path(ofURI: uri),
                                        version: notification.integer("textDocument", "version") ?? 0, bytes: Array(text.utf8)))
            lint(documentAt: uri, configurationChanged: workspace.documents[uri]?.isConfiguration == true)
            pollConfigurationsIfNeeded()
        case "textDocument/didChange":
            guard let uri = notification.string("textDocument", "uri"), let previous = workspace.documents[uri],
                  let text = notification.node("contentChanges")?.elements?.last?.member("text")?.value.stringValue else { return }
            workspace.open(OpenDocument(uri: uri, path: previous.path,
                                        version: notification.integer("textDocument", "version") ?? Self.version(after: previous.version),
                                        bytes: Array(text.utf8)))
            hovers[uri] = nil  // versions need not increase: an editor may repeat one
            scheduleLint(of: previous.isConfiguration ? nil : uri)
        case "textDocument/didSave":
            // A saved file may be one that the configuration names for a cross-check of another.
            workspace.forgetConfigurations()
            lintAll()
        case "textDocument/didClose":
            guard let uri = notification.string("textDocument", "uri") else { return }
            pendingLints.removeValue(forKey: uri)?.cancel()
            hovers[uri] = nil
            let wasConfiguration = workspace.documents[uri]?.isConfiguration == true
            workspace.close(uri)
            publish([], for: uri)
            if wasConfiguration { lintAll() }
            pollConfigurationsIfNeeded()
        case "workspace/didChangeWatchedFiles", "workspace/didChangeConfiguration":
            workspace.forgetConfigurations()
            lintAll()
        default:
            break  // $/cancelRequest, $/setTrace and notifications the server has no use for
        }
    }

    /// The version of a change that names none: the next one, or the last there is once an
    /// editor has sent `Int.max`.
    private static func version(after previous: Int) -> Int {
        previous == Int.max ? previous : previous + 1
    }

    /// Asks a client that can to say when a configuration changes on disk (a `git checkout`, another editor).
    private func watchConfigurationFiles() {
        writer.request("client/registerCapability", id: "aasalint-watch-configuration", .object([
            ("registrations", .array([.object([
                ("id", .string("aasalint-configuration")),
                ("method", .string("workspace/didChangeWatchedFiles")),
                ("registerOptions", .object([("watchers", .array([.object([("globPattern", .string("**/\(ConfigurationLoader.fileName)"))])]))])),
            ])])),
        ]))
    }

    /// A client that cannot register for `workspace/didChangeWatchedFiles` never says that a
    /// configuration changed on disk (a `git checkout`, another editor), so while documents are
    /// open the server looks itself, once a second, at the version of each configuration that
    /// applies to them: a timer on the server's queue, a few `stat` calls a second, no busy wait.
    private func pollConfigurationsIfNeeded() {
        let wanted = phase == .running && !watchesFiles && !workspace.documents.isEmpty
        if wanted, configurationPoll == nil {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .seconds(1), repeating: .seconds(1), leeway: .milliseconds(250))
            timer.setEventHandler { [weak self] in
                guard let self, workspace.configurationChangedOnDisk() else { return }
                workspace.forgetConfigurations()
                lintAll()
            }
            timer.resume()
            configurationPoll = timer
        } else if !wanted, let timer = configurationPoll {
            timer.cancel()
            configurationPoll = nil
        }
    }

    // MARK: - Diagnostics

    /// Lints `uri` (or, for nil, every open document: a configuration changed) after the
    /// debounce time, unless another change comes first.
    private func scheduleLint(of uri: String?) {
        let key = uri ?? ""
        pendingLints.removeValue(forKey: key)?.cancel()
        let work = DispatchWorkItem { [unowned self] in
            pendingLints[key] = nil
            if let uri { lint(documentAt: uri, configurationChanged: false) } else { lint(documentAt: nil, configurationChanged: true) }
        }
        pendingLints[key] = work
        queue.asyncAfter(deadline: .now() + debounce, execute: work)
    }

    private func lint(documentAt uri: String?, configurationChanged: Bool) {
        if configurationChanged {
            workspace.forgetConfigurations()
            lintAll()
        } else if let uri, let document = workspace.documents[uri] {
            publish(workspace.diagnostics(of: document), for: uri, version: document.version)
            if let notice = workspace.findings(of: document)?.analysisLimitNotice {
                // MessageType 4 is Log: the client's output channel, not a pop-up.
                writer.notify("window/logMessage", .object([("type", .integer(4)), ("message", .string("aasalint: note: " + notice))]))
            }
        }
    }

    private func lintAll() {
        for uri in workspace.documents.keys.sorted() {
            pendingLints.removeValue(forKey: uri)?.cancel()
            lint(documentAt: uri, configurationChanged: false)
        }
    }

    private func publish(_ diagnostics: [JSONWriter.Value], for uri: String, version: Int? = nil) {
        var params: [(key: String, value: JSONWriter.Value)] = [("uri", .string(uri))]
        if let version { params.append(("version", .integer(version))) }
        params.append(("diagnostics", .array(diagnostics)))
        writer.notify("textDocument/publishDiagnostics", .object(params))
    }
}
