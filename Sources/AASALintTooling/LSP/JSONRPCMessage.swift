import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One JSON-RPC 2.0 request or notification, as LSP and MCP clients send them.
struct JSONRPCMessage {
    /// The request's id as sent (a number keeps its text); nil for a notification.
    let id: JSONWriter.Value?
    let method: String
    let params: PositionedValue?

    /// The message in `body`, or the error to answer it with (with the request's id when it has one).
    static func parse(_ body: [UInt8]) -> Parsed {
        let root: PositionedValue
        do {
            root = try JSONParser.parse(body, maximumDepth: 64)
        } catch {
            return .failure(id: .null, error: .parseError("the message is not JSON: \(error.message)"))
        }
        guard root.members != nil else {
            return .failure(id: .null, error: .invalidRequest("a JSON-RPC message is an object, not \(root.typeName == "array" ? "an array (batches are not part of LSP)" : "a \(root.typeName)")"))
        }
        let id: JSONWriter.Value?
        switch root.member("id")?.value.value {
        case nil: id = nil
        case .number(let text)?: id = .number(text)
        case .string(let text)?: id = .string(text)
        default: return .failure(id: .null, error: .invalidRequest("a request id is a number or a string"))
        }
        guard let method = root.member("method")?.value.stringValue else {
            // A response to a request of the server's (client/registerCapability, roots/list): nothing to answer.
            if let id, root.member("result") != nil || root.member("error") != nil {
                return .response(id: id, result: root.member("result")?.value)
            }
            return .failure(id: id ?? .null, error: .invalidRequest("the message has no method"))
        }
        guard root.member("jsonrpc")?.value.stringValue == "2.0" else {
            return .failure(id: id ?? .null, error: .invalidRequest("the message is not JSON-RPC 2.0 (\"jsonrpc\": \"2.0\")"))
        }
        return .message(JSONRPCMessage(id: id, method: method, params: root.member("params")?.value))
    }

    /// The string at `tokens` in the parameters.
    func string(_ tokens: String...) -> String? {
        params?.node(at: JSONPointer(tokens: tokens))?.stringValue
    }

    func integer(_ tokens: String...) -> Int? {
        guard case .number(let text)? = params?.node(at: JSONPointer(tokens: tokens))?.value else { return nil }
        return Int(text)
    }

    func node(_ tokens: String...) -> PositionedValue? {
        params?.node(at: JSONPointer(tokens: tokens))
    }
}

extension JSONRPCMessage {
    enum Parsed {
        case message(JSONRPCMessage)
        /// A response to a request of the server's, with its result (nil for an error).
        case response(id: JSONWriter.Value, result: PositionedValue?)
        /// What to answer a message that is not a request or notification with.
        case failure(id: JSONWriter.Value, error: JSONRPCError)
    }
}

/// The error codes of JSON-RPC and LSP that the server answers with.
struct JSONRPCError: Error {
    let code: Int
    let message: String

    static func parseError(_ message: String) -> JSONRPCError { JSONRPCError(code: -32700, message: message) }
    static func invalidRequest(_ message: String) -> JSONRPCError { JSONRPCError(code: -32600, message: message) }
    static func methodNotFound(_ method: String, server: String = "language server") -> JSONRPCError {
        JSONRPCError(code: -32601, message: "aasalint's \(server) does not handle \(method)")
    }
    static func invalidParams(_ message: String) -> JSONRPCError { JSONRPCError(code: -32602, message: message) }
    static let serverNotInitialized = JSONRPCError(code: -32002, message: "the server is not initialized: send initialize first")
    static let shutDown = JSONRPCError(code: -32600, message: "the server is shutting down: only exit is accepted after shutdown")
}

/// Writes framed messages to a file descriptor; one message at a time, whichever thread sends.
/// LSP frames each message with a `Content-Length` header; MCP over standard input and output
/// writes each on one line.
final class JSONRPCWriter: @unchecked Sendable {
    enum Framing {
        case contentLength
        case lines
    }

    private let descriptor: Int32
    private let framing: Framing
    private let lock = Lock()

    init(descriptor: Int32, framing: Framing = .contentLength) {
        self.descriptor = descriptor
        self.framing = framing
    }

    func respond(to id: JSONWriter.Value, result: JSONWriter.Value) {
        send([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    func respond(to id: JSONWriter.Value, error: JSONRPCError) {
        send([("jsonrpc", .string("2.0")), ("id", id), ("error", .object([("code", .integer(error.code)), ("message", .string(error.message))]))])
    }

    func notify(_ method: String, _ params: JSONWriter.Value) {
        send([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    func request(_ method: String, id: String, _ params: JSONWriter.Value) {
        send([("jsonrpc", .string("2.0")), ("id", .string(id)), ("method", .string(method)), ("params", params)])
    }

    /// A client that went away cannot be told; the server ends when its input does.
    private func send(_ members: [(key: String, value: JSONWriter.Value)]) {
        let message = switch framing {
        case .contentLength:
            JSONWriter.prettyPrinted(.object(members)).withContentLengthHeader
        case .lines:
            JSONWriter.line(.object(members))
        }
        lock.withLock {
            _ = DescriptorWriter.write(message, to: descriptor)
        }
    }
}

extension String {
    fileprivate var withContentLengthHeader: String {
        "Content-Length: \(utf8.count)\r\n\r\n" + self
    }
}
