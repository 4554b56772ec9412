@testable import AASALintCore
import Foundation
import Testing

/// `Fixtures/diff/<case>.old.json` against `<case>.new.json`: equivalent rewrites report no
/// change, and every reported example URL really changes decision as its class says.
@Suite struct SemanticDiffTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/diff")
    static let equivalentCases = ["duplicated-rule", "hoisted-defaults", "legacy-to-components", "reordered-disjoint"]
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".old.json") }.map { String($0.dropLast(".old.json".count)) }.sorted()

    static func matcher(_ name: String) throws -> AASAMatcher {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        return try #require(AASAMatcher(file: LintFile(path: name, kind: .aasa, bytes: bytes)))
    }

    @Test func everyKindOfCaseIsThere() {
        #expect(Self.cases.count >= 10)
        #expect(Self.equivalentCases.allSatisfy(Self.cases.contains))
    }

    @Test(arguments: cases)
    func examplesReallyChangeDecision(name: String) throws {
        let old = try Self.matcher(name + ".old.json")
        let new = try Self.matcher(name + ".new.json")
        let difference = SemanticDiff(old: old, new: new)
        #expect(difference.isEquivalent == Self.equivalentCases.contains(name))
        #expect(difference.incompleteApps.isEmpty)
        for change in difference.changes where change.service == "applinks" {
            #expect(!change.exampleURLs.isEmpty)
            for text in change.exampleURLs {
                let url = try LinkURL(text)
                let before = old.decide(url, appID: change.appID, tracing: false).outcome
                let after = new.decide(url, appID: change.appID, tracing: false).outcome
                #expect(BehaviourChange.Kind(from: before, to: after) == change.kind, "\(name): \(text) goes \(before) -> \(after)")
            }
        }
    }

    @Test func aFileIsEquivalentToItself() throws {
        let matcher = try Self.matcher("narrower-query.old.json")
        #expect(SemanticDiff(old: matcher, new: matcher).isEquivalent)
    }

    @Test func theAppOptionLimitsTheComparison() throws {
        let old = try Self.matcher("removed-rule.old.json")
        let new = try Self.matcher("removed-rule.new.json")
        #expect(SemanticDiff(old: old, new: new, appID: "ABCDE12345.com.example.other").isEquivalent)
    }

    /// Generated pairs: every example changes as reported, and every sampled URL whose
    /// decision changes belongs to a reported class.
    @Test(arguments: 0..<100)
    func generatedPairsAgreeWithTheMatcher(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) + 10_000)
        let oldJSON = GeneratedAASA.json(random: &random)
        let newJSON = GeneratedAASA.json(random: &random)
        let old = try #require(AASAMatcher(file: LintFile(path: "old.json", kind: .aasa, bytes: Array(oldJSON.utf8))))
        let new = try #require(AASAMatcher(file: LintFile(path: "new.json", kind: .aasa, bytes: Array(newJSON.utf8))))
        let difference = SemanticDiff(old: old, new: new)
        #expect(difference.incompleteApps.isEmpty)
        let reported = Set(difference.changes.map(\.kind))
        let app = GeneratedAASA.appID
        for change in difference.changes {
            for text in change.exampleURLs {
                let url = try LinkURL(text)
                let kind = BehaviourChange.Kind(from: old.decide(url, appID: app, tracing: false).outcome,
                                                to: new.decide(url, appID: app, tracing: false).outcome)
                #expect(kind == change.kind, "\(text) in \(oldJSON) -> \(newJSON)")
            }
        }
        for text in GeneratedAASA.sampleURLs() {
            let url = try LinkURL(text)
            if let kind = BehaviourChange.Kind(from: old.decide(url, appID: app, tracing: false).outcome,
                                               to: new.decide(url, appID: app, tracing: false).outcome) {
                #expect(reported.contains(kind), "\(text) changes (\(kind)) unreported: \(oldJSON) -> \(newJSON)")
            }
        }
    }
}
