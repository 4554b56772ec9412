@testable import AASALintCore
@testable import AASALintTooling
import Foundation
import Testing

/// Which addresses a download refuses, and the words that say why.
@Suite struct NetworkAddressTests {
    @Test(arguments: [
        ([127, 0, 0, 1], "a loopback address"),
        ([10, 1, 2, 3], "a private network address"),
        ([172, 20, 0, 1], "a private network address"),
        ([192, 168, 1, 1], "a private network address"),
        ([100, 64, 0, 1], "a private network address"),
        ([169, 254, 169, 254], "a link-local address"),
        ([224, 0, 0, 251], "a multicast address"),
        ([0, 0, 0, 0], "the unspecified address"),
        ([255, 255, 255, 255], "a reserved address"),
        ([17, 253, 83, 195], nil),
        ([172, 32, 0, 1], nil),
        ([8, 8, 8, 8], nil),
    ] as [([UInt8], String?)])
    func ipv4(bytes: [UInt8], kind: String?) throws {
        #expect(try #require(NetworkAddress(bytes: bytes)).nonPublicKind == kind)
    }

    @Test func ipv6() throws {
        func address(_ groups: [UInt16]) throws -> NetworkAddress {
            try #require(NetworkAddress(bytes: groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
        }
        #expect(try address([0, 0, 0, 0, 0, 0, 0, 1]).nonPublicKind == "a loopback address")
        #expect(try address([0, 0, 0, 0, 0, 0, 0, 1]).description == "::1")
        #expect(try address([0xFE80, 0, 0, 0, 0, 0, 0, 7]).nonPublicKind == "a link-local address")
        #expect(try address([0xFD12, 0x3456, 0, 0, 0, 0, 0, 1]).nonPublicKind == "a private network address")
        #expect(try address([0xFF02, 0, 0, 0, 0, 0, 0, 0xFB]).nonPublicKind == "a multicast address")
        #expect(try address([0, 0, 0, 0, 0, 0xFFFF, 0x0A00, 0x0001]).nonPublicKind == "a private network address", "::ffff:10.0.0.1")
        let public6 = try address([0x2620, 0x149, 0xA21, 0xF000, 0, 0, 0, 0x137])
        #expect(public6.nonPublicKind == nil)
        #expect(public6.description == "2620:149:a21:f000::137")
    }

    @Test func theResolverGivesLoopbackForLocalhost() {
        let addresses = HostResolution.addresses(of: "localhost")
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0.nonPublicKind == "a loopback address" })
        #expect(HostResolution.addresses(of: "aasalint.invalid").isEmpty)
    }
}

/// How old Apple's CDN copy is and when it is refreshed, from its headers.
@Suite struct CDNAnswerTests {
    @Test func maxAgeAndAgeGiveTheRefreshTime() throws {
        let response = HTTPResponse(status: 200, headers: ["Date": "Thu, 03 Dec 2026 10:00:00 GMT", "Cache-Control": "public, max-age=86400", "Age": "7200"], body: [])
        let answer = CDNAnswer(response, receivedAt: Date(timeIntervalSince1970: 0))
        #expect(answer.maximumAge == 86400)
        #expect(answer.age == 7200)
        #expect(answer.refreshSentence == "until about 08:00 UTC on 2026-12-04 (its copy is 2 hours old and is kept up to 24 hours: Cache-Control: max-age=86400, Age: 7200)")
    }

    @Test func withoutADateTheArrivalCounts() {
        let response = HTTPResponse(status: 404, headers: ["Cache-Control": "max-age=3600"], body: [])
        let answer = CDNAnswer(response, receivedAt: Date(timeIntervalSince1970: 951_782_400))  // 2000-02-29 00:00 UTC
        #expect(answer.retrySentence == "after about 01:00 UTC on 2000-02-29 (Cache-Control: max-age=3600)")
        #expect(CDNAnswer(HTTPResponse(status: 404, headers: [:], body: []), receivedAt: Date()).refreshSentence == nil)
    }

    @Test func theFailureHeadersAreExplained() {
        let timeout = HTTPResponse(status: 404, headers: [
            "Apple-Failure-Reason": "SWCERR00301 Timeout",
            "Apple-Failure-Details": #"{"cause":"context deadline exceeded"}"#,
            "Apple-From": "https://example.com/.well-known/apple-app-site-association",
        ], body: [])
        #expect(CDNAnswer(timeout, receivedAt: Date()).failureExplanation
            == #"Apple's crawler gave up waiting for the host's answer (Apple-Failure-Reason: SWCERR00301 Timeout); its details: {"cause":"context deadline exceeded"}; the addresses Apple's crawler went through: https://example.com/.well-known/apple-app-site-association (Apple-From)"#)
        let unknown = HTTPResponse(status: 404, headers: ["Apple-Failure-Reason": "SWCERR00999 Something"], body: [])
        #expect(CDNAnswer(unknown, receivedAt: Date()).failureExplanation == #"Apple's CDN gives the reason "SWCERR00999 Something" (Apple-Failure-Reason)"#)
    }

    @Test(arguments: ["Thu, 03 Dec 2026 10:00:00", "Thursday, 03-Dec-26 10:00:00 GMT", "Thu, 32 Dec 2026 10:00:00 GMT", "Thu, 03 Foo 2026 10:00:00 GMT"])
    func otherDateFormsAreNotRead(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
