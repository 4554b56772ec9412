import Foundation
@testable import AASALintCore
import Testing

/// The fast split of plain URLs gives what `URLComponents` gives, on generated URLs (fixed
/// seed) mixing plain text with every kind of character that sends a URL to `URLComponents`.
@Suite struct PlainURLPartsTests {
    static let schemes = ["https://", "http://", "HTTPS://", "ftp://", "https:/", "", "1x://"]
    static let hosts = ["example.com", "Example.COM", "a-b.c", "", "user@example.com", "example.com:443", "[::1]", "é.com", "a b"]
    static let pieces = ["", "/", "//", "a", "Z9", "%41", "%2F",
                         "%4", "%zz", "%", "?", "??", "#", "##", "&", "=", "q=1", ":", ":443", "@", "user@", "é", " ", "[", "]", "~", "!$'()*+,;",
                         "\"", "<", "|", "\\", "^", "`", "{"]

    @Test func plainURLsSplitAsURLComponentsSplitsThem() {
        var random = SplitMix64(seed: 0x17_0A11)
        var split = 0
        var mismatches: [String] = []
        for _ in 0..<50_000 {
            let rest = (0..<random.next(below: 6)).map { _ in Self.pieces[random.next(below: Self.pieces.count)] }.joined()
            let text = Self.schemes[random.next(below: Self.schemes.count)] + Self.hosts[random.next(below: Self.hosts.count)] + rest
            guard let plain = Self.plainParts(text) else { continue }
            split += 1
            let expected = URLComponents(string: text).map {
                [$0.scheme, $0.percentEncodedHost, $0.percentEncodedPath, $0.percentEncodedQuery, $0.percentEncodedFragment]
            }
            if plain != expected { mismatches.append("\(text): \(plain) vs \(String(describing: expected))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(split > 1_500, "the generator must produce plain URLs: \(split)")
    }

    @Test func aURLThatNeedsEncodingIsLeftToURLComponents() {
        #expect(Self.plainParts("https://example.com/a b") == nil)
        #expect(Self.plainParts("https://example.com/é") == nil)
        #expect(Self.plainParts("https://example.com:443/") == nil)
        #expect(Self.plainParts("https://example.com/%4") == nil)
        #expect(Self.plainParts("https://example.com/a?b=1#c") == ["https", "example.com", "/a", "b=1", "c"])
    }

    /// The scheme, host, path, query and fragment the fast split finds; nil when it leaves the URL to `URLComponents`.
    static func plainParts(_ text: String) -> [String?]? {
        var text = text
        return text.withUTF8 { bytes in
            PlainURLParts(utf8: bytes).map { parts in
                [parts.scheme, parts.host, parts.path, parts.query, parts.fragment].map { range in
                    range.map { String(decoding: bytes[$0], as: UTF8.self) }
                }
            }
        }
    }
}
