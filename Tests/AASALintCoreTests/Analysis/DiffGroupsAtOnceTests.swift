@testable import AASALintCore
import Testing

/// When many groups changed, `SemanticDiff` answers them across cores, each as if it had a
/// question's whole allowance, and keeps only the answers the file budget in order allows:
/// what it reports is what answering one group after another reports, with the standard budget
/// (every group answered) and with one too small for a group's question (the first refused).
@Suite struct DiffGroupsAtOnceTests {
    /// 40 groups of overlapping components (wildcards inside the path, an exclusion), each
    /// changed in the new file in one of three ways, so that each group's changes are its own:
    /// made case-insensitive, its last component made an exclusion, or that one's path moved.
    private static func json(changed: Bool) -> String {
        var components: [String] = []
        for group in 0..<40 {
            let way = changed ? group % 3 : -1
            let setting = way == 0 ? #", "caseSensitive": false"# : ""
            components.append(#"{"/": "/g\#(group)/*/x/*", "exclude": true\#(setting)}"#)
            components.append(#"{"/": "/g\#(group)/*a*b*c\#(group)"\#(setting)}"#)
            let last = way == 2 ? "items" : "item"
            components.append(#"{"/": "/g\#(group)/\#(last)/*"\#(setting)\#(way == 1 ? #", "exclude": true"# : "")}"#)
        }
        return #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components.joined(separator: ", "))]}]}}"#
    }

    private static func matcher(changed: Bool) throws -> AASAMatcher {
        try #require(AASAMatcher(file: LintFile(path: "groups.json", kind: .aasa, bytes: Array(json(changed: changed).utf8))))
    }

    private static func summary(_ difference: SemanticDiff) -> [String] {
        difference.changes.map { "\($0.appID) \($0.service) \($0.kind): \($0.exampleURLs)" }
            + difference.incompleteApps.map { "incomplete \($0): \(difference.incompleteReasons[$0] ?? "")" }
    }

    @Test(arguments: [1_000, 20_000])
    func answersAreThoseOfOneGroupAfterAnother(states: Int) throws {
        let (old, new) = (try Self.matcher(changed: false), try Self.matcher(changed: true))
        let budget = AnalysisBudget(states: states)
        let atOnce = SemanticDiff(old: old, new: new, budget: budget, answersGroupsAtOnce: true)
        let inOrder = SemanticDiff(old: old, new: new, budget: budget, answersGroupsAtOnce: false)
        #expect(Self.summary(atOnce) == Self.summary(inOrder))
        #expect(!Self.summary(atOnce).isEmpty)
    }

    @Test func smallBudgetsLeaveTheComparisonIncomplete() throws {
        // Pins that the comparison above covers both outcomes: every group answered, and a
        // group's question over its budget.
        let (old, new) = (try Self.matcher(changed: false), try Self.matcher(changed: true))
        #expect(SemanticDiff(old: old, new: new, budget: AnalysisBudget(states: 1_000)).incompleteApps == ["ABCDE12345.com.example.app"])
        let whole = SemanticDiff(old: old, new: new)
        #expect(whole.incompleteApps.isEmpty)
        #expect(Set(whole.changes.map(\.kind)) == [.startsOpening, .stopsOpening, .becomesBlocked])
    }
}
