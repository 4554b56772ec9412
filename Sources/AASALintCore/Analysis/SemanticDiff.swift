/// What changes for users between two versions of an AASA file: per app and service, the
/// URLs whose decision (match, blocked, no match) differs, with example URLs computed from
/// the compiled components. Reordering or re-expressing components with the same meaning is no change.
package struct SemanticDiff: Sendable {
    /// Every difference, per app in the order the files list them, then per class.
    package let changes: [BehaviourChange]
    /// Apps for which some question exceeded the budget or could not be compared: their
    /// changes may be incomplete.
    package let incompleteApps: [String]
    /// Why, per app of `incompleteApps`.
    package let incompleteReasons: [String: String]

    package var isEquivalent: Bool { changes.isEmpty && incompleteApps.isEmpty }

    /// At most this many example URLs per change, shortest first.
    package static let examplesPerChange = 3

    /// `appID` limits the comparison to one app; `host` is used in example URLs. Without
    /// `answersGroupsAtOnce`, every group is answered one after another (the tests compare).
    package init(old: AASAMatcher, new: AASAMatcher, budget: AnalysisBudget = .standard, appID: String? = nil,
                host: String = "example.com", answersGroupsAtOnce: Bool = true) {
        let apps = appID.map { [$0] } ?? Self.union(old.appIDs + old.listedApps.values.flatMap { $0 },
                                                    new.appIDs + new.listedApps.values.flatMap { $0 })
        var changes: [BehaviourChange] = []
        var incomplete: [String] = []
        var reasons: [String: String] = [:]
        let meter = AnalysisMeter(budget)
        for app in apps {
            let comparison = AppComparison(old: Self.components(of: app, in: old), new: Self.components(of: app, in: new),
                                           oldVariables: old.variables, newVariables: new.variables, budget: budget, meter: meter,
                                           answersGroupsAtOnce: answersGroupsAtOnce)
            switch comparison.changes() {
            case .success(let found):
                changes += BehaviourChange.Kind.allCases.compactMap { kind in
                    found[kind].map { BehaviourChange(appID: app, service: "applinks", kind: kind, exampleURLs: Self.shortest($0, host: host)) }
                }
            case .failure(let reason):
                incomplete.append(app)
                reasons[app] = reason.description
            }
            for service in ["webcredentials", "appclips", "activitycontinuation"] {
                let before = old.listedApps[service]?.contains(app) ?? false
                let after = new.listedApps[service]?.contains(app) ?? false
                if before != after {
                    changes.append(BehaviourChange(appID: app, service: service, kind: after ? .becomesListed : .stopsBeingListed, exampleURLs: []))
                }
            }
        }
        self.changes = changes
        incompleteApps = incomplete
        incompleteReasons = reasons
    }

    private static func shortest(_ urls: [AnalysisURL], host: String) -> [String] {
        let texts = Set(urls.map { $0.string(host: host) })
        return Array(texts.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(examplesPerChange))
    }

    private static func components(of appID: String, in matcher: AASAMatcher) -> [CompiledComponent] {
        matcher.entries.first { $0.appIDs.contains(appID) }?.components ?? []
    }

    private static func union(_ first: [String], _ second: [String]) -> [String] {
        var seen: Set<String> = []
        return (first + second).filter { seen.insert($0).inserted }
    }
}

/// One class of change for one app and service.
package struct BehaviourChange: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        /// URLs that did not open the app (no match, or blocked) and now do.
        case startsOpening
        /// URLs that opened the app and now match no component.
        case stopsOpening
        /// URLs that an exclusion now blocks (they opened the app, or matched nothing).
        case becomesBlocked
        /// URLs that an exclusion blocked and that now match no component (still not opening).
        case stopsBeingBlocked
        /// The app is newly listed for a service without URLs (webcredentials, appclips, ...).
        case becomesListed
        /// The app is no longer listed for a service without URLs.
        case stopsBeingListed

        package init?(from old: Decision.Outcome, to new: Decision.Outcome) {
            switch (old, new) {
            case (.noMatch, .match), (.blocked, .match): self = .startsOpening
            case (.match, .noMatch): self = .stopsOpening
            case (.match, .blocked), (.noMatch, .blocked): self = .becomesBlocked
            case (.blocked, .noMatch): self = .stopsBeingBlocked
            case (.match, .match), (.blocked, .blocked), (.noMatch, .noMatch): return nil
            }
        }
    }

    package let appID: String
    /// `applinks`, `webcredentials`, `appclips` or `activitycontinuation`.
    package let service: String
    package let kind: Kind
    /// For `applinks`: URLs whose decision changes this way (shortest first); empty otherwise.
    package let exampleURLs: [String]
}

