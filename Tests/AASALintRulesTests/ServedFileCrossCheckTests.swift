@testable import AASALintCore
import AASALintRules
import Foundation
import Testing

/// The cross-check of `lint --remote` with signed apps, on the library's side: the signed
/// executables of `Fixtures/artifacts/remote/Shop.ipa` against files as their hosts served them.
@Suite struct ServedFileCrossCheckTests {
    static let signedFiles = ArtifactReader.read(FixtureSupport.packageRoot.appendingPathComponent("Fixtures/artifacts/remote/Shop.ipa").path,
                                                 shownAs: "Shop.ipa").files.filter { $0.signedBundle != nil }

    /// An AASA file as `host` served it, listing `appIDs` for applinks.
    private static func served(_ host: String, listing appIDs: [String]) -> (String, LintFile) {
        let list = appIDs.map { "\"\($0)\"" }.joined(separator: ", ")
        let body = #"{"applinks": {"details": [{"appIDs": [\#(list)], "components": [{"/": "/*"}]}]}, "webcredentials": {"apps": [\#(list)]}}"#
        return (host, LintFile(path: "https://\(host)/.well-known/apple-app-site-association", kind: .aasa, bytes: Array(body.utf8)))
    }

    private static func crossCheck(_ served: [(String, LintFile)]) throws -> [String] {
        let plan = try RulePlan(registry: try FixtureSupport.registry(), configuration: Configuration())
        let diagnostics = try Linter(plan: plan).lint(signedFiles + served.map(\.1), servedFiles: Dictionary(uniqueKeysWithValues: served),
                                                      runs: { $0 is any ServedFileCrossCheck })
        return diagnostics.map { "\($0.location.file) \($0.location.pointer?.description ?? "") [\($0.ruleID)]" }
    }

    static let app = "Q7KX2M9P4L.com.example.shop"
    static let clip = "Q7KX2M9P4L.com.example.shop.Clip"

    @Test func hostsThatListTheSignedAppsGiveNoFinding() throws {
        #expect(try Self.crossCheck([Self.served("shop.example.com", listing: [Self.app, Self.clip]),
                                     Self.served("good.example.com", listing: [Self.app])]) == [])
    }

    @Test func aHostThatDoesNotListTheAppIsReportedInTheArtifactAndInTheDownload() throws {
        let findings = try Self.crossCheck([Self.served("shop.example.com", listing: [Self.app, Self.clip]),
                                            Self.served("good.example.com", listing: ["Q7KX2M9P4L.com.example.blog"])])
        #expect(findings == [
            "Shop.ipa!Payload/Shop.app/Shop /com.apple.developer.associated-domains/2 [app-not-in-aasa]",
            "Shop.ipa!Payload/Shop.app/Shop /com.apple.developer.associated-domains/3 [app-not-in-aasa]",
            "https://good.example.com/.well-known/apple-app-site-association /applinks/details [app-not-in-aasa]",
        ])
    }

    /// `applinks:staging.example.com?mode=developer` is signed into the app: even when that host
    /// was downloaded, the developer-mode entry is not checked against it. The wildcard entry
    /// `applinks:*.example.com` is, as against every downloaded host it covers.
    @Test func aDeveloperModeEntryIsNotCheckedAgainstADownload() throws {
        let findings = try Self.crossCheck([Self.served("shop.example.com", listing: [Self.app, Self.clip]),
                                            Self.served("good.example.com", listing: [Self.app]),
                                            Self.served("staging.example.com", listing: [])])
        #expect(findings == [
            "Shop.ipa!Payload/Shop.app/Shop /com.apple.developer.associated-domains/3 [app-not-in-aasa]",
            "https://staging.example.com/.well-known/apple-app-site-association /applinks/details [app-not-in-aasa]",
        ])
    }
}
