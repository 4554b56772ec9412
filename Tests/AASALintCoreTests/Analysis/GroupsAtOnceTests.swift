@testable import AASALintCore
import Testing

/// On large entries the rule-order analysis answers groups of rules across cores, each as if
/// it had the whole file budget, and keeps only the answers the budget in rule order allows.
/// Whatever the budget, the verdicts are those of answering the groups one after another.
@Suite struct GroupsAtOnceTests {
    /// 40 groups of wildcard rules that overlap within their group, some hard enough to spend
    /// the budget part way: at small budgets later groups end "not analysed".
    private static let json: String = {
        var components: [String] = []
        for group in 0..<40 {
            for rule in 0..<8 {
                switch rule % 4 {
                case 0: components.append(#"{"/": "/g\#(group)/\#(rule)/*"}"#)
                case 1: components.append(#"{"/": "/g\#(group)/*/x\#(rule)/*", "exclude": true}"#)
                case 2: components.append(#"{"/": "/g\#(group)/*a*b*c*d\#(rule)"}"#)
                default: components.append(#"{"/": "/g\#(group)/\#(rule - 3)/y/*"}"#)
                }
            }
        }
        return #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components.joined(separator: ", "))]}]}}"#
    }()

    @Test(arguments: [300, 1_000, 3_000, 20_000])
    func answersAreThoseOfOneGroupAfterAnother(states: Int) throws {
        let matcher = try #require(AASAMatcher(file: LintFile(path: "groups.json", kind: .aasa, bytes: Array(Self.json.utf8))))
        let budget = AnalysisBudget(states: states)
        let atOnce = OrderAnalysis(matcher: matcher, budget: budget, host: "example.com", writesReachableExamples: false, answersGroupsAtOnce: true)
        let inOrder = OrderAnalysis(matcher: matcher, budget: budget, host: "example.com", writesReachableExamples: false, answersGroupsAtOnce: false)
        let verdicts = try #require(atOnce.entries.first?.verdicts)
        #expect(verdicts == inOrder.entries.first?.verdicts)
        #expect(verdicts.count == 320)
    }

    @Test func smallBudgetsLeaveLaterGroupsUnanalysed() throws {
        // Pins that the comparison above covers both outcomes: answers kept, and groups
        // answered again in order once the budget runs short.
        let matcher = try #require(AASAMatcher(file: LintFile(path: "groups.json", kind: .aasa, bytes: Array(Self.json.utf8))))
        let verdicts = try #require(OrderAnalysis(matcher: matcher, budget: AnalysisBudget(states: 300)).entries.first?.verdicts)
        #expect(verdicts.contains(.notAnalysed))
        #expect(verdicts.first != .notAnalysed)
    }
}
