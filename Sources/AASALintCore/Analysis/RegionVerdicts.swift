/// The verdicts of a group of rules read off one exploration of all of them together
/// (`DecisionRegions`): in every region of URLs the first matching rule decides, so a rule is
/// reachable when it comes first in some region, covered by the first rules of the regions it
/// is in otherwise, and an exclusion is shadowed by an including rule that comes first in a
/// region where the exclusion matches too. One pass answers every question at once, which is
/// what keeps large files fast; the per-rule questions remain for when it runs over budget.
struct RegionVerdicts {
    let rules: [LinkRule]
    let host: String

    /// Nil when the exploration exceeds `budget` states; `budget` is left with what remains.
    func verdicts(of group: [(id: Int, language: RuleLanguage)], percentEncoded: Bool, budget: inout Int) -> [Int: RuleVerdict]? {
        var regions = RegionLedger()
        let complete = DecisionRegions(rules: group, percentEncoded: percentEncoded).forEach(budget: &budget) { members, url in
            regions.record(members, url.string(host: host))
        }
        guard complete else { return nil }
        var verdicts: [Int: RuleVerdict] = [:]
        for (rule, _) in group {
            verdicts[rule] = verdict(of: rule, in: regions)
        }
        return verdicts
    }

    private func verdict(of rule: Int, in regions: RegionLedger) -> RuleVerdict {
        if let decided = regions.firstDecidedBy[rule] {
            guard rules[rule].isExclude else { return .reachable(exampleURL: decided) }
            // A region where an earlier including rule comes first and this exclusion matches,
            // from a rule that also decides URLs outside the exclusion (not an exception).
            for (including, url) in regions.sharedWithFirst[rule, default: [:]].sorted(by: { $0.key < $1.key })
            where !rules[including].isExclude && regions.decides(including, somewhereWithout: rule) {
                return .shadowedExclude(by: including, exampleURL: url, hasNoEffect: false)
            }
            return .reachable(exampleURL: decided)
        }
        let covering = regions.sharedWithFirst[rule, default: [:]]
        guard !covering.isEmpty else { return .matchesNothing }
        let deciders = covering.keys.sorted()
        if rules[rule].isExclude, let including = deciders.first(where: { !rules[$0].isExclude }), let url = covering[including] {
            return .shadowedExclude(by: including, exampleURL: url, hasNoEffect: true)
        }
        return .unreachable(coveredBy: deciders, exampleURL: covering[deciders[0]] ?? "")
    }
}

/// What the regions say, rule by rule.
private struct RegionLedger {
    /// A URL of the first region each rule comes first in.
    var firstDecidedBy: [Int: String] = [:]
    /// For each rule, the rules that come before it in regions it matches, with a URL of the first such region.
    var sharedWithFirst: [Int: [Int: String]] = [:]
    /// The member sets of the regions each rule comes first in.
    var regionsDecidedBy: [Int: [Set<Int>]] = [:]

    mutating func record(_ members: [Int], _ url: String) {
        guard let first = members.first else { return }
        if firstDecidedBy[first] == nil { firstDecidedBy[first] = url }
        regionsDecidedBy[first, default: []].append(Set(members))
        for member in members.dropFirst() where sharedWithFirst[member]?[first] == nil {
            sharedWithFirst[member, default: [:]][first] = url
        }
    }

    func decides(_ rule: Int, somewhereWithout other: Int) -> Bool {
        regionsDecidedBy[rule, default: []].contains { !$0.contains(other) }
    }
}
