import Foundation

/// `aasalint-bench lsp --binary AASALINT --input FILE --runs N`: drives `aasalint lsp` through
/// its protocol as an editor does, with the debounce at 0 (issue 34's goal is stated so): opens
/// FILE, then N times sends its whole text changed (a space added at the end, or taken off) and
/// waits for the diagnostics of that version, and N times asks for a hover on the first
/// component's pattern. Prints the median time from sending to the answer of each
/// (`change-median-seconds`, `hover-median-seconds`: the server's work and the pipes'), how
/// many hovers had an answer (`hovers-answered`: none would time an empty lookup), the
/// diagnostics of the last version (`diagnostics D`), which show that the lints ran, and the
/// server's peak resident memory where /proc tells it (`peak-kilobytes K`).
enum LanguageServerBench {
    static func run(_ options: BenchOptions) -> Int32 {
        guard let binary = options.text("binary"), let input = options.text("input"),
              let text = try? String(contentsOfFile: input, encoding: .utf8) else {
            FileHandle.standardError.write(Data("usage: aasalint-bench lsp --binary AASALINT --input FILE [--runs N]\n".utf8))
            return 2
        }
        let runs = max(1, options.number("runs") ?? 20)
        let path = URL(fileURLWithPath: input).standardizedFileURL
        let uri = path.absoluteString
        do {
            let server = try ServerProcess(binary: binary, folder: path.deletingLastPathComponent())
            defer { server.stop() }
            _ = try server.request("initialize", [
                "processId": Int(ProcessInfo.processInfo.processIdentifier),
                "rootUri": path.deletingLastPathComponent().absoluteString,
                "capabilities": [String: Any](),
                "initializationOptions": ["debounceMilliseconds": 0],
            ])
            server.notify("initialized", [String: Any]())
            server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "json", "version": 1, "text": text]])
            var diagnostics = try server.diagnostics(of: uri, version: 1)

            let clock = ContinuousClock()
            var changes: [Duration] = []
            for run in 0..<runs {
                let version = run + 2
                let changed = run.isMultiple(of: 2) ? text + " " : text
                let start = clock.now
                server.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version],
                                                         "contentChanges": [["text": changed]]])
                diagnostics = try server.diagnostics(of: uri, version: version)
                changes.append(clock.now - start)
            }

            let position = hoverPosition(in: text)
            var hovers: [Duration] = []
            var answered = 0
            for _ in 0..<runs {
                let start = clock.now
                let answer = try server.request("textDocument/hover", ["textDocument": ["uri": uri], "position": position])
                hovers.append(clock.now - start)
                if answer["result"] is [String: Any] { answered += 1 }
            }
            let peak = server.peakKilobytes
            _ = try server.request("shutdown", nil)
            server.notify("exit", nil)
            print("change-median-seconds \(median(changes))")
            print("hover-median-seconds \(median(hovers))")
            print("hovers-answered \(answered)")
            print("diagnostics \(diagnostics)")
            if let peak { print("peak-kilobytes \(peak)") }
            return 0
        } catch {
            FileHandle.standardError.write(Data("aasalint lsp: \(error)\n".utf8))
            return 1
        }
    }

    /// Inside the first `"/"` pattern: a hover there explains the component.
    private static func hoverPosition(in text: String) -> [String: Int] {
        for (line, content) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = content.range(of: #""/": ""#) {
                return ["line": line, "character": content.utf16.distance(from: content.startIndex, to: range.upperBound) + 1]
            }
        }
        return ["line": 0, "character": 0]
    }

    private static func median(_ durations: [Duration]) -> Double {
        ProcessMeasurement.seconds(durations.sorted()[durations.count / 2])
    }
}

/// `aasalint lsp` as a child process, spoken to with `Content-Length` framed JSON-RPC.
private final class ServerProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    private var nextID = 1

    init(binary: String, folder: URL) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["lsp"]
        process.currentDirectoryURL = folder
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func notify(_ method: String, _ params: Any?) {
        send(["jsonrpc": "2.0", "method": method, "params": params ?? NSNull()])
    }

    /// Sends a request and returns its response, skipping the notifications before it.
    func request(_ method: String, _ params: Any?) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params ?? NSNull()])
        while true {
            let message = try read()
            if message["id"] as? Int == id, message["method"] == nil { return message }
        }
    }

    /// The number of diagnostics the server publishes for `uri` at `version`.
    func diagnostics(of uri: String, version: Int) throws -> Int {
        while true {
            let message = try read()
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                  let params = message["params"] as? [String: Any], params["uri"] as? String == uri,
                  params["version"] as? Int == version else { continue }
            return (params["diagnostics"] as? [Any])?.count ?? 0
        }
    }

    /// The server's peak resident memory so far (Linux's /proc; nil elsewhere).
    var peakKilobytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func send(_ message: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    private func read() throws -> [String: Any] {
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = buffer.range(of: separator) {
                let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
                guard let length = header.split(separator: "\r\n").compactMap({ line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return parts.count == 2 && parts[0].lowercased() == "content-length" ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                }).first else { throw Failure(description: "a message without Content-Length: \(header)") }
                if buffer.distance(from: end.upperBound, to: buffer.endIndex) >= length {
                    let bodyEnd = buffer.index(end.upperBound, offsetBy: length)
                    let body = buffer[end.upperBound..<bodyEnd]
                    buffer = Data(buffer[bodyEnd...])
                    guard let message = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                        throw Failure(description: "a message that is not a JSON object")
                    }
                    return message
                }
            }
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { throw Failure(description: "the server closed its output") }
            buffer.append(more)
        }
    }
}
