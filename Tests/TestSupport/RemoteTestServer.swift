import Foundation

/// `Fixtures/remote/server.py` on a free port of 127.0.0.1, running for as long as this object
/// lives: it stops when its standard input closes, here or when the test process ends.
public final class RemoteTestServer {
    public let port: Int
    private let process = Process()
    private let input = Pipe()

    /// `certificate` and `key` (PEM files): serve over HTTPS with them.
    public init(certificate: String? = nil, key: String? = nil) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/remote/server.py")
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + (certificate.flatMap { certificate in key.map { ["--tls", certificate, $0] } } ?? [])
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var announced = Data()
        while !announced.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced += chunk
        }
        guard let port = Int(String(decoding: announced, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw RemoteTestServerError(description: "\(script.path) did not start (it needs python3)")
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// `http://127.0.0.1:PORT/origin`, the base that stands for every host.
    public var originBase: String { "http://127.0.0.1:\(port)/origin" }

    /// `http://127.0.0.1:PORT/cdn`, the base that stands for Apple's CDN.
    public var cdnBase: String { "http://127.0.0.1:\(port)/cdn" }
}

public struct RemoteTestServerError: Error, CustomStringConvertible {
    public let description: String
}
