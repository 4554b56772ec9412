#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A URL split into the parts the system matches, as it does (AASA.md section 2): the path
/// normalised, a missing query or fragment as the empty string, query items split on `&` and
/// then on the first `=` as `URLComponents` does, every part both percent-encoded (as clients
/// send it) and decoded.
///
/// The parts are kept as scalar values, made straight from the URL's bytes: deciding a list of
/// URLs reads nothing else, and the texts of a part are made only for a report that shows them.
package struct LinkURL: Sendable {
    /// One part in both forms, as scalar values ready for automata.
    package struct Text: Sendable {
        let encodedScalars: [UInt32]
        let decodedScalars: [UInt32]

        /// `decoded`: the part decoded, when the caller has it; by default decoded here. Bytes that
        /// are not UTF-8 cannot be decoded; the part is then compared as sent.
        init(encoded: [UInt32], decoded: [UInt32]? = nil) {
            encodedScalars = encoded
            // Most parts have nothing to decode: both forms then share one array.
            decodedScalars = decoded ?? PercentEncoding.decode(scalars: encoded) ?? encoded
        }

        /// A missing query or fragment, made once: most URLs of a list have neither.
        static let empty = Text(encoded: [])

        package var encoded: String { Self.string(of: encodedScalars) }
        package var decoded: String { Self.string(of: decodedScalars) }

        package func text(percentEncoded: Bool) -> String { percentEncoded ? encoded : decoded }

        func scalars(percentEncoded: Bool) -> [UInt32] { percentEncoded ? encodedScalars : decodedScalars }

        static func string(of scalars: [UInt32]) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars.lazy.compactMap(Unicode.Scalar.init))
            return String(view)
        }
    }

    package struct QueryItem: Sendable {
        package let name: Text
        /// An item without `=` has the empty value.
        package let value: Text
    }

    package let string: String
    /// Made when asked: deciding a list of URLs never reads it.
    package var host: String { String(hostText) }
    /// A part of `string` when it was split without `URLComponents`.
    private let hostText: Substring
    package let path: Text
    package let query: Text
    package let queryItems: [QueryItem]
    package let fragment: Text

    package init(_ string: String) throws(LinkURLError) {
        var contiguous = string
        let plain = contiguous.withUTF8 { bytes in
            PlainURLParts(utf8: bytes).map { Self.split(bytes, $0, host: Self.substring(of: string, bytes: $0.host)) }
        }
        try self.init(string, plain: plain)
    }

    /// The URL of `utf8`, as `init(String(decoding: utf8, as: UTF8.self))` reads it: a plain URL
    /// (ASCII) is split straight from the bytes of a URL list, and only the URL's own string made.
    package init(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(LinkURLError) {
        guard let parts = PlainURLParts(utf8: bytes) else {
            try self.init(String(decoding: bytes, as: UTF8.self))
            return
        }
        let string = String(decoding: bytes, as: UTF8.self)
        try self.init(string, plain: Self.split(bytes, parts, host: Self.substring(of: string, bytes: parts.host)))
    }

    /// `bytes` of `string`'s UTF-8.
    private static func substring(of string: String, bytes: Range<Int>) -> Substring {
        let text = string.utf8
        return Substring(text[text.index(text.startIndex, offsetBy: bytes.lowerBound) ..< text.index(text.startIndex, offsetBy: bytes.upperBound)])
    }

    /// The parts of a plain URL, as scalar values made straight from its bytes.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ parts: PlainURLParts, host: Substring) -> SplitURL {
        func scalars(_ range: Range<Int>) -> [UInt32] {
            [UInt32](unsafeUninitializedCapacity: range.count) { buffer, initialized in
                for (offset, byte) in bytes[range].enumerated() { buffer[offset] = UInt32(byte) }
                initialized = range.count
            }
        }
        let path = bytes[parts.path]
        return SplitURL(isWeb: isWebScheme(bytes[parts.scheme]), host: host,
                        path: PathNormalization.normalize(scalars: path.lazy.map(UInt32.init)),
                        rawPath: path.contains(UInt8(ascii: "%")) ? scalars(parts.path) : nil,
                        query: parts.query.map(scalars), fragment: parts.fragment.map(scalars))
    }

    /// `plain`: the parts when the URL is plain; any other is split by `URLComponents`.
    private init(_ string: String, plain: SplitURL?) throws(LinkURLError) {
        let parts: SplitURL
        if let plain {
            parts = plain
        } else {
            // Like a browser, URLComponents percent-encodes characters that may not appear raw.
            guard let components = URLComponents(string: string) else { throw .unreadable(string) }
            let path = Self.scalars(of: components.percentEncodedPath)
            parts = SplitURL(isWeb: components.scheme.map { Self.isWebScheme($0.utf8) } ?? false,
                             host: components.percentEncodedHost.map { $0[...] },
                               path: PathNormalization.normalize(scalars: path), rawPath: path,
                               query: components.percentEncodedQuery.map(Self.scalars),
                               fragment: components.percentEncodedFragment.map(Self.scalars))
        }
        guard parts.isWeb else { throw .notWeb(string) }
        guard let host = parts.host, !host.isEmpty else { throw .noHost(string) }
        self.string = string
        hostText = host
        // The decoded path is normalised after decoding: `%2F` is a slash there.
        let decodedPath = parts.rawPath.flatMap { PercentEncoding.decode(scalars: $0) }.map { PathNormalization.normalize(scalars: $0) }
        path = Text(encoded: parts.path, decoded: decodedPath ?? parts.path)
        let encodedQuery = parts.query ?? []
        query = encodedQuery.isEmpty ? .empty : Text(encoded: encodedQuery)
        queryItems = Self.items(of: encodedQuery)
        fragment = parts.fragment.map { $0.isEmpty ? .empty : Text(encoded: $0) } ?? .empty
    }

    /// What the two ways of splitting a URL give: the path normalised, and as sent when it holds
    /// an escape to decode.
    private struct SplitURL {
        let isWeb: Bool
        let host: Substring?
        let path: [UInt32]
        let rawPath: [UInt32]?
        let query: [UInt32]?
        let fragment: [UInt32]?
    }

    /// `https` or `http`, in any case: the bytes folded into one integer, compared with theirs.
    private static func isWebScheme(_ scheme: some Collection<UInt8>) -> Bool {
        guard scheme.count <= 5 else { return false }
        let packed = packedLowercase(scheme)
        return packed == https || packed == http
    }

    private static func packedLowercase(_ bytes: some Collection<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1 | 0x20) }
    }

    private static let https = packedLowercase("https".utf8)
    private static let http = packedLowercase("http".utf8)

    private static func scalars(of text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value)
    }

    /// `URLComponents.queryItems`: none for an empty query; otherwise one per `&`-separated
    /// piece, empty ones included, split at the first `=`.
    static func items(of query: [UInt32]) -> [QueryItem] {
        guard !query.isEmpty else { return [] }
        let equals = UInt32(UInt8(ascii: "="))
        return query.split(separator: UInt32(UInt8(ascii: "&")), omittingEmptySubsequences: false).map { piece in
            guard let split = piece.firstIndex(of: equals) else {
                return QueryItem(name: Text(encoded: Array(piece)), value: .empty)
            }
            return QueryItem(name: Text(encoded: Array(piece[..<split])), value: Text(encoded: Array(piece[(split + 1)...])))
        }
    }

    /// True when the host is `host`, compared case-insensitively as the system does.
    package func isOnHost(_ host: String) -> Bool {
        self.host.lowercased() == host.lowercased()
    }
}