/// The applinks components one app gets from each file, compared region by region. Components whose
/// path keys are incompatible share no URL, so each group of compatible components is
/// compared on its own, and groups whose components are the same in both files are skipped.
private struct AppComparison {
    let old: [CompiledComponent]
    let new: [CompiledComponent]
    let oldVariables: SubstitutionVariables
    let newVariables: SubstitutionVariables
    let budget: AnalysisBudget
    /// What is left of the budget of the whole comparison, shared by every app and group.
    let meter: AnalysisMeter
    let answersGroupsAtOnce: Bool

    /// Only the components of groups that changed are compiled into languages (`ChangedGroups`
    /// finds them without indexing the others, when it can). A group costs a state
    /// per component it holds and the work of determinising their patterns, on top of the states its
    /// search explores; one of more components than a search may explore states is not compared,
    /// since each of them takes part in its first step.
    ///
    /// When many groups changed (a fix of every component), they are first answered across the
    /// machine's cores, a wave at a time, each with a question's whole allowance; in order, a
    /// group takes its answer when the budget left gives it that same allowance, and is answered
    /// again otherwise: the answers and the budget spent never depend on scheduling. Waves start
    /// small and double, so that little is answered ahead of a budget that runs out.
    func changes() -> Result<[BehaviourChange.Kind: [AnalysisURL]], AnalysisLimit> {
        let components = old + new
        var found: [BehaviourChange.Kind: [AnalysisURL]] = [:]
        let changed = ChangedGroups(old: old, new: new, oldVariables: oldVariables, newVariables: newVariables)
        let groups = (changed.groups() ?? index().groups()).filter { !isSame($0, variablesAgree: changed.variablesAgree) }
        let answersAtOnce = answersGroupsAtOnce && groups.count >= Self.smallestParallelComparison
        var next = 0
        var wave = Self.firstWave
        while next < groups.count {
            let waveGroups = Array(groups[next..<min(next + wave, groups.count)])
            next += waveGroups.count
            wave = min(2 * wave, Self.largestWave)
            let (states, count) = (budget.states, old.count)
            let guesses = answersAtOnce && waveGroups.count > 1
                ? waveGroups.parallelMap { GroupAnswer(group: $0, components: components, oldCount: count, states: states) }
                : nil
            for (position, group) in waveGroups.enumerated() {
                guard group.count <= budget.states else { return .failure(.tooManyComponents(group.count, states: budget.states)) }
                meter.spend(group.count)
                let guess = guesses?[position]
                var members: [(id: Int, language: ComponentLanguage)] = []
                for (place, id) in group.enumerated() {
                    meter.spend(0, work: ComponentLanguage.determinisationWork(of: components[id]))
                    guard !meter.isSpent else { return .failure(.fileBudgetSpent(budget.fileStates)) }
                    let known = guess.flatMap { place < $0.languages.count ? $0.languages[place] : nil }
                    guard let language = known ?? ComponentLanguage(components[id], budget: budget.states) else {
                        return .failure(.otherPatternTooComplex(component: id < old.count ? id : id - old.count))
                    }
                    if let first = members.first, first.language.percentEncoded != language.percentEncoded {
                        return .failure(.mixedEncoding(component: id < old.count ? id : id - old.count))
                    }
                    members.append((id, language))
                }
                guard let form = members.first?.language.percentEncoded else { continue }
                let granted = meter.allowance(upTo: budget.states)
                let regions: GroupAnswer.Regions
                if let guessed = guess?.regions, granted == budget.states {
                    regions = guessed
                } else {
                    regions = GroupAnswer.Regions(members: members, percentEncoded: form, components: components, oldCount: old.count,
                                                  allowance: granted)
                }
                for (kind, url) in regions.changes { found[kind, default: []].append(url) }
                meter.spend(granted - max(0, regions.remaining))
                guard regions.complete else {
                    return .failure(granted < budget.states ? .fileBudgetSpent(budget.fileStates) : .overBudget(budget.states))
                }
            }
        }
        return .success(found)
    }

