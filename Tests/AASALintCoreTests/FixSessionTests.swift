@testable import AASALintCore
import Testing

/// How one round of `FixSession` chooses among the fixes of a file, on an entitlements file
/// (no proof, so that only the choice decides): alternatives of one mistake, fixes whose own
/// edits overlap or lie past the end, and one fix shared by several findings.
/// (`FixRoundsTests` holds the round limit and fixes that insert at the same place.)
@Suite struct FixSessionTests {
    private let plan: RulePlan
    private static let original = LintFile(path: "App.entitlements", kind: .entitlements, bytes: Array("xyz".utf8))
    private static let place = JSONPointer(tokens: ["com.apple.developer.associated-domains"])

    init() throws {
        plan = RulePlan(fixed: try RuleSelection(registry: RuleRegistry([]), enable: [], disable: []))
    }

    /// A finding at `pointer` whose fix makes `edits` (offsets of `file`).
    private static func finding(_ rule: String, at pointer: JSONPointer, in file: LintFile, edits: [(Range<Int>, String)],
                                related: [JSONPointer] = []) -> Diagnostic {
        Diagnostic(ruleID: rule, severity: .warning, message: rule, location: file.location(span: 0..<0, pointer: pointer),
                   related: related.map { RelatedLocation(file.location(span: 0..<0, pointer: $0), message: "here") },
                   fix: Fix("fix of \(rule)", edits: edits.map { file.edit(replacing: $0.0, with: $0.1) }))
    }

    /// Runs the rounds with `findings` made by every lint of the file as it then reads, and the
    /// texts the lints saw.
    private func rounds(_ findings: @escaping (LintFile) -> [Diagnostic]) -> (outcome: FixSession.Outcome, texts: [String]) {
        var texts: [String] = []
        let outcome = FixSession(plan: plan).rounds { fixed in
            let file = fixed.first ?? Self.original
            texts.append(String(decoding: file.bytes, as: UTF8.self))
            return (findings(file), [DiscoveredFile(path: file.path, kind: .entitlements)])
        } read: { _ in Self.original.bytes }
        return (outcome, texts)
    }

    private static func fixed(_ outcome: FixSession.Outcome) -> [String] {
        outcome.files.map { String(decoding: $0.fixed, as: UTF8.self) }
    }

    /// Two fixes of the finding at one place, with edits apart: each alone would repair the
    /// mistake, both together would repair it twice. The first is made, the second refused as
    /// its alternative, and the refusal holds in the rounds after.
    @Test func alternativesOfOneMistakeAreNeverCombined() {
        // Each finding stays until its own fix is made, so the next lint offers the second again.
        let (outcome, texts) = rounds { file in
            let text = String(decoding: file.bytes, as: UTF8.self)
            return (text.contains("a") ? [] : [Self.finding("rule-a", at: Self.place, in: file, edits: [(0..<0, "a")])])
                + (text.contains("b") ? [] : [Self.finding("rule-b", at: Self.place, in: file, edits: [(text.utf8.count..<text.utf8.count, "b")])])
        }
        #expect(texts == ["xyz", "axyz"])
        #expect(Self.fixed(outcome) == ["axyz"])
        #expect(outcome.remainingSafe == 0, "a refused fix is not one still waiting")
        #expect(outcome.refusals.map(\.diagnostic.ruleID) == ["rule-b"])
        #expect(outcome.refusals.first?.reason.hasPrefix("it is an alternative to the fix of the same mistake made at 1:1 [rule-a] (fix of rule-a)") == true)
    }

    /// A finding that relates to the place of one taken, or to a place that holds it, is of
    /// the same mistake (`exclude-shadowed` names the component that `optional-query-item`
    /// fixes); one that relates to a place inside it, or elsewhere, is not.
    @Test(arguments: [
        (["details", "0", "components", "1"], true),
        (["details", "0"], true),
        (["details", "0", "components", "1", "?"], false),
        (["details", "0", "components", "0"], false),
    ])
    func aFindingRelatingToATakenPlaceIsAnAlternative(related tokens: [String], isAlternative: Bool) {
        let (outcome, _) = rounds { file in
            guard String(decoding: file.bytes, as: UTF8.self) == "xyz" else { return [] }
            return [Self.finding("rule-a", at: JSONPointer(tokens: ["details", "0", "components", "1"]), in: file, edits: [(0..<0, "a")]),
                    Self.finding("rule-b", at: JSONPointer(tokens: ["other"]), in: file, edits: [(3..<3, "b")],
                                 related: [JSONPointer(tokens: tokens)])]
        }
        #expect(Self.fixed(outcome) == [isAlternative ? "axyz" : "axyzb"])
        #expect(outcome.refusals.map(\.diagnostic.ruleID) == (isAlternative ? ["rule-b"] : []))
    }

