/// The URLs of one form split by which components match them: for every set of components that match
/// some URL together (and nothing else), the shortest such URL. The first matching component of
/// each set decides every URL of its region, so two component lists decide differently exactly
/// where some region gives them different first components.
struct DecisionRegions {
    private static let parts: [URLPartUniverse.Part] = [.path, .query, .fragment]

    let components: [(id: Int, language: ComponentLanguage)]
    let percentEncoded: Bool
    private let languages: [Int: ComponentLanguage]

    init(components: [(id: Int, language: ComponentLanguage)], percentEncoded: Bool) {
        self.components = components
        self.percentEncoded = percentEncoded
        languages = Dictionary(uniqueKeysWithValues: components.map { ($0.id, $0.language) })
    }

    /// Calls `visit` with the ids of the matching components (ascending) and a URL of each region
    /// that some component matches; false when the budget ran out first.
    func forEach(budget: inout Int, _ visit: ([Int], AnalysisURL) -> Void) -> Bool {
        explore(partIndex: 0, components: components, found: [], budget: &budget, visit)
    }

    private func explore(partIndex: Int, components: [(id: Int, language: ComponentLanguage)], found: [[UInt32]], budget: inout Int,
                         _ visit: ([Int], AnalysisURL) -> Void) -> Bool {
        let part = Self.parts[partIndex]
        let search = LockstepSearch.run(subject: [URLPartUniverse.automaton(of: part, percentEncoded: percentEncoded)],
                                        others: components.map { ($0.id, $0.language.part(part)) },
                                        stopsWhenUncovered: false, budget: &budget)
        guard case .branches(let branches) = search else { return false }
        for branch in branches where !branch.members.isEmpty {
            let witnesses = found + [branch.witness]
            guard partIndex + 1 < Self.parts.count else {
                visit(branch.members, AnalysisURL(path: witnesses[0], query: witnesses[1], fragment: witnesses[2],
                                                  percentEncoded: percentEncoded))
                continue
            }
            // Looked up by id: a branch of a few components among thousands costs what it holds.
            guard explore(partIndex: partIndex + 1, components: branch.members.compactMap { id in languages[id].map { (id, $0) } },
                          found: witnesses, budget: &budget, visit) else { return false }
        }
        return true
    }
}
