import Foundation
import Testing

/// `aasalint match AndroidManifest.xml --urls | --sitemap | --access-log` run as a user runs it,
/// on `Fixtures/match/android`: an App Link filter for `/buy/`, a filter without verification for
/// `/help/` and an App Link filter for `/orders` that the sources never reach.
@Suite struct AndroidURLBatchMatchTests {
    static let folder = MatchCommandTests.folder.appendingPathComponent("android")

    func match(_ arguments: [String], input: String? = nil) throws -> BinaryRun {
        try BinaryRunner.run(["match", "AndroidManifest.xml"] + arguments, standardInput: input.map { Data($0.utf8) }, workingDirectory: Self.folder)
    }

    @Test func jsonLinesGiveOneObjectPerURLInInputOrder() throws {
        let run = try match(["--urls", "urls.txt", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            {"url": "https://example.com/buy/42", "decision": "match", "appLink": true, "activity": ".ProductActivity", "filter": "/application/0/activity/0/intent-filter/0", "line": 6}
            {"url": "https://example.com/help/website/faq", "decision": "match", "appLink": false, "activity": ".BlogActivity", "filter": "/application/0/activity/1/intent-filter/0", "line": 14}
            {"url": "https://example.com/about", "decision": "none", "appLink": null, "activity": null, "filter": null, "line": null}

            """)
        #expect(run.standardError.contains("urls.txt:5: \"not a url\" is not a URL (no scheme); skipped"))
    }

    /// Each line agrees with what `match AndroidManifest.xml URL` decides for the URL alone.
    @Test(arguments: ["https://example.com/buy/42", "https://example.com/help/website/faq", "https://example.com/about"])
    func eachLineAgreesWithTheSingleDecision(url: String) throws {
        let line = try match(["--urls", "-", "--format", "json"], input: url + "\n")
        let single = try match([url, "--format", "json"])
        let lineObject = try #require(JSONSerialization.jsonObject(with: Data(line.standardOutput.utf8)) as? [String: Any])
        let singleObject = try #require(JSONSerialization.jsonObject(with: Data(single.standardOutput.utf8)) as? [String: Any])
        #expect(lineObject["decision"] as? String == singleObject["decision"] as? String)
        let handler = (singleObject["handlers"] as? [[String: Any]])?.first
        #expect(lineObject["activity"] as? String == handler?["activity"] as? String)
        #expect(lineObject["filter"] as? String == (handler?["filter"] as? [String: Any])?["pointer"] as? String)
        #expect(single.status == (lineObject["decision"] as? String == "match" ? 0 : 1))
    }

    @Test func summaryCountsOutcomesAndNamesFiltersThatHandledNothing() throws {
        let run = try match(["--urls", "-"], input: "https://example.com/buy/42\nhttps://example.com/buy/7\nhttps://example.com/help/a\nhttps://example.com/about\n")
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            4 URLs from <stdin> decided against AndroidManifest.xml
            2 open the app as App Links, 1 only through filters that do not verify (the browser opens them on Android 12 and later), 1 handled by no filter
              app links: https://example.com/buy/42 https://example.com/buy/7
              unverified: https://example.com/help/a
              none: https://example.com/about
            Intent filters that handled most URLs:
              /application/0/activity/0/intent-filter/0 (line 6) of .ProductActivity: 2 URLs
              /application/0/activity/1/intent-filter/0 (line 14) of .BlogActivity: 1 URL
            1 of 3 web intent filters handled none of these URLs (dead in practice for this traffic; remove them or add the URLs they are for):
              /application/0/activity/2/intent-filter/0 (line 22) of .OrderActivity

            """)
    }

    @Test func sitemapURLsAreDecidedWithTheirQueryIgnoredByPaths() throws {
        let run = try match(["--sitemap", "../sitemap.xml", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.standardOutput.components(separatedBy: "\n").filter { !$0.isEmpty } == [
            #"{"url": "https://example.com/buy/1?a=1&b=2", "decision": "match", "appLink": true, "activity": ".ProductActivity", "filter": "/application/0/activity/0/intent-filter/0", "line": 6}"#,
            #"{"url": "https://example.com/about", "decision": "none", "appLink": null, "activity": null, "filter": null, "line": null}"#,
        ])
    }

    @Test func accessLogDecidesPageViewsAndCountsTheRest() throws {
        let run = try match(["--access-log", "../access.log", "--domain", "example.com"])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("""
            2 URLs from ../access.log decided against AndroidManifest.xml (1 unreadable line skipped, 2 requests that are not GET with 2xx or 3xx skipped)
            """))
    }

    @Test func aURLSourceTakesNoURL() throws {
        let run = try match(["https://example.com/buy/1", "--urls", "urls.txt"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("with --urls, --sitemap or --access-log give the manifest only, not a URL"))
    }

    @Test func aMissingSourceIsAUsageError() throws {
        let run = try match(["--urls", "missing.txt"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("missing.txt"))
    }
}
