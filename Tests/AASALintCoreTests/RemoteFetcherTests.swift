@testable import AASALintCore
@testable import AASALintTooling
import AASALintTestSupport
import Foundation
import Testing

/// The fetcher against `Fixtures/remote/server.py`: each hosting failure ends in an answer
/// or a plain sentence, and never takes longer than the time limit.
@Suite struct RemoteFetcherTests {
    let server: RemoteTestServer
    let fetcher = RemoteFetcher(limits: .init(timeout: 1, maximumBytes: RemoteFetcher.Limits.standard.maximumBytes))

    init() throws {
        server = try RemoteTestServer()
    }

    private func origin(_ host: String, fetcher: RemoteFetcher? = nil, as client: FetchClient = .appleCrawler) throws -> Result<HTTPResponse, FetchFailure> {
        let addresses = try RemoteAddresses(originBase: server.originBase)
        let url = addresses.originURL(for: host)
        #expect(addresses.permitsPrivateAddresses(for: url), "the base is named on loopback")
        return (fetcher ?? self.fetcher).fetch(try #require(URL(string: url)), as: client, allowsPrivateAddresses: true)
    }

    private func failure(_ outcome: Result<HTTPResponse, FetchFailure>) -> String? {
        guard case .failure(let failure) = outcome else { return nil }
        return failure.reason
    }

    @Test func aServedFileArrivesWithItsStatusHeadersAndBody() throws {
        let response = try origin("good.example.com").get()
        let file = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/remote/files/current.json"))
        #expect(response.status == 200)
        #expect(response.mediaType == "application/json")
        #expect(response.body == [UInt8](file))
    }

    @Test func aRedirectIsTheAnswerAndIsNotFollowed() throws {
        let response = try origin("redirect.example.com").get()
        #expect(response.status == 301)
        #expect(response.isRedirect)
        #expect(response.header("location") == "https://www.redirect.example.com/.well-known/apple-app-site-association")
    }

    @Test func anErrorStatusIsAnAnswer() throws {
        #expect(try origin("missing.example.com").get().status == 404)
        #expect(try origin("wrong-type.example.com").get().mediaType == "text/plain")
    }

    /// The server answers after 5 seconds, with a file: had the fetcher waited for it, the
    /// outcome would be that answer, not a timeout.
    @Test func aSlowAnswerTimesOutWithinTheLimit() throws {
        let reason = failure(try origin("slow.example.com"))
        #expect(reason == "no complete answer within 1 second (the connection timed out)")
    }

    @Test func anAnnouncedOversizedAnswerIsRefusedBeforeItsBody() throws {
        #expect(failure(try origin("oversized.example.com"))
            == "the answer announces 5242880 bytes, more than the limit of 4194304 bytes, so it was not downloaded")
    }

