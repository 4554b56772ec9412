import Foundation
import Testing

/// `aasalint mcp` over its standard input and output, message by message as a client writes
/// them; `Tests/mcp` drives it with the MCP Python SDK's client in `.ci/run`.
@Suite struct MCPServerTests {
    static let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#

    func serve(_ lines: [String], in workspace: TemporaryFolder, arguments: [String] = []) throws -> [[String: Any]] {
        let input = ([Self.initialize, #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#] + lines).map { $0 + "\n" }.joined()
        let run = try BinaryRunner.run(["mcp"] + arguments, standardInput: Data(input.utf8), workingDirectory: workspace.url)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(!run.endedBySignal)
        let answers = try run.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect((answers.first?["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-06-18")
        return Array(answers.dropFirst())
    }

    static func call(_ id: Int, _ tool: String, _ arguments: [String: Any]) throws -> String {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": "tools/call", "params": ["name": tool, "arguments": arguments]]
        return String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self)
    }

    static func structured(_ answer: [String: Any]) -> [String: Any]? {
        (answer["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
    }

    @Test func lintAnswersTheJSONReportOfTheSameLint() throws {
        let workspace = try TemporaryFolder("mcp")
        try workspace.write("web/apple-app-site-association", #"{"applinks": {"details": [{"appIDs": ["W7JAY4CE8.com.example.shop"], "components": []}]}}"#)
        let answers = try serve([try Self.call(1, "lint", ["path": "web"])], in: workspace)
        let report = try #require(Self.structured(answers[0]))
        let cli = try BinaryRunner.run(["lint", "--format", "json", workspace.url.appendingPathComponent("web").resolvingSymlinksInPath().path],
                                       workingDirectory: workspace.url)
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(cli.standardOutput.utf8)) as? [String: Any])
        #expect(NSDictionary(dictionary: report) == NSDictionary(dictionary: expected))
        #expect((report["diagnostics"] as? [[String: Any]])?.compactMap { $0["ruleId"] as? String } == ["invalid-app-id", "empty-components"])
    }

    /// As `match --format json`: the trace of every component tried only when asked for.
    @Test func matchWritesTheTraceWhenAsked() throws {
        let workspace = try TemporaryFolder("mcp")
        let file = #"{"applinks": {"details": [{"appIDs": ["W7JAY4CE8.com.example.shop"], "components": [{"/": "/a/*"}, {"/": "/shop/*"}]}]}}"#
        let url = "https://example.com/shop/1"
        let answers = try serve([try Self.call(1, "match", ["text": file, "url": url]),
                                 try Self.call(2, "match", ["text": file, "url": url, "trace": true]),
                                 try Self.call(3, "match", ["text": file, "url": url, "trace": "yes"])], in: workspace)
        let plain = try #require((Self.structured(answers[0])?["decisions"] as? [[String: Any]])?.first)
        #expect(plain["decision"] as? String == "match")
        #expect(plain["trace"] == nil)
        let traced = try #require((Self.structured(answers[1])?["decisions"] as? [[String: Any]])?.first)
        #expect((traced["trace"] as? [[String: Any]])?.map { $0["matched"] as? Bool } == [false, true])
        #expect(((answers[2]["error"] as? [String: Any])?["message"] as? String)?.contains("trace must be a boolean") == true)
    }

    /// Each is an error with the request's id, and the server answers the next message.
    @Test func hostileCallsAreErrorsAndTheServerGoesOn() throws {
        let workspace = try TemporaryFolder("mcp")
        let calls = [
            try Self.call(1, "lint", ["path": "../"]),
            try Self.call(2, "lint", ["text": String(repeating: "x", count: 4 * 1024 * 1024 + 1)]),
            try Self.call(3, "match", ["text": "{}", "url": 7]),
            try Self.call(4, "fetch", ["host": "example.com"]),
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"lint","arguments":[1]}}"#,
            String(repeating: "[", count: 100_000),
            #"{"jsonrpc":"2.0","id":6,"method":"ping"}"#,
        ]
        let answers = try serve(calls, in: workspace)
        #expect(answers.map { $0["id"] as? Int } == [1, 2, 3, 4, 5, nil, 6])
        let codes = answers.map { ($0["error"] as? [String: Any])?["code"] as? Int }
        #expect(codes == [-32602, -32602, -32602, -32602, -32602, -32700, nil])
        #expect(((answers[0]["error"] as? [String: Any])?["message"] as? String)?.contains("outside the workspace roots") == true)
        #expect(answers[6]["result"] as? [String: Any] != nil)
    }
}
