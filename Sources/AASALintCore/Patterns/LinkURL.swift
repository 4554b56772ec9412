#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A URL split into the parts the system matches, as it does (AASA.md section 2): the path
/// normalised, a missing query or fragment as the empty string, query items split on `&` and
/// then on the first `=` as `URLComponents` does, every part both percent-encoded (as clients
/// send it) and decoded.
package struct LinkURL: Sendable {
    /// One part in both forms, as scalar values ready for automata.
    package struct Text: Sendable {
        package let encoded: String
        package let decoded: String
        let encodedScalars: [UInt32]
        let decodedScalars: [UInt32]

        init(encoded: String, decoded: String? = nil) {
            self.encoded = encoded
            // Bytes that are not UTF-8 cannot be decoded; the part is then compared as sent.
            let decoded = decoded ?? PercentEncoding.decode(encoded) ?? encoded
            self.decoded = decoded
            encodedScalars = Self.scalars(of: encoded)
            // Most parts have nothing to decode: both forms then share one array.
            decodedScalars = decoded == encoded ? encodedScalars : Self.scalars(of: decoded)
        }

        /// An ASCII text's scalars are its bytes.
        private static func scalars(of text: String) -> [UInt32] {
            let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } ? bytes.map(UInt32.init) : nil }
            return (ascii ?? nil) ?? text.unicodeScalars.map(\.value)
        }

        /// A missing query or fragment, made once: most URLs of a list have neither.
        static let empty = Text(encoded: "")

        package func text(percentEncoded: Bool) -> String { percentEncoded ? encoded : decoded }

        func scalars(percentEncoded: Bool) -> [UInt32] { percentEncoded ? encodedScalars : decodedScalars }
    }

    package struct QueryItem: Sendable {
        package let name: Text
        /// An item without `=` has the empty value.
        package let value: Text
    }

    package let string: String
    package let host: String
    package let path: Text
    package let query: Text
    package let queryItems: [QueryItem]
    package let fragment: Text

    package init(_ string: String) throws(LinkURLError) {
        let parts: PlainURLParts
        if let plain = PlainURLParts(string) {
            parts = plain
        } else {
            // Like a browser, URLComponents percent-encodes characters that may not appear raw.
            guard let components = URLComponents(string: string) else { throw .unreadable(string) }
            parts = PlainURLParts(scheme: components.scheme, host: components.percentEncodedHost, path: components.percentEncodedPath,
                                  query: components.percentEncodedQuery, fragment: components.percentEncodedFragment)
        }
        guard let scheme = parts.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw .notWeb(string)
        }
        guard let host = parts.host, !host.isEmpty else { throw .noHost(string) }
        self.string = string
        self.host = host
        let encodedPath = parts.path
        let normalizedPath = PathNormalization.normalize(encodedPath)
        path = Text(encoded: normalizedPath,
                    decoded: PercentEncoding.decode(encodedPath).map { $0 == encodedPath ? normalizedPath : PathNormalization.normalize($0) })
        let encodedQuery = parts.query ?? ""
        query = encodedQuery.isEmpty ? .empty : Text(encoded: encodedQuery)
        queryItems = Self.items(of: encodedQuery)
        fragment = parts.fragment.map { $0.isEmpty ? .empty : Text(encoded: $0) } ?? .empty
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
    package func isOnHost(_ host: String) -> Bool {
        self.host.lowercased() == host.lowercased()
    }
}

/// The parts of a URL as `URLComponents` gives them, percent-encoded. A URL that needs none of
/// its work (`http(s)://host/path?query#fragment` with a plain host, only characters that
/// may appear raw, and well-formed `%XX`) is split here, several times faster; any other
/// goes to `URLComponents`.
struct PlainURLParts: Equatable {
    var scheme: String?
    var host: String?
    var path: String
    var query: String?
    var fragment: String?

    init(scheme: String?, host: String?, path: String, query: String?, fragment: String?) {
        (self.scheme, self.host, self.path, self.query, self.fragment) = (scheme, host, path, query, fragment)
    }

    init?(_ string: String) {
        var string = string
        guard let parts = string.withUTF8(Self.init(utf8:)) else { return nil }
        self = parts
    }

    private init?(utf8: UnsafeBufferPointer<UInt8>) {
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              utf8[colon...].starts(with: "://".utf8),
              utf8[..<colon].allSatisfy(Self.isLetter) else { return nil }
        let hostStart = colon + 3
        let hostEnd = utf8[hostStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        guard hostEnd > hostStart, utf8[hostStart..<hostEnd].allSatisfy(Self.isHostByte) else { return nil }
        let fragmentStart = utf8[hostEnd...].firstIndex(of: UInt8(ascii: "#"))
        let queryStart = utf8[hostEnd..<(fragmentStart ?? utf8.endIndex)].firstIndex(of: UInt8(ascii: "?"))
        let pathEnd = queryStart ?? fragmentStart ?? utf8.endIndex
        let queryRange = queryStart.map { ($0 + 1)..<(fragmentStart ?? utf8.endIndex) }
        let fragmentRange = fragmentStart.map { ($0 + 1)..<utf8.endIndex }
        guard Self.isPlain(utf8[hostEnd..<pathEnd], allowingQuestionMark: false),
              Self.isPlain(utf8[queryRange ?? 0..<0], allowingQuestionMark: true),
              Self.isPlain(utf8[fragmentRange ?? 0..<0], allowingQuestionMark: true) else { return nil }
        func text(_ range: Range<Int>) -> String { String(decoding: utf8[range], as: UTF8.self) }
        scheme = text(0..<colon)
        host = text(hostStart..<hostEnd)
        path = text(hostEnd..<pathEnd)
        query = queryRange.map(text)
        fragment = fragmentRange.map(text)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Only bytes RFC 3986 lets a path, query or fragment hold raw (the query and fragment
    /// `?` too, and no second `#`), each `%` starting two hex digits.
    private static func isPlain(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, allowingQuestionMark: Bool) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isHostByte(byte) || rawPunctuation.contains(UInt32(byte)) || (allowingQuestionMark && byte == UInt8(ascii: "?")) else {
                return false
            }
            index += 1
        }
        return true
    }

    /// Looked up for most bytes of every URL.
    private static let rawPunctuation = ASCIIBits { "_~!$&'()*+,;=:@/".unicodeScalars.contains($0) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}

package enum LinkURLError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case notWeb(String)
    case noHost(String)

    package var description: String {
        switch self {
        case .unreadable(let text): "\"\(text)\" is not a URL"
        case .notWeb(let text): "\"\(text)\" is not an https URL; universal links are web URLs such as https://example.com/path"
        case .noHost(let text): "\"\(text)\" has no host; write the full URL, such as https://example.com/path"
        }
    }
}