    @Test func anOversizedAnswerWithoutALengthIsStoppedAtTheLimit() throws {
        #expect(failure(try origin("streamed-oversized.example.com"))
            == "the answer is larger than the limit of 4194304 bytes (it did not announce its length), so the download was stopped")
    }

    @Test func theSizeLimitIsTheCallers() throws {
        let small = RemoteFetcher(limits: .init(timeout: 1, maximumBytes: 100))
        #expect(failure(try origin("good.example.com", fetcher: small))?.contains("more than the limit of 100 bytes") == true)
    }

    @Test func aRefusedConnectionIsASentence() throws {
        let reason = failure(fetcher.fetch(try #require(URL(string: "http://127.0.0.1:1/.well-known/apple-app-site-association")), allowsPrivateAddresses: true))
        #expect(reason == "the connection to 127.0.0.1:1 was refused: nothing accepts connections there")
    }

    @Test func aFailedTLSHandshakeIsASentence() throws {
        // The test server speaks plain HTTP, so an https request to it fails in the handshake.
        let reason = failure(fetcher.fetch(try #require(URL(string: "https://127.0.0.1:\(server.port)/origin/good.example.com")), allowsPrivateAddresses: true))
        #expect(reason == "the TLS handshake with 127.0.0.1 failed, so no secure connection could be made")
    }

    @Test func theCrawlerAndABrowserMayGetDifferentAnswers() throws {
        #expect(try origin("crawler-blocked.example.com").get().status == 403)
        let browser = try origin("crawler-blocked.example.com", as: .browser).get()
        #expect(browser.status == 200)
        #expect(browser.carriesFile)
    }

    /// Apple's crawler keeps no cookie between requests, and neither does the fetcher: a site
    /// that lets in only clients coming back with its cookie never serves the file.
    @Test func noCookieIsKeptOrSent() throws {
        let first = try origin("cookie-wall.example.com").get()
        #expect(first.status == 403)
        #expect(first.header("Set-Cookie") == "visited=1; Path=/")
        #expect(try origin("cookie-wall.example.com").get().status == 403)
        #expect(try origin("cookie-wall.example.com", as: .browser).get().status == 403)
    }

    @Test func aChallengePageIsNamed() throws {
        let response = try origin("challenge.example.com").get()
        #expect(response.botProtectionPage == "a Cloudflare challenge page (cf-mitigated: challenge)")
        #expect(!response.carriesFile)
        let withoutHeader = HTTPResponse(status: 403, headers: ["Server": "cloudflare", "Content-Type": "text/html"], body: response.body)
        #expect(withoutHeader.botProtectionPage == "a Cloudflare challenge page (Server: cloudflare, with the challenge script)")
        #expect(try origin("missing.example.com").get().botProtectionPage == nil)
    }

    /// A loopback address is refused unless the caller allows it: by libcurl's check of each
    /// connection on Linux, by resolving first with URLSession.
    @Test func privateAddressesAreRefusedUnlessAllowed() throws {
        let url = try #require(URL(string: "\(server.originBase)/good.example.com/.well-known/apple-app-site-association"))
        #expect(failure(fetcher.fetch(url)) == "127.0.0.1 is a loopback address, so aasalint did not connect: it downloads only from public addresses, so that a configuration cannot make it probe this machine or its network; give --allow-private-addresses to fetch from such a host")
        #expect(try fetcher.fetch(url, allowsPrivateAddresses: true).get().status == 200)
        let named = try #require(URL(string: "https://app.localhost/.well-known/apple-app-site-association"))
        #expect(failure(fetcher.fetch(named))?.hasPrefix("app.localhost is a localhost name, which always means this machine, so aasalint did not connect") == true)
    }

    @Test func aHostThatDoesNotResolveIsASentence() throws {
        // `.invalid` never resolves (RFC 6761).
        let reason = failure(fetcher.fetch(try #require(URL(string: "https://aasalint.invalid/.well-known/apple-app-site-association"))))
        #expect(reason == "the host name aasalint.invalid could not be resolved (DNS lookup failed); check the name and its DNS records")
    }
}

@Suite struct RemoteAddressesTests {
    @Test func theDefaultsAreTheHostAndApplesCDN() throws {
        let addresses = try RemoteAddresses()
        #expect(addresses.originURL(for: "example.com") == "https://example.com/.well-known/apple-app-site-association")
        #expect(addresses.cdnURL(for: "example.com") == "https://app-site-association.cdn-apple.com/a/v1/example.com")
    }

    @Test func basesReplaceBoth() throws {
        let addresses = try RemoteAddresses(originBase: "https://mirror.example.net/sites/", cdnBase: "http://[::1]:8080/cdn")
        #expect(addresses.originURL(for: "example.com") == "https://mirror.example.net/sites/example.com/.well-known/apple-app-site-association")
        #expect(addresses.cdnURL(for: "example.com") == "http://[::1]:8080/cdn/example.com")
    }

    @Test(arguments: ["http://127.0.0.1:8080", "http://localhost", "http://[::1]", "https://mirror.example.net"])
    func loopbackMayUsePlainHTTP(base: String) {
        #expect(throws: Never.self) { try RemoteAddresses(originBase: base) }
    }

    @Test func plainHTTPElsewhereIsRefused() {
        #expect(throws: UsageError("'http://mirror.example.net' cannot replace the origin's address: plain http is allowed only for loopback addresses (127.0.0.1, ::1, localhost); use https")) {
            try RemoteAddresses(originBase: "http://mirror.example.net")
        }
        #expect(throws: UsageError.self) { try RemoteAddresses(cdnBase: "ftp://127.0.0.1/cdn") }
        #expect(throws: UsageError.self) { try RemoteAddresses(cdnBase: "not an address") }
    }

    @Test func onlyLoopbackBasesAndTheOptionPermitPrivateAddresses() throws {
        let tests = try RemoteAddresses(originBase: "http://127.0.0.1:8080/origin", cdnBase: "https://mirror.example.net/cdn")
        #expect(tests.permitsPrivateAddresses(for: tests.originURL(for: "example.com")))
        #expect(tests.permitsPrivateAddresses(for: tests.originURL(for: "example.com", at: .root)))
        #expect(!tests.permitsPrivateAddresses(for: tests.cdnURL(for: "example.com")))
        #expect(!tests.permitsPrivateAddresses(for: "http://127.0.0.1:8080/originals/example.com"))
        let defaults = try RemoteAddresses()
        #expect(!defaults.permitsPrivateAddresses(for: defaults.originURL(for: "example.com")))
        let allowed = try RemoteAddresses(allowsPrivateAddresses: true)
        #expect(allowed.permitsPrivateAddresses(for: allowed.originURL(for: "example.com")))
    }

    @Test func hostsAreHostNames() throws {
        #expect(try RemoteAddresses.host("Example.COM") == "example.com")
        #expect(throws: UsageError("'https://example.com' is not a host name; give only the host, such as example.com")) {
            try RemoteAddresses.host("https://example.com")
        }
        #expect(throws: UsageError.self) { try RemoteAddresses.host("localhost") }
    }
}
