import Foundation
import Testing

/// `aasalint match AASA --urls | --sitemap | --access-log` run as a user runs it, on
/// `Fixtures/match`: Apple's documented example and URL sources beside it.
@Suite struct URLBatchMatchTests {
    static let app = "ABCDE12345.com.example.app"

    func match(_ arguments: [String], input: String? = nil) throws -> BinaryRun {
        try BinaryRunner.run(["match", "apple-app-site-association"] + arguments, standardInput: input.map { Data($0.utf8) },
                             workingDirectory: MatchCommandTests.folder)
    }

    @Test func jsonLinesGiveOneObjectPerURLAndAppInInputOrder() throws {
        let run = try match(["--urls", "urls.txt", "--app", Self.app, "--format", "json"])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            {"url": "https://example.com/buy/42", "app": "ABCDE12345.com.example.app", "decision": "match", "rule": "/applinks/details/0/components/1", "line": 8}
            {"url": "https://example.com/help/website/faq", "app": "ABCDE12345.com.example.app", "decision": "block", "rule": "/applinks/details/0/components/2", "line": 9}
            {"url": "https://example.com/about", "app": "ABCDE12345.com.example.app", "decision": "none", "rule": null, "line": null}

            """)
        #expect(run.standardError.contains("urls.txt:5: \"not a url\" is not an https URL"))
    }

    @Test func summaryCountsEachAppAndNamesRulesThatDecidedNothing() throws {
        let run = try match(["--urls", "-"], input: "https://example.com/buy/42\nhttps://example.com/about\n")
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            2 URLs from <stdin> decided against apple-app-site-association
            ABCDE12345.com.example.app: 1 open the app, 0 blocked by an exclusion, 1 stay on the web
              opens: https://example.com/buy/42
              web: https://example.com/about
            ABCDE12345.com.example.news: 1 open the app, 0 blocked by an exclusion, 1 stay on the web
              opens: https://example.com/buy/42
              web: https://example.com/about
            Components that decided most URLs:
              /applinks/details/0/components/1 (line 8) {"/": "/buy/*"}: 1 URL
            3 of 4 components decided none of these URLs (dead in practice for this traffic; remove them or add the URLs they are for):
              /applinks/details/0/components/0 (line 7) {"#": "no_universal_links", "exclude": true}
              /applinks/details/0/components/2 (line 9) {"/": "/help/website/*", "exclude": true}
              /applinks/details/0/components/3 (line 10) {"/": "/help/*", "?": {"articleNumber": "????"}}

            """)
    }

    /// A catalog of `/p/0` to `/p/24` and traffic that reaches only `/p/0`.
    func catalogWithIdleComponents(_ arguments: [String]) throws -> BinaryRun {
        let folder = try TemporaryFolder("idle")
        let components = (0..<25).map { #"{"/": "/p/\#($0)"}"# }.joined(separator: ",\n")
        try folder.write("apple-app-site-association", """
            {"applinks": {"details": [{"appIDs": ["\(Self.app)"], "components": [
            \(components)
            ]}]}}
            """)
        return try BinaryRunner.run(["match", "apple-app-site-association", "--urls", "-"] + arguments,
                                    standardInput: Data("https://example.com/p/0\n".utf8), workingDirectory: folder.url)
    }

    @Test func summaryNamesTheFirstIdleComponentsAndCountsTheRest() throws {
        let run = try catalogWithIdleComponents([])
        #expect(run.status == 0)
        let lines = run.standardOutput.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex { $0.hasPrefix("24 of 25 components decided none of these URLs") })
        #expect(lines[heading + 1] == "  /applinks/details/0/components/1 (line 3) {\"/\": \"/p/1\"}")
        #expect(lines[heading + 20] == "  /applinks/details/0/components/20 (line 22) {\"/\": \"/p/20\"}")
        #expect(lines[heading + 21] == "  and 4 more (--all-idle lists them all)")
        #expect(lines[heading + 22] == "")
    }

    @Test func allIdleListsEveryIdleComponent() throws {
        let run = try catalogWithIdleComponents(["--all-idle"])
        #expect(run.status == 0)
        let lines = run.standardOutput.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex { $0.hasPrefix("24 of 25 components decided none of these URLs") })
        #expect(Array(lines[(heading + 1)...]) == (1..<25).map { "  /applinks/details/0/components/\($0) (line \($0 + 2)) {\"/\": \"/p/\($0)\"}" } + [""])
    }

    @Test func allIdleNeedsAURLSource() throws {
        let run = try match(["https://example.com/buy/42", "--all-idle"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--all-idle lists the components that no URL of --urls, --sitemap or --access-log decided"))
    }

    @Test func sitemapIndexReadsTheChildSitemapsBesideIt() throws {
        let run = try match(["--sitemap", "sitemap-index.xml", "--app", Self.app, "--format", "json"])
        #expect(run.status == 0)
        #expect(run.standardOutput.components(separatedBy: "\n").filter { !$0.isEmpty }.map { $0.components(separatedBy: "\"decision\": ")[1].prefix(7) }
            == ["\"match\"", "\"none\","])
        #expect(run.standardOutput.contains(#""url": "https://example.com/buy/1?a=1&b=2""#))
        #expect(run.standardError.contains("sitemap-index.xml:4: child sitemap https://example.com/missing.xml is not beside the index"))
    }

    @Test func gzippedSitemapIsDecidedLikeThePlainOne() throws {
        let plain = try match(["--sitemap", "sitemap.xml", "--format", "json"])
        let gzipped = try match(["--sitemap", "sitemap.xml.gz", "--format", "json"])
        #expect(gzipped.status == 0)
        #expect(gzipped.standardOutput.contains(#""url": "https://example.com/buy/1?a=1&b=2""#))
        #expect(gzipped.standardOutput == plain.standardOutput)
    }

    @Test func accessLogDecidesPageViewsAndCountsTheRest() throws {
        let run = try match(["--access-log", "access.log", "--domain", "example.com", "--app", Self.app])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("""
            2 URLs from access.log decided against apple-app-site-association (1 unreadable line skipped, 2 requests that are not GET with 2xx or 3xx skipped)
            ABCDE12345.com.example.app: 1 open the app, 1 blocked by an exclusion, 0 stay on the web
            """))
        #expect(run.standardError.contains("access.log:4: no quoted request"))
    }

    @Test func accessLogNeedsTheDomain() throws {
        let run = try match(["--access-log", "access.log"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--access-log needs --domain HOST"))
    }
}
