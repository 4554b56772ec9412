@testable import AASALintCore
import Testing

@Suite struct AssociatedDomainTests {
    @Test func splitsServiceHostAndQuery() {
        let domain = AssociatedDomain("applinks:*.Example.com:8443?mode=developer+managed")
        #expect(domain.service == "applinks")
        #expect(domain.host == "*.Example.com:8443")
        #expect(domain.hostName == "*.Example.com")
        #expect(domain.apex == "example.com")
        #expect(domain.query == "mode=developer+managed")
        #expect(domain.modeTokens == ["developer", "managed"])
        #expect(domain.isWildcard && domain.isDeveloperMode)
    }

    @Test(arguments: [
        ("applink:example.com", AssociatedDomain.Problem.unknownService("applink", suggestion: "applinks:example.com")),
        ("Applinks:example.com", .unknownService("Applinks", suggestion: "applinks:example.com")),
        ("links:example.com", .unknownService("links", suggestion: nil)),
        ("https://example.com/a?b", .url(suggestion: "applinks:example.com")),
        ("example.com", .missingService(suggestion: "applinks:example.com")),
        ("applinks://example.com", .scheme(suggestion: "applinks:example.com")),
        ("applinks:example.com/", .trailingSlash(suggestion: "applinks:example.com")),
        ("applinks:example.com/a/b?mode=developer", .path(suggestion: "applinks:example.com?mode=developer")),
        ("applinks:example.com:443", .portOnAppLinks(suggestion: "applinks:example.com")),
        ("webcredentials:example.com:99999", .invalidPort("99999")),
        ("applinks:", .emptyHost),
        ("applinks:WWW.Example.com", .upperCase(suggestion: "applinks:www.example.com")),
        ("applinks:bücher.example", .internationalized(suggestion: "applinks:xn--bcher-kva.example")),
        ("applinks:*example.com", .misplacedWildcard),
        ("applinks:a.*.example.com", .misplacedWildcard),
        ("appclips:*.example.com", .wildcardOnAppClips),
        ("applinks:10.0.0.1", .ipAddress),
        ("applinks:[::1]", .ipAddress),
        ("applinks:localhost", .localhost),
        ("applinks:example", .invalidHost("example", reason: "it has no dot; write the fully qualified domain, such as example.com")),
        ("applinks:example.com.", .invalidHost("example.com.", reason: "it ends with a dot; remove it")),
        ("applinks:a..com", .invalidHost("a..com", reason: "it has an empty label (\"..\" or a leading dot)")),
        ("applinks:-a.com", .invalidHost("-a.com", reason: "the label \"-a\" starts or ends with \"-\"")),
        ("applinks:1.2.3", .invalidHost("1.2.3", reason: "its last label is a number, which is neither a domain nor an IPv4 address")),
        ("applinks:a b.com", .whitespace),
    ])
    func reportsTheFirstProblemOfTheServiceAndHost(text: String, problem: AssociatedDomain.Problem) {
        #expect(AssociatedDomain(text).problem == problem)
    }

    @Test(arguments: [
        "applinks:example.com", "webcredentials:www.example.com:8443", "activitycontinuation:example.com",
        "appclips:clip.example.com", "authsrv:login.example.com", "applinks:*.example.com",
        "applinks:localhost?mode=developer", "applinks:192.168.0.2?mode=developer+managed", "applinks:xn--bcher-kva.example",
        "applinks:$(DOMAIN)", "$(SERVICE):example.com", "applinks:${DOMAIN}:8080/path", "$(ASSOCIATED_DOMAIN)",
    ])
    func acceptsValidEntriesAndLeavesBuildSettingsAlone(text: String) {
        #expect(AssociatedDomain(text).problem == nil)
    }

    @Test(arguments: [
        ("applinks:example.com", nil),
        ("applinks:example.com?mode=managed+developer", nil),
        ("applinks:example.com?mode=Developer", AssociatedDomain.ModeProblem.unknownMode("Developer", suggestion: "developer")),
        ("applinks:example.com?mode=test", .unknownMode("test", suggestion: nil)),
        ("applinks:example.com?mode=", .emptyMode),
        ("applinks:example.com?mode=+managed", .emptyToken("mode=+managed")),
        ("applinks:example.com?developer", .notMode("developer")),
        ("applinks:example.com?mode=developer&a=b", .notMode("mode=developer&a=b")),
        ("applinks:example.com?mode=$(MODE)", nil),
    ])
    func checksTheMode(text: String, problem: AssociatedDomain.ModeProblem?) {
        #expect(AssociatedDomain(text).modeProblem == problem)
    }

    @Test func coversItsHostAndForAWildcardTheSubdomainsOnly() {
        #expect(AssociatedDomain("applinks:Example.com").covers(host: "example.COM"))
        #expect(AssociatedDomain("applinks:example.com:8443").covers(host: "example.com"))
        #expect(!AssociatedDomain("applinks:example.com").covers(host: "www.example.com"))
        let wildcard = AssociatedDomain("applinks:*.example.com")
        #expect(wildcard.covers(host: "shop.example.com") && wildcard.covers(host: "a.b.example.com"))
        #expect(!wildcard.covers(host: "example.com") && !wildcard.covers(host: "badexample.com"))
        #expect(!AssociatedDomain("applinks:$(HOST)").covers(host: "$(HOST)"))
    }

    @Test func duplicateKeysIgnoreHostCaseAndModeOrder() {
        #expect(AssociatedDomain("applinks:Example.com?mode=managed+developer").duplicateKey
            == AssociatedDomain("applinks:example.com?mode=developer+managed").duplicateKey)
        #expect(AssociatedDomain("applinks:example.com").duplicateKey != AssociatedDomain("applinks:example.com?mode=developer").duplicateKey)
    }

    @Test(arguments: [
        ("münchen.de", "xn--mnchen-3ya.de"), ("bücher.example", "xn--bcher-kva.example"),
        ("例え.jp", "xn--r8jz45g.jp"), ("MÜNCHEN.de", "xn--mnchen-3ya.de"), ("ascii.com", "ascii.com"),
    ])
    func encodesPunycode(host: String, expected: String) {
        #expect(Punycode.asciiHost(host) == expected)
    }
}
