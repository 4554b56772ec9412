#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An answer to one request, as it came back: never the answer of a redirect's target.
package struct HTTPResponse: Sendable, Equatable {
    package let status: Int
    /// Header values by header name in lower case.
    package let headers: [String: String]
    package let body: [UInt8]

    package init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
        self.body = body
    }

    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The `Content-Type` without its parameters, in lower case: `application/json` for
    /// `application/json; charset=utf-8`.
    package var mediaType: String? {
        header("Content-Type").map { value in
            String(value.prefix { $0 != ";" }).trimmed().lowercased()
        }
    }

    package var isRedirect: Bool { (300..<400).contains(status) }

    /// `404 (not found)`.
    package var statusDescription: String {
        "\(status) (\((Self.reasonPhrases[status] ?? Self.statusClass(status)).lowercased()))"
    }

    /// The reason phrases of RFC 9110 and its companions, as URLSession names the codes.
    private static let reasonPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 102: "Processing",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Payload Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 421: "Misdirected Request", 422: "Unprocessable Entity", 423: "Locked",
        424: "Failed Dependency", 426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 506: "Variant Also Negotiates",
        507: "Insufficient Storage", 508: "Loop Detected", 510: "Not Extended",
        511: "Network Authentication Required",
    ]

    private static func statusClass(_ status: Int) -> String {
        switch status {
        case 100..<200: "Informational"
        case 200..<300: "Success"
        case 300..<400: "Redirection"
        case 400..<500: "Client Error"
        default: "Server Error"
        }
    }
}
