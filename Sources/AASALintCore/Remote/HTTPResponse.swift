import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer to one request, as it came back: never the answer of a redirect's target.
public struct HTTPResponse: Sendable, Equatable {
    public let status: Int
    /// Header values by header name in lower case.
    public let headers: [String: String]
    public let body: [UInt8]

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The `Content-Type` without its parameters, in lower case: `application/json` for
    /// `application/json; charset=utf-8`.
    public var mediaType: String? {
        header("Content-Type").map { value in
            String(value.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
        }
    }

    public var isRedirect: Bool { (300..<400).contains(status) }

    /// `404 (not found)`.
    public var statusDescription: String {
        "\(status) (\(HTTPURLResponse.localizedString(forStatusCode: status).lowercased()))"
    }
}