/// The parts of a URL as `URLComponents` gives them, percent-encoded, as ranges of its UTF-8
/// bytes. A URL that needs none of its work (`http(s)://host/path?query#fragment` with a plain
/// host, only characters that may appear raw, and well-formed `%XX`) is split here, several
/// times faster; any other goes to `URLComponents`.
struct PlainURLParts: Equatable {
    var scheme: Range<Int>
    var host: Range<Int>
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?

    /// One pass over the bytes: the scheme's letters, `://`, the host, then the path, query and
    /// fragment, each byte looked up once.
    init?(utf8: UnsafeBufferPointer<UInt8>) {
        let end = utf8.count
        var index = 0
        while index < end, Self.isLetter(utf8[index]) { index += 1 }
        let colon = index
        guard colon > 0, end - colon > 3, utf8[colon] == UInt8(ascii: ":"), utf8[colon + 1] == UInt8(ascii: "/"),
              utf8[colon + 2] == UInt8(ascii: "/") else { return nil }
        let hostStart = colon + 3
        index = hostStart
        while index < end, Self.hostBytes.contains(UInt32(utf8[index])) { index += 1 }
        let hostEnd = index
        guard hostEnd > hostStart, hostEnd == end || Self.endsHost(utf8[hostEnd]),
              let pathEnd = Self.plainEnd(of: utf8, from: hostEnd, allowingQuestionMark: false) else { return nil }
        var queryRange: Range<Int>?
        var fragmentStart = pathEnd
        if pathEnd < end, utf8[pathEnd] == UInt8(ascii: "?") {
            guard let queryEnd = Self.plainEnd(of: utf8, from: pathEnd + 1, allowingQuestionMark: true) else { return nil }
            queryRange = (pathEnd + 1)..<queryEnd
            fragmentStart = queryEnd
        }
        var fragmentRange: Range<Int>?
        if fragmentStart < end {
            // A second `#` is not plain.
            guard Self.plainEnd(of: utf8, from: fragmentStart + 1, allowingQuestionMark: true) == end else { return nil }
            fragmentRange = (fragmentStart + 1)..<end
        }
        scheme = 0..<colon
        host = hostStart..<hostEnd
        path = hostEnd..<pathEnd
        query = queryRange
        fragment = fragmentRange
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func endsHost(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// Where the part from `start` ends (at the first `#`, or `?` unless allowed; else at the end),
    /// holding only bytes RFC 3986 lets a path, query or fragment hold raw, each `%` starting two
    /// hex digits; nil when it holds another byte.
    private static func plainEnd(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, allowingQuestionMark: Bool) -> Int? {
        var index = start
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if plainBytes.contains(UInt32(byte)) {
                index += 1
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < end, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return nil }
                index += 3
            } else if byte == UInt8(ascii: "?") && allowingQuestionMark {
                index += 1
            } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                return index
            } else {
                return nil
            }
        }
        return end
    }

    /// Looked up for most bytes of every URL.
    private static let hostBytes = ASCIIBits { isLetter(UInt8($0.value)) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
    private static let plainBytes = ASCIIBits { hostBytes.contains($0.value) || "_~!$&'()*+,;=:@/".unicodeScalars.contains($0) }

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
