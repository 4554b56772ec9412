/// Decides many URLs against one file, as `AASAMatcher` does, trying for each URL only the
/// rules that `ComponentIndex` finds on its path: the work per URL follows the URL and the
/// few rules that share its start, not the size of the file.
public struct BulkMatcher: Sendable {
    public let matcher: AASAMatcher
    private let index: ComponentIndex

    public init(matcher: AASAMatcher) {
        self.matcher = matcher
        index = ComponentIndex(entries: matcher.entries, variables: matcher.variables)
    }

    /// The decision without a trace: only the deciding rule is recorded.
    public func decide(_ url: LinkURL, appID: String) -> Decision {
        guard let position = matcher.decidingEntry(of: appID) else {
            return Decision(appID: appID, outcome: .noMatch, entry: nil, trace: [])
        }
        let entry = matcher.entries[position]
        for candidate in index.candidates(in: position, for: url) {
            let rule = entry.rules[candidate]
            if rule.matches(url) {
                return Decision(appID: appID, outcome: rule.isExclude ? .blocked : .match, entry: entry.pointer,
                                trace: [RuleAttempt(rule: rule, mismatch: nil)])
            }
        }
        return Decision(appID: appID, outcome: .noMatch, entry: entry.pointer, trace: [])
    }
}
