/// One rule as the set of URLs it matches: a product of a path, a query and a fragment
/// language (ANALYSIS.md), each over the text the rule compares (percent-encoded or decoded),
/// with the query in the `StructuredQuery` form. A nil part matches every text.
struct RuleLanguage: Sendable {
    let percentEncoded: Bool
    let path: DeterministicAutomaton?
    let query: DeterministicAutomaton?
    let fragment: DeterministicAutomaton?

    func part(_ part: URLPartUniverse.Part) -> DeterministicAutomaton? {
        switch part {
        case .path: path
        case .query: query
        case .fragment: fragment
        }
    }

    /// Whether the rule matches the URL whose path, query and fragment texts are `parts`.
    func accepts(_ parts: [[UInt32]]) -> Bool {
        (path?.accepts(parts[0]) ?? true) && (query?.accepts(parts[1]) ?? true) && (fragment?.accepts(parts[2]) ?? true)
    }

    /// Nil when a pattern of the rule is too complex for `budget` states.
    init?(_ rule: LinkRule, budget: Int) {
        percentEncoded = rule.settings.percentEncoded
        var path: DeterministicAutomaton?
        if let pattern = rule.path {
            guard let automaton = pattern.language.automaton else { return nil }
            path = automaton
        }
        var fragment: DeterministicAutomaton?
        if let pattern = rule.fragment {
            guard let automaton = pattern.language.automaton else { return nil }
            fragment = automaton
        }
        var query: DeterministicAutomaton?
        switch rule.query {
        case .any:
            break
        case .whole(let pattern):
            guard let automaton = pattern.language.automaton, let whole = StructuredQuery.whole(automaton, budget: budget) else { return nil }
            query = whole
        case .items(let items):
            var constraints: [(name: [UInt32], value: DeterministicAutomaton)] = []
            for item in items {
                guard let value = item.pattern.language.automaton else { return nil }
                constraints.append((item.name.unicodeScalars.map(\.value), value))
            }
            guard let combined = StructuredQuery.items(constraints, budget: budget) else { return nil }
            query = combined
        }
        self.path = path
        self.query = query
        self.fragment = fragment
    }
}
