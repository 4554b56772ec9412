import AASALintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `aasalint mcp`: a Model Context Protocol server over standard input and output (one JSON-RPC
/// message per line) whose tools are the commands an agent needs when it edits a site's or an
/// app's deep-link setup: `lint`, `match`, `explain_order`, `diff`, and `fetch` when the user
/// allowed it. The tools run the same sessions as the commands and answer with their JSON
/// reports.
///
/// Files are read only inside the workspace roots: the roots the client gives (`roots/list`),
/// else the folder the server started in. A call that names a file elsewhere, or that is
/// malformed or too large, is answered with a JSON-RPC error; the server goes on serving.
/// Messages are handled one at a time, in order.
package final class MCPServer: @unchecked Sendable {
    /// The protocol revisions of the `initialize` handshake that this server speaks; it answers a
    /// client that asks for another with the newest.
    static let protocolVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    /// Tool calls held while the client's roots are asked for, at most.
    static let maximumHeldCalls = 64

    private enum Phase {
        case starting
        case running
    }

    private let input: Int32
    private let writer: JSONRPCWriter
    private var tools: MCPTools
    private var phase = Phase.starting
    private var clientListsRoots = false
    /// The id of the `roots/list` request the client has not answered yet.
    private var pendingRootsRequest: String?
    private var rootsRequestCount = 0
    /// Tool calls that arrived while the roots were asked for: they run once the roots are known.
    private var heldCalls: [JSONRPCMessage] = []

    /// `root` is the workspace until the client gives its roots.
    package init(rules: [any Rule.Type], allowsFetch: Bool, root: String,
                input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        self.input = input
        writer = JSONRPCWriter(descriptor: output, framing: .lines)
        tools = try MCPTools(rules: rules, allowsFetch: allowsFetch, roots: MCPRoots(paths: [root]))
    }

    /// Serves until the input ends: exit status 0.
    package func run() -> Int32 {
        var reader = MCPLineReader(descriptor: input)
        while true {
            switch reader.next() {
            case .end:
                return 0
            case .tooLong(let length):
                writer.respond(to: .null, error: .invalidRequest(
                    "the message is \(length) bytes, over the limit of \(MCPLineReader.maximumLineLength); it was skipped"))
            case .message(let line):
                handle(line)
            }
        }
    }

    private func handle(_ line: [UInt8]) {
        let message: JSONRPCMessage
        switch JSONRPCMessage.parse(line) {
        case .failure(let id, let error):
            writer.respond(to: id, error: error)
            return
        case .response(let id, let result):
            receiveRoots(id: id, result: result)
            return
        case .message(let parsed):
            message = parsed
        }
        guard let id = message.id else {
            receive(message)
            return
        }
        if phase == .running, message.method == "tools/call", pendingRootsRequest != nil {
            guard heldCalls.count < Self.maximumHeldCalls else {
                writer.respond(to: id, error: JSONRPCError(code: -32603, message: "the client has not answered roots/list, and \(Self.maximumHeldCalls) tool calls wait for it"))
                return
            }
            heldCalls.append(message)
            return
        }
        switch answer(message) {
        case .success(let result): writer.respond(to: id, result: result)
        case .failure(let error): writer.respond(to: id, error: error)
        }
    }

    private func answer(_ request: JSONRPCMessage) -> Result<JSONWriter.Value, JSONRPCError> {
        switch (phase, request.method) {
        case (_, "ping"):
            return .success(.object([]))
        case (.starting, "initialize"):
            return .success(initialize(request))
        case (.starting, _):
            return .failure(.serverNotInitialized)
        case (.running, "initialize"):
            return .failure(.invalidRequest("the server is already initialized"))
        case (.running, "tools/list"):
            return .success(.object([("tools", .array(tools.descriptions))]))
        case (.running, "tools/call"):
            guard let name = request.string("name") else { return .failure(.invalidParams("tools/call needs the tool's name")) }
            let arguments = request.node("arguments")
            if let arguments, arguments.members == nil {
                return .failure(.invalidParams("the arguments of \(name) must be a JSON object, not a JSON \(arguments.typeName)"))
            }
            return tools.call(name, arguments: arguments)
        case (.running, _):
            return .failure(.methodNotFound(request.method, server: "MCP server"))
        }
    }

    private func initialize(_ request: JSONRPCMessage) -> JSONWriter.Value {
        phase = .running
        clientListsRoots = request.node("capabilities", "roots") != nil
        let asked = request.string("protocolVersion")
        let version = asked.flatMap { Self.protocolVersions.contains($0) ? $0 : nil } ?? Self.protocolVersions.last!
        return .object([
            ("protocolVersion", .string(version)),
            ("capabilities", .object([("tools", .object([("listChanged", .bool(false))]))])),
            ("serverInfo", .object([("name", .string("aasalint")), ("version", .string(AASALintVersion.current))])),
            ("instructions", .string(MCPTools.instructions)),
        ])
    }

    private func receive(_ notification: JSONRPCMessage) {
        switch notification.method {
        case "notifications/initialized", "notifications/roots/list_changed":
            if phase == .running, clientListsRoots { askForRoots() }
        default:
            break  // cancellations and progress: each call is answered in turn
        }
    }

    private func askForRoots() {
        rootsRequestCount += 1
        let id = "roots-\(rootsRequestCount)"
        pendingRootsRequest = id
        writer.request("roots/list", id: id, .object([]))
    }

    /// The client's roots replace the folder the server started in; its `file:` URIs only, and
    /// only when it lists some. Then the calls held for them run.
    private func receiveRoots(id: JSONWriter.Value, result: PositionedValue?) {
        guard case .string(let text) = id, text == pendingRootsRequest else { return }
        pendingRootsRequest = nil
        let paths = result?.member("roots")?.value.elements?.compactMap { root in
            root.member("uri")?.value.stringValue.flatMap(LSPDocumentURI.path(ofURI:))
        } ?? []
        if !paths.isEmpty { tools.roots = MCPRoots(paths: paths) }
        let held = heldCalls
        heldCalls = []
        for call in held {
            guard let id = call.id else { continue }
            switch answer(call) {
            case .success(let result): writer.respond(to: id, result: result)
            case .failure(let error): writer.respond(to: id, error: error)
            }
        }
    }
}
