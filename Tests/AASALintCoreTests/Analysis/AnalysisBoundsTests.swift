@testable import AASALintCore
import Testing

/// The bounds that keep the rule-order analysis and `diff` within seconds on hostile files
/// (issue 14): below them the answers are those of an unbounded analysis; where a bound stops
/// the analysis, the rules left say so, and no rule gets a guess.
@Suite struct AnalysisBoundsTests {
    static let appID = "ABCDE12345.com.example.app"
    /// A tenth of the standard budget: the bounds are reached in a tenth of the time.
    static let budget = AnalysisBudget(states: 2_000)

    static func matcher(_ components: [String]) throws -> AASAMatcher {
        let json = #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [\#(components.joined(separator: ", "))]}]}}"#
        return try #require(AASAMatcher(file: LintFile(path: "bounds.json", kind: .aasa, bytes: Array(json.utf8)), determinisesEagerly: false))
    }

    /// 3,000 rules that all meet, every fifth an exclusion: the analysis stops at the file's
    /// budget, and every rule it answered has the verdict it has when the file holds only the
    /// rules up to it.
    @Test func rulesBeforeTheBudgetRunsOutAreAnsweredAsWithoutTheRest() throws {
        let components = (0..<3_000).map { index in
            index % 5 == 4 ? #"{"/": "/*/i\#(index - 4)", "exclude": true}"# : #"{"/": "/*/i\#(index)"}"#
        }
        let verdicts = try #require(OrderAnalysis(matcher: try Self.matcher(components), budget: Self.budget).entries.first?.verdicts)
        let answered = try #require(verdicts.firstIndex(of: .notAnalysed))
        #expect(answered > 100)
        #expect(verdicts[answered...].allSatisfy { $0 == .notAnalysed })
        let alone = try #require(OrderAnalysis(matcher: try Self.matcher(Array(components.prefix(answered))), budget: Self.budget).entries.first?.verdicts)
        #expect(Array(verdicts.prefix(answered)) == alone)
        #expect(alone.contains { if case .shadowedExclude = $0 { true } else { false } })
    }

    /// Patterns that need more states than their budget, each in a group with one more rule:
    /// the work of determinising them stops the analysis after a few groups, and the rules
    /// before say the pattern is too complex, or that nothing earlier meets them.
    @Test func determinisationIsChargedToTheFile() throws {
        let components = (0..<1_000).flatMap { group in
            [#"{"/": "/g\#(group)/*a?????????????"}"#, #"{"/": "/g\#(group)/x"}"#]
        }
        let verdicts = try #require(OrderAnalysis(matcher: try Self.matcher(components), budget: Self.budget, writesReachableExamples: false)
            .entries.first?.verdicts)
        let stopped = try #require(verdicts.firstIndex(of: .notAnalysed))
        #expect(stopped > 4)
        #expect(verdicts[stopped...].allSatisfy { $0 == .notAnalysed })
        for (index, verdict) in verdicts[..<stopped].enumerated() {
            let expected: ComponentVerdict = index % 2 == 0
                ? .reachable(exampleURL: nil) : .incomplete(reason: AnalysisLimit.otherPatternTooComplex(component: index - 1).description)
            #expect(verdict == expected, "rule \(index + 1)")
        }
    }

    @Test func aDiffOfMoreRulesThatMeetThanOneSearchMayExploreIsIncomplete() throws {
        let old = try Self.matcher((0..<12).map { #"{"/": "/*/p\#($0)"}"# })
        let new = try Self.matcher((0..<12).reversed().map { #"{"/": "/*/p\#($0)"}"# })
        let difference = SemanticDiff(old: old, new: new, budget: AnalysisBudget(states: 20))
        #expect(difference.incompleteApps == [Self.appID])
        #expect(difference.incompleteReasons[Self.appID] == "24 of its components may share paths, more than the 20 automaton states one comparison may explore")
        #expect(SemanticDiff(old: old, new: new).isEquivalent)
    }

    @Test func aDiffSharesOneBudgetAcrossItsGroups() throws {
        let old = try Self.matcher((0..<400).map { #"{"/": "/g\#($0)/*a*b"}"# })
        let new = try Self.matcher((0..<400).map { #"{"/": "/g\#($0)/*b*a"}"# })
        let bounded = SemanticDiff(old: old, new: new, budget: AnalysisBudget(states: 300))
        #expect(bounded.incompleteReasons[Self.appID]?.hasPrefix("the budget of the whole analysis (15000 automaton states") == true)
        let complete = SemanticDiff(old: old, new: new)
        #expect(complete.incompleteApps.isEmpty)
        #expect(complete.changes.map(\.kind) == [.startsOpening, .stopsOpening])
    }
}
