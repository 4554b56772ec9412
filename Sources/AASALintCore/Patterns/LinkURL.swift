import Foundation

/// A URL split into the parts the system matches, as it does (AASA.md section 2): the path
/// normalised, a missing query or fragment as the empty string, query items split on `&` and
/// then on the first `=` as `URLComponents` does, every part both percent-encoded (as clients
/// send it) and decoded.
public struct LinkURL: Sendable {
    /// One part in both forms, as scalar values ready for automata.
    public struct Text: Sendable {
        public let encoded: String
        public let decoded: String
        let encodedScalars: [UInt32]
        let decodedScalars: [UInt32]

        init(encoded: String, decoded: String? = nil) {
            self.encoded = encoded
            // Bytes that are not UTF-8 cannot be decoded; the part is then compared as sent.
            self.decoded = decoded ?? PercentEncoding.decode(encoded) ?? encoded
            encodedScalars = encoded.unicodeScalars.map(\.value)
            decodedScalars = self.decoded.unicodeScalars.map(\.value)
        }

        public func text(percentEncoded: Bool) -> String { percentEncoded ? encoded : decoded }

        func scalars(percentEncoded: Bool) -> [UInt32] { percentEncoded ? encodedScalars : decodedScalars }
    }

    public struct QueryItem: Sendable {
        public let name: Text
        /// An item without `=` has the empty value.
        public let value: Text
    }

    public let string: String
    public let host: String
    public let path: Text
    public let query: Text
    public let queryItems: [QueryItem]
    public let fragment: Text

    public init(_ string: String) throws(LinkURLError) {
        // Like a browser, URLComponents percent-encodes characters that may not appear raw.
        guard let components = URLComponents(string: string) else { throw .unreadable(string) }
        guard let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw .notWeb(string)
        }
        guard let host = components.percentEncodedHost, !host.isEmpty else { throw .noHost(string) }
        self.string = string
        self.host = host
        let encodedPath = components.percentEncodedPath
        path = Text(encoded: PathNormalization.normalize(encodedPath),
                    decoded: PercentEncoding.decode(encodedPath).map(PathNormalization.normalize))
        let encodedQuery = components.percentEncodedQuery ?? ""
        query = Text(encoded: encodedQuery)
        queryItems = Self.items(of: encodedQuery)
        fragment = Text(encoded: components.percentEncodedFragment ?? "")
    }

    /// `URLComponents.queryItems`: none for an empty query; otherwise one per `&`-separated
    /// piece, empty ones included, split at the first `=`.
    static func items(of query: String) -> [QueryItem] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { piece in
            guard let equals = piece.firstIndex(of: "=") else {
                return QueryItem(name: Text(encoded: String(piece)), value: Text(encoded: ""))
            }
            return QueryItem(name: Text(encoded: String(piece[..<equals])),
                             value: Text(encoded: String(piece[piece.index(after: equals)...])))
        }
    }

    /// True when the host is `host`, compared case-insensitively as the system does.
    public func isOnHost(_ host: String) -> Bool {
        self.host.lowercased() == host.lowercased()
    }
}

public enum LinkURLError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case notWeb(String)
    case noHost(String)

    public var description: String {
        switch self {
        case .unreadable(let text): "\"\(text)\" is not a URL"
        case .notWeb(let text): "\"\(text)\" is not an https URL; universal links are web URLs such as https://example.com/path"
        case .noHost(let text): "\"\(text)\" has no host; write the full URL, such as https://example.com/path"
        }
    }
}
