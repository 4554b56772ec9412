@testable import AASALintCore
@testable import AASALintRules
import AASALintTestSupport
import Testing

/// similar-app-ids compares appIDs across services: compared pair by pair, a file of thousands
/// of them took minutes. Only appIDs that share a one-deletion form are compared, so doubling
/// the appIDs doubles the work.
@Suite struct SimilarAppIDsScaleTests {
    static func file(count: Int) -> LintFile {
        func ids(_ suffix: String) -> String {
            (0..<count).map { #""ABCDE12345.com.example.app\#($0)\#(suffix)""# }.joined(separator: ", ")
        }
        let text = #"{"applinks": {"details": [{"appIDs": [\#(ids("x"))], "components": [{"/": "/a"}]}]}, "webcredentials": {"apps": [\#(ids("y"))]}}"#
        return LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(text.utf8))
    }

    @Test func thousandsOfAppIDsAreComparedInLinearTime() throws {
        let selection = try FixtureSupport.selection(of: "similar-app-ids")
        var times: [Int: Duration] = [:]
        for count in [2_000, 4_000] {
            let file = Self.file(count: count)
            var diagnostics: [Diagnostic] = []
            times[count] = try ThreadProcessorTime.measure { diagnostics = try FixtureSupport.lint(file, with: selection, asRelease: false) }
            // Every webcredentials appID is one letter from its applinks twin.
            #expect(diagnostics.filter { $0.ruleID == "similar-app-ids" }.count == count)
        }
        let (small, large) = (try #require(times[2_000]), try #require(times[4_000]))
        #expect(large < small * 3, "2,000 appIDs a service: \(small); 4,000: \(large) of processor time")
    }

    /// The one-deletion forms drop one Unicode scalar, whatever its UTF-8 length.
    @Test func deletionsDropOneScalarAtATime() {
        #expect(SimilarAppIDsRule.deletions(of: "aé😀") == ["aé😀", "é😀", "a😀", "aé"])
        #expect(SimilarAppIDsRule.deletions(of: "") == [""])
    }
}