    /// Fewer changed groups than this are answered one after another.
    private static let smallestParallelComparison = 16
    private static let firstWave = 8
    private static let largestWave = 512

    /// The groups of every component: the old components keyed with the old file's variables,
    /// the new ones with the new file's.
    private func index() -> ComponentKeyIndex {
        let vocabulary = PathKeyVocabulary()
        var oldKeys = PathKeyBuilder(variables: oldVariables, vocabulary: vocabulary)
        var newKeys = PathKeyBuilder(variables: newVariables, vocabulary: vocabulary)
        return ComponentKeyIndex(keys: old.map { oldKeys.key(of: $0) } + new.map { newKeys.key(of: $0) }, vocabulary: vocabulary)
    }

    /// True when the group's old components and new components are the same components in the same order.
    private func isSame(_ group: [Int], variablesAgree: Bool) -> Bool {
        let before = group.filter { $0 < old.count }
        let after = group.filter { $0 >= old.count }
        return before.count == after.count
            && zip(before, after).allSatisfy { ChangedGroups.same(old[$0], new[$1 - old.count], variablesAgree: variablesAgree) }
    }
}

/// What one changed group of `AppComparison` finds with a question's whole allowance, worked out
/// away from the comparison's budget: its components' languages in order, up to the first that
/// cannot be compiled, and the decision regions when every one compiled in one form.
private struct GroupAnswer: Sendable {
    /// The changes a group's decision regions show, in the order they are found, with what is
    /// left of the allowance and whether the search finished.
    struct Regions: Sendable {
        let changes: [(kind: BehaviourChange.Kind, url: AnalysisURL)]
        let remaining: Int
        let complete: Bool

        /// `members` are ids into `components`, the old components then the new (from `oldCount` on).
        init(members: [(id: Int, language: ComponentLanguage)], percentEncoded: Bool, components: [CompiledComponent], oldCount: Int,
             allowance: Int) {
            var changes: [(kind: BehaviourChange.Kind, url: AnalysisURL)] = []
            var remaining = allowance
            complete = DecisionRegions(components: members, percentEncoded: percentEncoded).forEach(budget: &remaining) { matching, url in
                guard let kind = BehaviourChange.Kind(from: Self.outcome(matching.filter { $0 < oldCount }, in: components),
                                                      to: Self.outcome(matching.filter { $0 >= oldCount }, in: components)) else { return }
                changes.append((kind, url))
            }
            self.changes = changes
            self.remaining = remaining
        }

        private static func outcome(_ matching: [Int], in components: [CompiledComponent]) -> Decision.Outcome {
            guard let first = matching.first else { return .noMatch }
            return components[first].isExclude ? .blocked : .match
        }
    }

    let languages: [ComponentLanguage?]
    let regions: Regions?

    init(group: [Int], components: [CompiledComponent], oldCount: Int, states: Int) {
        var languages: [ComponentLanguage?] = []
        for id in group {
            let language = ComponentLanguage(components[id], budget: states)
            languages.append(language)
            guard language != nil else { break }
        }
        self.languages = languages
        let compiled = languages.compactMap { $0 }
        guard compiled.count == group.count, let form = compiled.first?.percentEncoded, compiled.allSatisfy({ $0.percentEncoded == form }) else {
            regions = nil
            return
        }
        regions = Regions(members: Array(zip(group, compiled)).map { (id: $0.0, language: $0.1) }, percentEncoded: form,
                          components: components, oldCount: oldCount, allowance: states)
    }
}
