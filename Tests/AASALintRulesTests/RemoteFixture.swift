@testable import AASALintCore
import Foundation

/// A folder that stands for what `example.com` served: `origin.http` (the answer as it came
/// over the wire: status line, headers, a blank line, the body) or `origin.failure` (why the
/// download failed, in the fetcher's words), and the same for Apple's CDN copy as `cdn.http` or
/// `cdn.failure` (without either, the CDN holds the same answer as the host) and for the host's
/// `assetlinks.json` as `assetlinks.http` or `assetlinks.failure` (without either, none was asked for).
enum RemoteFixture {
    static let host = "example.com"

    static func isFixture(_ url: URL) -> Bool {
        ["origin.http", "origin.failure"].contains { FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path) }
    }

    static func check(_ folder: URL, with selection: RuleSelection) throws -> [Diagnostic] {
        guard let origin = try outcome(in: folder, named: "origin") else {
            throw FixtureError(message: "\(folder.path) has neither origin.http nor origin.failure")
        }
        return try check(origin: origin, cdn: try outcome(in: folder, named: "cdn") ?? origin,
                         assetLinks: try outcome(in: folder, named: "assetlinks"), with: selection)
    }

    /// The host answered `answer` (an `origin.http` text) to every request, and the CDN holds the same.
    static func check(answer: [UInt8], with selection: RuleSelection) throws -> [Diagnostic] {
        let origin = Result<HTTPResponse, FetchFailure>.success(try response(from: answer))
        return try check(origin: origin, cdn: origin, assetLinks: origin, with: selection)
    }

    private static func check(origin: Result<HTTPResponse, FetchFailure>, cdn: Result<HTTPResponse, FetchFailure>,
                              assetLinks: Result<HTTPResponse, FetchFailure>?, with selection: RuleSelection) throws -> [Diagnostic] {
        let addresses = try RemoteAddresses()
        let fetch = HostFetch(host: host, origin: Download(url: addresses.originURL(for: host), outcome: origin),
                              cdn: Download(url: addresses.cdnURL(for: host), outcome: cdn),
                              assetLinks: assetLinks.map { Download(url: addresses.assetLinksURL(for: host), outcome: $0, kind: .assetLinks) })
        return LintSession(plan: RulePlan(fixed: selection)).lint(downloads: [fetch]).report.diagnostics
    }

    private static func outcome(in folder: URL, named name: String) throws -> Result<HTTPResponse, FetchFailure>? {
        let failure = folder.appendingPathComponent("\(name).failure")
        if FileManager.default.fileExists(atPath: failure.path) {
            let reason = try String(contentsOf: failure, encoding: .utf8).trimmingCharacters(in: .newlines)
            return .failure(FetchFailure(reason: reason))
        }
        let answer = folder.appendingPathComponent("\(name).http")
        guard FileManager.default.fileExists(atPath: answer.path) else { return nil }
        return .success(try response(from: [UInt8](Data(contentsOf: answer))))
    }

    private static func response(from bytes: [UInt8]) throws -> HTTPResponse {
        let blankLine = Array("\n\n".utf8)
        let end = (0..<bytes.count).first { bytes[$0...].starts(with: blankLine) }
        let head = String(decoding: bytes[..<(end ?? bytes.count)], as: UTF8.self).split(separator: "\n")
        let body = end.map { Array(bytes[($0 + blankLine.count)...]) } ?? []
        guard let statusLine = head.first, let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw FixtureError(message: "the first line of an .http fixture is a status line, such as HTTP/1.1 200 OK")
        }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return HTTPResponse(status: status, headers: Dictionary(headers) { first, _ in first }, body: body)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
