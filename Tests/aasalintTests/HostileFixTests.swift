import Foundation
import Testing

/// `--fix` on inputs built to make its rounds combine what should not be combined or do work
/// that grows faster than the file (issue 27, items 10 and 15, and the `--fix` item left from
/// round two). Each run ends within the bounds of `HostileInputTests`.
@Suite struct HostileFixTests {
    static let app = "ABCDE1234X.com.example.shop"

    // MARK: Item 10: alternative fixes of one mistake

    /// From the corpus (provenance-emu.github.io): `{"url": "*"}` before an exclusion of the
    /// same path. `optional-query-item` offers `"?*"`; `exclude-shadowed` offers to move the
    /// exclusion up. Either alone is what someone may mean; both together blocked every
    /// `/skins/install?url=...` URL. The first is made and the second refused as its alternative.
    @Test func alternativeFixesOfOneMistakeAreNotCombined() throws {
        let folder = try Workspace("hostile-fix")
        let text = """
            {"applinks": {"details": [{"appIDs": ["\(Self.app)"], "components": [
              {"/": "/skins/install", "?": {"url": "*"}},
              {"/": "/skins/install", "exclude": true},
              {"/": "/skins/*"}
            ]}]}}

            """
        try folder.write("site/apple-app-site-association", text)
        let fix = try folder.aasalint(["lint", "--no-config", "--fix", "--unsafe-fixes", "--quiet", "site"])
        fix.expectGraceful(status: 0, stderr: [
            "aasalint: fixed 1 finding in site/apple-app-site-association",
            "[exclude-shadowed]: move this exclusion above line 2: it is an alternative to the fix of the same mistake made at 2:40 [optional-query-item]",
        ])
        let fixed = try String(contentsOf: folder.url.appendingPathComponent("site/apple-app-site-association"), encoding: .utf8)
        #expect(fixed == text.replacingOccurrences(of: #"{"url": "*"}"#, with: #"{"url": "?*"}"#), "\(fixed)")
        let install = try folder.aasalint(["match", "site/apple-app-site-association", "https://example.com/skins/install?url=a"])
        install.expectGraceful(status: 0, stdout: ["\(Self.app): match"])
        let bare = try folder.aasalint(["match", "site/apple-app-site-association", "https://example.com/skins/install"])
        bare.expectGraceful(status: 1, stdout: ["\(Self.app): blocked"])
    }

    // MARK: Item 15: fixes that make findings

    /// The `appIds` rename and the legacy rewrite each wrote `"appIDs"` into one entry (a
    /// duplicate key); the legacy rewrite of `appID` beside `components` left `paths` that no
    /// version reads. Now the rewrite is not offered in either entry, and no fixed file has a
    /// second `"appIDs"` or a dead `paths`. (FixProofTests undoes a round that makes a finding.)
    @Test func fixesThatWouldMakeFindingsAreNotMade() throws {
        let folder = try Workspace("hostile-fix")
        let duplicate = #"{"applinks": {"details": [{"appID": "\#(Self.app)", "appIds": ["ABCDE1234X.com.example.other"], "paths": ["/a/*"]}]}}"# + "\n"
        let deadPaths = #"{"applinks": {"details": [{"appID": "\#(Self.app)", "paths": ["/a/*"], "components": [{"/": "/b/*"}]}]}}"# + "\n"
        try folder.write("duplicate/apple-app-site-association", duplicate)
        try folder.write("dead/apple-app-site-association", deadPaths)
        // legacy-format is opt-in: its rewrite is what is under test.
        let before = try folder.aasalint(["lint", "--no-config", "--enable", "legacy-format", "--quiet", "--format", "json", "duplicate", "dead"])
        #expect(Self.rulesReported(before).contains("legacy-format"))
        let fix = try folder.aasalint(["lint", "--no-config", "--enable", "legacy-format", "--fix", "--unsafe-fixes", "--quiet", "duplicate", "dead"])
        fix.expectGraceful(status: 0, stderr: ["aasalint: fixed 2 findings in duplicate/apple-app-site-association"])
        let fixed = try String(contentsOf: folder.url.appendingPathComponent("duplicate/apple-app-site-association"), encoding: .utf8)
        #expect(fixed.components(separatedBy: #""appIDs""#).count == 2, "one appIDs: \(fixed)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("dead/apple-app-site-association"), encoding: .utf8) == deadPaths)
        let after = try folder.aasalint(["lint", "--no-config", "--enable", "legacy-format", "--quiet", "--format", "json", "duplicate", "dead"])
        #expect(!Self.rulesReported(after).contains("duplicate-key"), "\(after)")
        #expect(!Self.rulesReported(after).contains("unknown-key"), "\(after)")
    }

    // MARK: Left from round two: --fix past the compilation limit

    /// 21,500 components to fix grow the file past `LintFile.compilationLimit` (1 MiB): the proof
    /// used to fail for every fix from there, halving down to single fixes, and refused 734 with
    /// "the fix would leave a file the system cannot read" (216 s). Every fix is made, and twice
    /// the mistakes take less than three times the processor time (the square would take four).
    @Test func fixOfRepeatedMistakesPastTheCompilationLimitStaysLinear() throws {
        let folder = try Workspace("hostile-fix")
        var times: [Int: Duration] = [:]
        for count in [10_750, 21_500] {
            let components = (0..<count).map { #"{"/": "/caf%C3%A9/product-\#($0)"}"# }.joined(separator: ", ")
            try folder.write("site\(count)/apple-app-site-association",
                             #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [\#(components)]}]}}"#)
            let fix = try folder.aasalint(["lint", "--no-config", "--fix", "--quiet", "site\(count)"])
            // `file-too-large` is left: the system reads no AASA file over 128 KB.
            fix.expectGraceful(status: 1, memory: 300 << 20, stderr: ["aasalint: fixed \(count) findings in site\(count)/apple-app-site-association"])
            #expect(!fix.output.standardError.contains("did not fix"), "\(fix)")
            let fixed = try String(contentsOf: folder.url.appendingPathComponent("site\(count)/apple-app-site-association"), encoding: .utf8)
            #expect(fixed.components(separatedBy: #""percentEncoded": false"#).count == count + 1)
            if count == 21_500 { #expect(fixed.utf8.count > 1 << 20, "the fixed file passes the compilation limit") }
            times[count] = fix.processorTime
        }
        let small = try #require(times[10_750])
        let large = try #require(times[21_500])
        print("--fix of 10,750 mistakes: \(small) of processor time; of 21,500: \(large)")
        #expect(large < small * 3, "10,750 mistakes took \(small), 21,500 took \(large)")
    }

    // MARK: Helpers

    /// The rule of each finding of a JSON report, sorted.
    static func rulesReported(_ run: HostileRun) -> [String] {
        let object = try? JSONSerialization.jsonObject(with: Data(run.output.standardOutput.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
        return diagnostics.compactMap { $0["ruleId"] as? String }.sorted()
    }
}
