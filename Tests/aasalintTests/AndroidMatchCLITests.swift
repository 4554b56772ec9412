import Foundation
import Testing

/// `aasalint match` on Android's files, through the built binary: the manifest's worked examples
/// of ANDROID.md and the assetlinks.json grant as each verifier decides it.
@Suite struct AndroidMatchCLITests {
    static let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rules")
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    private func aasalint(_ arguments: String...) throws -> BinaryRun {
        try BinaryRunner.run(arguments, workingDirectory: Self.rules)
    }

    @Test("a manifest decides URLs as Android does", arguments: [
        ("app-links-path-never-matches/good-advanced.AndroidManifest.xml", "https://example.com/2016/09/07/got_this_working.html", Int32(0)),
        ("app-links-path-never-matches/good-advanced.AndroidManifest.xml", "https://example.com/2016/9/7/got_this_working.html", 1),
        ("app-links-glob-backtrack/globs.AndroidManifest.xml", "https://example.com/a/details", 0),
        ("app-links-glob-backtrack/globs.AndroidManifest.xml", "https://example.com/a/b/details", 1),
        ("app-links-glob-backtrack/globs.AndroidManifest.xml", "https://example.com/files/a.pdf", 0),
        ("app-links-glob-backtrack/globs.AndroidManifest.xml", "https://example.com/files/a.v2.pdf", 1),
        // Ports must be explicit; paths are percent-decoded; hosts ignore case, schemes do not.
        ("app-links-port/ports.AndroidManifest.xml", "https://example.com/", 1),
        ("app-links-port/ports.AndroidManifest.xml", "https://example.com:443/", 0),
        ("app-links-path-never-matches/valid.AndroidManifest.xml", "https://EXAMPLE.com/product/%31", 0),
        ("app-links-path-never-matches/valid.AndroidManifest.xml", "HTTPS://example.com/product/1", 1),
    ])
    func manifestDecides(manifest: String, url: String, status: Int32) throws {
        let run = try aasalint("match", "--trace", manifest, url)
        #expect(run.status == status, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasPrefix(status == 0 ? "match: .MainActivity handles it, intent filter /application/0/activity/0/intent-filter/0 (line 6)" : "none:"))
    }

    @Test func wildcardHostsMatchAnyDepthButNotTheApexNorAnotherDomain() throws {
        let manifest = "app-links-path-never-matches/valid.AndroidManifest.xml"
        #expect(try aasalint("match", manifest, "https://a.b.example.com/product/1").status == 0)
        #expect(try aasalint("match", manifest, "https://badexample.com/product/1").status == 1)
        #expect(try aasalint("match", manifest, "https://example.com/products").status == 1)
    }

    @Test func manifestDecisionAsJSON() throws {
        let run = try aasalint("match", "--format", "json", "app-links-port/ports.AndroidManifest.xml", "https://example.com/")
        #expect(run.status == 1)
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["decision"] as? String == "none")
        let trace = try #require(object["trace"] as? [[String: Any]])
        #expect(trace.first?["reason"] as? String == #"host "example.com" matches none of "example.com:443""#)
    }

    @Test func assetLinksGrantAsAndroidDecides() throws {
        let granted = try aasalint("match", "assetlinks-duplicate/two-packages.assetlinks.json", "--package", "com.example.shop.debug",
                                   "--fingerprint", Self.fingerprint.lowercased().replacingOccurrences(of: ":", with: ""))
        #expect(granted.status == 0)
        #expect(granted.standardOutput.hasPrefix("granted: assetlinks-duplicate/two-packages.assetlinks.json grants com.example.shop.debug"))
        let otherPackage = try aasalint("match", "assetlinks-duplicate/two-packages.assetlinks.json", "--package", "com.example.other",
                                        "--fingerprint", Self.fingerprint)
        #expect(otherPackage.status == 1)
        #expect(otherPackage.standardOutput.contains("no android_app statement names com.example.other (it names com.example.shop, com.example.shop.debug)"))
        let lowerCase = try aasalint("match", "assetlinks-fingerprint-format/common-mistakes.assetlinks.json", "--package", "com.example.shop",
                                     "--fingerprint", Self.fingerprint)
        #expect(lowerCase.status == 1)
        #expect(lowerCase.standardOutput.contains("which Android compares as a different string"))
    }

    /// A statement AOSP cannot parse loses the file there; Google drops only that statement.
    @Test func verifiersDisagreeOnANumberInAStatement() throws {
        let run = try aasalint("match", "--format", "json", "assetlinks-number-or-null/numbers.assetlinks.json", "--package", "com.example.shop",
                               "--fingerprint", Self.fingerprint)
        #expect(run.status == 1)
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["decision"] as? String == "none")
        #expect((object["google"] as? [String: Any])?["granted"] as? Bool == true)
        #expect((object["aosp"] as? [String: Any])?["failure"] as? String == "a number at /0/version")
    }
}
