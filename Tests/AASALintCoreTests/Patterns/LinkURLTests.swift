import Foundation
@testable import AASALintCore
import Testing

/// `LinkURL` splits, decodes and normalises on scalar values made from the URL's bytes; these
/// tests hold it to the same parts computed on strings, the way `URLComponents` and the
/// string functions give them, on generated URLs (fixed seed) that take both ways of splitting.
@Suite struct LinkURLTests {
    /// What a URL's parts are, from `URLComponents` and string functions: encoded and decoded
    /// form of the path, query, each query item and the fragment; or the error.
    static func expectedParts(_ text: String) -> [String] {
        guard let components = URLComponents(string: text) else { return ["unreadable"] }
        guard let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http" else { return ["not web"] }
        guard let host = components.percentEncodedHost, !host.isEmpty else { return ["no host"] }
        func forms(_ encoded: String) -> [String] { [encoded, PercentEncoding.decode(encoded) ?? encoded] }
        let path = components.percentEncodedPath
        let decodedPath = PercentEncoding.decode(path).map(PathNormalization.normalize) ?? PathNormalization.normalize(path)
        let items = (components.percentEncodedQueryItems ?? []).flatMap { forms($0.name) + forms($0.value ?? "") }
        return [host, PathNormalization.normalize(path), decodedPath] + forms(components.percentEncodedQuery ?? "") + items
            + forms(components.percentEncodedFragment ?? "")
    }

    static func parts(_ text: String) -> [String] {
        do {
            let url = try LinkURL(text)
            let items = url.queryItems.flatMap { [$0.name.encoded, $0.name.decoded, $0.value.encoded, $0.value.decoded] }
            return [url.host, url.path.encoded, url.path.decoded, url.query.encoded, url.query.decoded] + items
                + [url.fragment.encoded, url.fragment.decoded]
        } catch .unreadable {
            return ["unreadable"]
        } catch .notWeb {
            return ["not web"]
        } catch {
            return ["no host"]
        }
    }

    @Test func partsAreThoseOfStringFunctions() {
        let pieces = PlainURLPartsTests.pieces + ["%C3%A9", "%E2%82", "%2F%2F", "/%2e", "a=%41&b", "&&", "=="]
        var random = SplitMix64(seed: 0x34_0C3)
        var differences: [String] = []
        var decodedSome = 0
        for _ in 0..<20_000 {
            let rest = (0..<random.next(below: 7)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            let text = PlainURLPartsTests.schemes[random.next(below: PlainURLPartsTests.schemes.count)]
                + PlainURLPartsTests.hosts[random.next(below: PlainURLPartsTests.hosts.count)] + rest
            let expected = Self.expectedParts(text)
            if expected.count > 2, expected[1] != expected[2] { decodedSome += 1 }
            let actual = Self.parts(text)
            if actual != expected { differences.append("\(text): \(actual) vs \(expected)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(decodedSome > 300, "the generator must produce paths that decode: \(decodedSome)")
    }

    @Test func aPathIsNormalisedAfterDecoding() throws {
        let url = try LinkURL("HTTPS://Example.com/a%2F%2Fb//c?x=%41#%C3%A9")
        #expect(url.host == "Example.com")
        #expect(url.path.encoded == "/a%2F%2Fb/c/")
        #expect(url.path.decoded == "/a/b/c/")
        #expect(url.queryItems.map(\.value.decoded) == ["A"])
        #expect(url.fragment.decoded == "é")
        #expect(url.fragment.scalars(percentEncoded: false) == [0xE9])
    }
}
