/// Whether every URL of a subject (one component, or the overlap of several) is matched by some of
/// a set of other components, decided dimension by dimension (ANALYSIS.md, "Coverage"): path
/// signatures first, then for each signature the query with only its components, then the fragment.
/// Components are `ComponentLanguage`s over one form (all percent-encoded, or all decoded).
struct Coverage {
    enum Answer {
        /// Every URL is matched: `examples` holds, for each component that decides some of them
        /// (the first matching component of a branch), one URL of the subject it decides.
        case covered(examples: [Int: AnalysisURL])
        case uncovered(example: AnalysisURL)
        /// The subject matches no URL.
        case empty
        case overBudget
    }

    private static let parts: [URLPartUniverse.Part] = [.path, .query, .fragment]

    let subject: [ComponentLanguage]
    let percentEncoded: Bool
    /// The texts of the subject's shortest URL, when the caller has them already.
    let knownShortest: [[UInt32]]?

    init(of subject: [ComponentLanguage], percentEncoded: Bool, shortest: [[UInt32]]? = nil) {
        self.subject = subject
        self.percentEncoded = percentEncoded
        knownShortest = shortest
    }

    /// The texts (path, query, fragment) of the subject's shortest URL; nil over budget,
    /// `.some(nil)` when the subject matches nothing.
    func shortestTexts(budget: inout Int) -> [[UInt32]]?? {
        if let knownShortest { return knownShortest }
        return texts(after: [], budget: &budget)
    }

    func answer(by others: [(id: Int, language: ComponentLanguage)], budget: inout Int) -> Answer {
        // Most subjects are not covered, and their shortest URL already shows it: checking it
        // against each other component costs a pass over a few characters, where the lockstep search
        // over all of them can explore thousands of states.
        if knownShortest != nil || !others.isEmpty {
            guard let shortest = shortestTexts(budget: &budget) else { return .overBudget }
            guard let shortest else { return .empty }
            // Checking a URL against a component counts as a state: a subject compared with
            // thousands of components pays for each.
            budget -= others.count
            guard budget >= 0 else { return .overBudget }
            if !others.contains(where: { $0.language.accepts(shortest) }) { return .uncovered(example: url(shortest)) }
        }
        var examples: [Int: AnalysisURL] = [:]
        let languages = Dictionary(uniqueKeysWithValues: others.map { ($0.id, $0.language) })
        let outcome = explore(partIndex: 0, others: others, languages: languages, found: [], budget: &budget) { decider, example in
            if examples[decider] == nil { examples[decider] = example }
        }
        switch outcome {
        case .covered:
            return examples.isEmpty ? .empty : .covered(examples: examples)
        case .uncovered(let example): return .uncovered(example: example)
        case .empty: return .empty
        case .overBudget: return .overBudget
        }
    }

    private enum Step {
        case covered
        case uncovered(AnalysisURL)
        case empty
        case overBudget
    }

    /// `languages` holds every other component by id, so that a branch of a few components among thousands
    /// costs what it holds.
    private func explore(partIndex: Int, others: [(id: Int, language: ComponentLanguage)], languages: [Int: ComponentLanguage], found: [[UInt32]],
                         budget: inout Int, onLeaf: (Int, AnalysisURL) -> Void) -> Step {
        let part = Self.parts[partIndex]
        let search = LockstepSearch.run(subject: automata(of: part),
                                        others: others.map { ($0.id, $0.language.part(part)) }, budget: &budget)
        switch search {
        case .overBudget:
            return .overBudget
        case .uncovered(let witness):
            guard let example = completed(found + [witness], budget: &budget) else { return .overBudget }
            return example.map { .uncovered($0) } ?? .empty
        case .branches(let branches):
            guard !branches.isEmpty else { return .empty }
            for branch in branches {
                let witnesses = found + [branch.witness]
                if partIndex == Self.parts.count - 1 {
                    onLeaf(branch.members[0], url(witnesses))
                    continue
                }
                let step = explore(partIndex: partIndex + 1, others: branch.members.compactMap { id in languages[id].map { (id, $0) } },
                                   languages: languages, found: witnesses, budget: &budget, onLeaf: onLeaf)
                if case .covered = step { continue }
                return step
            }
            return .covered
        }
    }

    private func automata(of part: URLPartUniverse.Part) -> [DeterministicAutomaton] {
        [URLPartUniverse.automaton(of: part, percentEncoded: percentEncoded)] + subject.compactMap { $0.part(part) }
    }

    /// The URL with the subject's shortest texts for the parts after `found`; nil over budget,
    /// `.some(nil)` when some part of the subject matches nothing.
    private func completed(_ found: [[UInt32]], budget: inout Int) -> AnalysisURL?? {
        texts(after: found, budget: &budget).map { $0.map(url) }
    }

    /// `found` followed by the subject's shortest texts for the other parts; nil over budget,
    /// `.some(nil)` when some part of the subject matches nothing.
    private func texts(after found: [[UInt32]], budget: inout Int) -> [[UInt32]]?? {
        var witnesses = found
        for part in Self.parts.dropFirst(found.count) {
            switch LockstepSearch.run(subject: automata(of: part), others: [], budget: &budget) {
            case .overBudget: return nil
            case .uncovered(let witness): witnesses.append(witness)
            case .branches: return .some(nil)
            }
        }
        return witnesses
    }

    private func url(_ witnesses: [[UInt32]]) -> AnalysisURL {
        AnalysisURL(path: witnesses[0], query: witnesses[1], fragment: witnesses[2], percentEncoded: percentEncoded)
    }
}
