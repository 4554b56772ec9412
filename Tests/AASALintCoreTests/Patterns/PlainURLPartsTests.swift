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
            guard let plain = PlainURLParts(text) else { continue }
            split += 1
            let components = URLComponents(string: text)
            let expected = components.map {
                PlainURLParts(scheme: $0.scheme, host: $0.percentEncodedHost, path: $0.percentEncodedPath,
                              query: $0.percentEncodedQuery, fragment: $0.percentEncodedFragment)
            }
            if plain != expected { mismatches.append("\(text): \(plain) vs \(String(describing: expected))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(split > 1_500, "the generator must produce plain URLs: \(split)")
    }

    @Test func aURLThatNeedsEncodingIsLeftToURLComponents() {
        #expect(PlainURLParts("https://example.com/a b") == nil)
        #expect(PlainURLParts("https://example.com/é") == nil)
        #expect(PlainURLParts("https://example.com:443/") == nil)
        #expect(PlainURLParts("https://example.com/%4") == nil)
        #expect(PlainURLParts("https://example.com/a?b=1#c") == PlainURLParts(scheme: "https", host: "example.com", path: "/a", query: "b=1", fragment: "c"))
    }
}