    static let unmakeable: [[(Range<Int>, String)]] = [[(0..<2, "p"), (1..<3, "q")], [(2..<4, "p")]]

    /// A fix whose own edits overlap (their order would decide the result), or that edits past
    /// the end of the bytes, is never made: it stays a remaining fix, and the loop ends when a
    /// round makes nothing rather than retry it until the limit.
    @Test(arguments: Self.unmakeable)
    func aFixThatCannotBeMadeAsItIsStaysUnmade(edits: [(Range<Int>, String)]) {
        let (outcome, texts) = rounds { file in [Self.finding("rule-a", at: Self.place, in: file, edits: edits)] }
        #expect(texts == ["xyz"])
        #expect(outcome.files.isEmpty)
        #expect(outcome.refusals.isEmpty)
        #expect(outcome.remainingSafe == 1)
    }

    /// Findings that share one fix (the same edits: several findings of one component) make
    /// it once, and each counts as fixed.
    @Test func findingsThatShareAFixMakeItOnce() {
        let (outcome, texts) = rounds { file in
            guard String(decoding: file.bytes, as: UTF8.self) == "xyz" else { return [] }
            return [Self.finding("rule-a", at: Self.place, in: file, edits: [(1..<2, "Y")]),
                    Self.finding("rule-b", at: JSONPointer(tokens: ["other"]), in: file, edits: [(1..<2, "Y")])]
        }
        #expect(texts == ["xyz", "xYz"])
        #expect(Self.fixed(outcome) == ["xYz"])
        #expect(outcome.fixCount == 2)
        #expect(outcome.refusals.isEmpty)
    }

    /// Fixes far apart in one file are all made in the first round, in one pass.
    @Test func fixesApartAreMadeInOneRound() {
        let (outcome, texts) = rounds { file in
            guard String(decoding: file.bytes, as: UTF8.self) == "xyz" else { return [] }
            return [Self.finding("rule-b", at: JSONPointer(tokens: ["b"]), in: file, edits: [(2..<3, "Z")]),
                    Self.finding("rule-a", at: JSONPointer(tokens: ["a"]), in: file, edits: [(0..<1, "X")])]
        }
        #expect(texts == ["xyz", "XyZ"])
        #expect(outcome.fixCount == 2)
    }
}

@Suite struct FixDiffLimitTests {
    private static func lines(_ count: Int, changing changed: Set<Int>) -> [UInt8] {
        Array((0..<count).map { changed.contains($0) ? "changed \($0)\n" : "line \($0)\n" }.joined().utf8)
    }

    /// Past `comparisonLimit` line pairs in the changed middle, the middle is replaced whole (a
    /// correct diff, not the shortest); below it, the shortest diff keeps the equal lines.
    @Test func aMiddleOverTheLimitIsReplacedWhole() {
        let small = FixDiff.unified(path: "f", old: Self.lines(20, changing: []), new: Self.lines(20, changing: [0, 19]))
        #expect(small.split(separator: "\n").filter { $0.hasPrefix("@@ ") } == ["@@ -1,4 +1,4 @@", "@@ -17,4 +17,4 @@"])
        #expect(small.split(separator: "\n").filter { $0.hasPrefix("-l") }.count == 2)

        // Lines 0 and n-1 change, so the whole file is the middle: n * n pairs.
        let count = Int(Double(FixDiff.comparisonLimit).squareRoot()) + 1
        let large = FixDiff.unified(path: "f", old: Self.lines(count, changing: []), new: Self.lines(count, changing: [0, count - 1]))
        #expect(large.hasPrefix("--- f\n+++ f\n@@ -1,\(count) +1,\(count) @@\n"))
        let body = large.split(separator: "\n").dropFirst(3)
        #expect(body.filter { $0.hasPrefix("-") }.count == count)
        #expect(body.filter { $0.hasPrefix("+") }.count == count)
    }
}
