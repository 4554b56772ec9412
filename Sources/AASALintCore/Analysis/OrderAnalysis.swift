/// Which components of each details entry can ever decide a URL (ANALYSIS.md), decided exactly over
/// the languages the patterns denote, each answer shown by a URL: what the component-order components
/// and `aasalint match --explain-order` report.
package struct OrderAnalysis: Sendable {
    package let entries: [EntryOrder]

    /// `writesReachableExamples: false` leaves out the example URL of a component that shares no path
    /// with any other, which then needs no automaton at all: what the lint rules ask for, since
    /// they report only the components that something shadows. Such a component then counts as reachable
    /// even when it matches nothing.
    package init(matcher: AASAMatcher, budget: AnalysisBudget = .standard, host: String = "example.com",
                writesReachableExamples: Bool = true) {
        self.init(matcher: matcher, budget: budget, host: host, writesReachableExamples: writesReachableExamples, answersGroupsAtOnce: true)
    }

    /// `answersGroupsAtOnce: false` answers the groups of components strictly one after another:
    /// what the tests compare the answers across cores with.
    init(matcher: AASAMatcher, budget: AnalysisBudget, host: String, writesReachableExamples: Bool, answersGroupsAtOnce: Bool) {
        let meter = AnalysisMeter(budget)
        entries = matcher.entries.map { entry in
            guard !entry.runsOn.isEmpty else { return EntryOrder(entry: entry, isDead: true, verdicts: []) }
            let analysis = EntryOrderAnalysis(components: entry.components, variables: matcher.variables, budget: budget.states, meter: meter,
                                              writesReachableExamples: writesReachableExamples, answersGroupsAtOnce: answersGroupsAtOnce)
            return EntryOrder(entry: entry, isDead: false, verdicts: analysis.verdicts(host: host))
        }
    }
}

/// The components of one details entry and what the analysis found about each.
package struct EntryOrder: Sendable {
    package let entry: AASAMatcher.Entry
    /// No version of the system runs the entry's components: it lists no app, or only apps earlier
    /// entries decide for (an iOS 12 fallback is not dead). Its components are not analysed.
    package let isDead: Bool
    /// One per component of the entry, in order (empty for a dead entry).
    package let verdicts: [ComponentVerdict]
}

/// What one component contributes to its entry. Rule numbers are indices into the entry's components.
package enum ComponentVerdict: Sendable, Equatable {
    /// The component decides `exampleURL` (and possibly more); nil when no earlier component can share
    /// a URL with it but its patterns are too complex to write one, or the analysis was asked
    /// not to write examples for such components.
    case reachable(exampleURL: String?)
    /// Every URL of the component is decided by earlier components: `coveredBy` are those that decide
    /// some of them, `exampleURL` one such URL.
    case unreachable(coveredBy: [Int], exampleURL: String)
    /// An exclusion that an earlier including component `by` decides first for `exampleURL`, which
    /// therefore still opens the app: `hasNoEffect` when earlier components decide every URL of the
    /// exclusion; otherwise `by` is not inside the exclusion (not a deliberate exception).
    case shadowedExclude(by: Int, exampleURL: String, hasNoEffect: Bool)
    /// The component matches no URL (other components say why: undefined variables, impossible text).
    case matchesNothing
    /// The analysis could not decide within its budget, or cannot compare these components.
    case incomplete(reason: String)
    /// Not analysed: the budget of the whole file was spent on the components before it.
    case notAnalysed
}

/// The analysis of one entry's components, each compared only with the earlier components whose path
/// key is compatible.
private struct EntryOrderAnalysis {
    let entry: EntryComponents
    let meter: AnalysisMeter
    let writesReachableExamples: Bool
    let answersGroupsAtOnce: Bool
    /// Entries with fewer components to compare than this answer one group after another.
    private static let smallestParallelAnalysis = 256

    init(components: [CompiledComponent], variables: SubstitutionVariables, budget: Int, meter: AnalysisMeter, writesReachableExamples: Bool,
         answersGroupsAtOnce: Bool) {
        self.writesReachableExamples = writesReachableExamples
        self.answersGroupsAtOnce = answersGroupsAtOnce
        self.meter = meter
        let vocabulary = PathKeyVocabulary()
        var builder = PathKeyBuilder(variables: variables, vocabulary: vocabulary)
        let index = ComponentKeyIndex(keys: builder.keys(of: components), vocabulary: vocabulary)
        // Only the components that share a group with another are ever told apart by their plain parts.
        let grouped = (0..<index.groupCount).lazy.filter { index.loneComponent(ofGroup: $0) == nil }.map(index.group).joined()
        entry = EntryComponents(components: components, index: index, literals: LiteralParts(components: components, of: grouped), budget: budget)
    }

    /// Each component is compared with the earlier components of its group; a component alone in its group
    /// needs no comparison.
    ///
    /// The file's budget is spent group after group, in component order. On large entries the groups
    /// are first answered across the machine's cores, a wave at a time, each as if it had what
    /// was left at the start of its wave; a group's answers are kept when the budget really
    /// left for it covers what it spent plus one full question, since its every question then
    /// had the same allowance as in order. Otherwise it is answered again in order: the answers
    /// never depend on scheduling. Waves start small and double, so that on a file whose
    /// groups each take much of the budget, little work is done ahead of it in vain.
    func verdicts(host: String) -> [ComponentVerdict] {
        var verdicts = [ComponentVerdict](repeating: .notAnalysed, count: entry.components.count)
        var compared: [[Int]] = []
        for index in 0..<entry.index.groupCount {
            // Most components share no path with another: nothing splits their group, which needs no array.
            let alone = entry.index.loneComponent(ofGroup: index)
            if let alone, !writesReachableExamples {
                verdicts[alone] = .reachable(exampleURL: nil)
                continue
            }
            for part in alone.map({ [[$0]] }) ?? entry.literals.split(Array(entry.index.group(index))) {
                if part.count == 1, !writesReachableExamples {
                    verdicts[part[0]] = .reachable(exampleURL: nil)
                } else {
                    compared.append(part)
                }
            }
        }
        let answersAtOnce = answersGroupsAtOnce && compared.count > 1 && compared.reduce(0) { $0 + $1.count } >= Self.smallestParallelAnalysis
        var next = 0
        var wave = Self.firstWave
        while next < compared.count, !meter.isSpent {
            let groups = Array(compared[next..<min(next + wave, compared.count)])
            next += groups.count
            wave = min(2 * wave, Self.largestWave)
            let (start, startWork) = (meter.remaining, meter.remainingWork)
            let speculative = answersAtOnce && groups.count > 1
                ? groups.parallelMap { [entry] group in
                    let meter = AnalysisMeter(states: start, work: startWork)
                    var questions = GroupQuestions(entry: entry, meter: meter, host: host)
                    let answers = questions.verdicts(of: group)
                    return (answers: answers, spent: start - meter.remaining, work: startWork - meter.remainingWork)
                }
                : nil
            for (position, group) in groups.enumerated() {
                let answers: [(component: Int, verdict: ComponentVerdict)]
                if let guess = speculative?[position], meter.remaining - guess.spent >= entry.budget, meter.remainingWork > guess.work {
                    meter.spend(guess.spent, work: guess.work)
                    answers = guess.answers
                } else {
                    var questions = GroupQuestions(entry: entry, meter: meter, host: host)
                    answers = questions.verdicts(of: group)
                }
                for (component, verdict) in answers { verdicts[component] = verdict }
            }
        }
        return verdicts
    }

    private static let firstWave = 8
    private static let largestWave = 512
}

/// An entry's components and what every question about them shares.
private struct EntryComponents: Sendable {
    let components: [CompiledComponent]
    let index: ComponentKeyIndex
    /// Which components a plain value of a part keeps apart.
    let literals: LiteralParts
    /// The states one question may explore.
    let budget: Int
    let queries = QueryLanguages()
}

/// The questions about one group of components, charged to `meter`.
private struct GroupQuestions {
    let entry: EntryComponents
    let meter: AnalysisMeter
    let languages: LanguageCache
    let host: String
    /// For the components the budget reaches: the earlier components of the group each may share URLs
    /// with, and what preparing it cost.
    private var earlier: [Int: [Int]] = [:]
    private var costs: [Int: (states: Int, work: Int)] = [:]
    /// Few enough that the determinisation work of a chunk past the budget stays small.
    private static let preparedAtOnce = 16

    init(entry: EntryComponents, meter: AnalysisMeter, host: String) {
        self.entry = entry
        self.meter = meter
        self.host = host
        languages = LanguageCache(components: entry.components, budget: entry.budget, queries: entry.queries)
    }

    private var components: [CompiledComponent] { entry.components }
    private var budget: Int { entry.budget }

    /// The verdict of each component of `group` that the budget reaches.
    ///
    /// Before its own questions, each component is charged what bringing it into the group's
    /// comparisons costs: a state per earlier component of the group (listing it, and checking the
    /// component's shortest URL against it), the states of the search for its shortest URL, and the
    /// work of determinising its patterns. A group of thousands of components that all meet, or of
    /// thousands of patterns too complex to determinise, then ends at the file's budget rather
    /// than taking time in the square of their number, or in their sum. Components whose costs alone
    /// exceed what is left are not prepared at all.
    mutating func verdicts(of group: [Int]) -> [(component: Int, verdict: ComponentVerdict)] {
        guard !meter.isSpent else { return [] }
        let reached = prepare(group)
        let earlier = earlier
        let settled = languages.reachedByShortestURL(reached) { earlier[$0] ?? [] }
        var answers: [(component: Int, verdict: ComponentVerdict)] = []
        for component in reached {
            let cost = costs[component] ?? (0, 0)
            meter.spend(cost.states, work: cost.work)
            guard !meter.isSpent else { break }
            if !components[component].isExclude, let url = settled[component] {
                answers.append((component, .reachable(exampleURL: url.string(host: host))))
            } else {
                answers.append((component, verdict(of: component)))
            }
        }
        if reached.count < group.count { meter.spendAll() }
        return answers
    }

    /// The components of `group`, in order, whose costs fit in what is left of the file's budget,
    /// with their earlier components listed and their languages built, a few dozen at a time: a
    /// chunk past the budget is all the work done in vain.
    private mutating func prepare(_ group: [Int]) -> [Int] {
        var lister = ComponentKeyIndex.EarlierComponents(entry.index)
        var (left, leftWork) = (meter.remaining, meter.remainingWork)
        var reached: [Int] = []
        for start in stride(from: 0, to: group.count, by: Self.preparedAtOnce) {
            let chunk = Array(group[start..<min(start + Self.preparedAtOnce, group.count)])
            let literals = entry.literals
            let listed = chunk.map { component in group.count == 1 ? [] : lister.of(component).filter { !literals.areDisjoint($0, component) } }
            let built = languages.prepare(chunk)
            for (component, found) in zip(chunk, listed) {
                let cost = (states: found.count + (built[component]?.states ?? 0), work: built[component]?.work ?? 0)
                left -= cost.states
                leftWork -= cost.work
                guard left > 0, leftWork > 0 else { return reached }
                earlier[component] = found
                costs[component] = cost
                reached.append(component)
            }
        }
        return reached
    }

    /// Runs a question with an allowance from the file's budget and charges what it used.
    private func metered<Answer>(_ limit: Int, _ question: (inout Int) -> Answer) -> Answer {
        let granted = meter.allowance(upTo: limit)
        var allowance = granted
        let answer = question(&allowance)
        meter.spend(granted - max(0, allowance))
        return answer
    }

    private func verdict(of component: Int) -> ComponentVerdict {
        // A component written again is covered by its first writing, however complex its patterns.
        if !components[component].isExclude, let first = earlier[component]?.first(where: { components[component].repeats(components[$0]) }) {
            return .unreachable(coveredBy: [first], exampleURL: ExampleURL.matching(components[component], host: host) ?? "")
        }
        guard let language = languages.language(of: component) else {
            let alone = earlier[component]?.isEmpty ?? true
            return alone ? .reachable(exampleURL: nil) : .incomplete(reason: AnalysisLimit.patternTooComplex.description)
        }
        let others: [(id: Int, language: ComponentLanguage)]
        switch earlierComparable(with: component) {
        case .failure(let reason): return .incomplete(reason: reason.description)
        case .success(let found): others = found
        }
        let coverage = metered(budget) { remaining in
            languages.coverage(of: component, language: language).answer(by: others, budget: &remaining)
        }
        if components[component].isExclude {
            switch shadowingComponent(of: component, coverage: coverage) {
            case .failure(let reason): return .incomplete(reason: reason.description)
            case .success(let shadowed?): return shadowed
            case .success(nil): break
            }
        }
        switch coverage {
        case .covered(let examples):
            let deciders = examples.keys.sorted()
            return .unreachable(coveredBy: deciders, exampleURL: examples[deciders[0]].map { $0.string(host: host) } ?? "")
        case .uncovered(let example): return .reachable(exampleURL: example.string(host: host))
        case .empty: return .matchesNothing
        case .overBudget: return .incomplete(reason: AnalysisLimit.overBudget(budget).description)
        }
    }

    /// An including component that decides URLs the exclusion `component` matches: the first that
    /// decides some when earlier components decide all of them (the exclusion has no effect at
    /// all), otherwise the earliest that does without lying inside the exclusion (a component
    /// inside it is a deliberate exception carved out first).
    private func shadowingComponent(of component: Int, coverage: Coverage.Answer) -> Result<ComponentVerdict?, AnalysisLimit> {
        guard let exclusion = languages.language(of: component) else { return .failure(.patternTooComplex) }
        if case .covered(let examples) = coverage {
            let including = examples.keys.sorted().first { !components[$0].isExclude }
            return .success(including.flatMap { including in
                examples[including].map { .shadowedExclude(by: including, exampleURL: $0.string(host: host), hasNoEffect: true) }
            })
        }
        for including in earlier[component] ?? [] where !components[including].isExclude {
            guard let includingLanguage = languages.language(of: including) else { return .failure(.patternTooComplex) }
            let granted = meter.allowance(upTo: budget)
            var remaining = granted
            defer { meter.spend(granted - max(0, remaining)) }
            // Most pairs share no URL: settle that alone before asking about earlier components.
            switch Coverage(of: [includingLanguage, exclusion], percentEncoded: exclusion.percentEncoded).answer(by: [], budget: &remaining) {
            case .overBudget: return .failure(.overBudget(budget))
            case .empty, .covered: continue
            case .uncovered: break
            }
            let earlier: [(id: Int, language: ComponentLanguage)]
            switch earlierComparable(with: including) {
            case .failure(let reason): return .failure(reason)
            case .success(let found): earlier = found
            }
            let decidedAndExcluded = Coverage(of: [includingLanguage, exclusion], percentEncoded: exclusion.percentEncoded)
                .answer(by: earlier, budget: &remaining)
            switch decidedAndExcluded {
            case .overBudget: return .failure(.overBudget(budget))
            case .covered, .empty: continue
            case .uncovered(let example):
                let outsideExclusion = languages.coverage(of: including, language: includingLanguage)
                    .answer(by: earlier + [(component, exclusion)], budget: &remaining)
                switch outsideExclusion {
                case .overBudget: return .failure(.overBudget(budget))
                case .covered, .empty: continue
                case .uncovered:
                    return .success(.shadowedExclude(by: including, exampleURL: example.string(host: host), hasNoEffect: false))
                }
            }
        }
        return .success(nil)
    }

    /// The earlier components that may share URLs with `subject`, all comparable with it.
    private func earlierComparable(with subject: Int) -> Result<[(id: Int, language: ComponentLanguage)], AnalysisLimit> {
        guard let language = languages.language(of: subject) else { return .failure(.patternTooComplex) }
        var found: [(id: Int, language: ComponentLanguage)] = []
        for other in earlier[subject] ?? [] {
            guard let otherLanguage = languages.language(of: other) else { return .failure(.otherPatternTooComplex(component: other)) }
            guard otherLanguage.percentEncoded == language.percentEncoded else { return .failure(.mixedEncoding(component: other)) }
            found.append((other, otherLanguage))
        }
        return .success(found)
    }
}

/// The languages of an entry's components, built a group at a time before the group's questions.
final class LanguageCache {
    private let components: [CompiledComponent]
    private let budget: Int
    private var built: [Int: ComponentLanguage?] = [:]
    private var shortest: [Int: [[UInt32]]] = [:]
    private let queries: QueryLanguages
    private static let smallestParallelBuild = 32

    init(components: [CompiledComponent], budget: Int, queries: QueryLanguages) {
        self.components = components
        self.budget = budget
        self.queries = queries
    }

    /// Builds the languages of `group`, and their shortest URLs, across the machine's cores:
    /// every question about a group needs those of nearly all its components, and they are most of
    /// the analysis. Returns what each component cost: the work of determinising its patterns, and
    /// the states of the search for its shortest URL.
    func prepare(_ group: [Int]) -> [Int: (states: Int, work: Int)] {
        let missing = group.filter { built[$0] == nil }
        let budget = budget
        let queries = queries
        let build = { @Sendable (component: CompiledComponent) -> (language: ComponentLanguage?, shortest: [[UInt32]]?, states: Int, work: Int) in
            let work = ComponentLanguage.determinisationWork(of: component)
            guard let language = ComponentLanguage(component, budget: budget, queries: queries) else { return (nil, nil, 0, work) }
            var remaining = budget
            let shortest = Coverage(of: [language], percentEncoded: language.percentEncoded).shortestTexts(budget: &remaining)
            return (language, shortest ?? nil, budget - max(0, remaining), work)
        }
        // Handing a few components to other threads costs more than it saves.
        let found = missing.count < Self.smallestParallelBuild ? missing.map { build(components[$0]) } : missing.map { components[$0] }.parallelMap(build)
        var spent: [Int: (states: Int, work: Int)] = [:]
        for (component, result) in zip(missing, found) {
            built[component] = result.language
            shortest[component] = result.shortest
            spent[component] = (result.states, result.work)
        }
        return spent
    }

    func language(of component: Int) -> ComponentLanguage? {
        if let known = built[component] { return known }
        let language = ComponentLanguage(components[component], budget: budget, queries: queries)
        built[component] = language
        return language
    }

    /// The components of a prepared group whose shortest URL no earlier component (`earlier`) matches,
    /// with that URL: what their questions would find first (an exclusion has one more
    /// question). Checked across the machine's cores, since it is most of what most components ask.
    func reachedByShortestURL(_ group: [Int], earlier: @escaping @Sendable (Int) -> [Int]) -> [Int: AnalysisURL] {
        let built = built, shortest = shortest
        let check = { @Sendable (component: Int) -> AnalysisURL? in
            guard let texts = shortest[component], let language = built[component] ?? nil else { return nil }
            for other in earlier(component) {
                // A component the shortest URL cannot be checked against leaves the question to be asked.
                guard let otherLanguage = built[other] ?? nil, otherLanguage.percentEncoded == language.percentEncoded,
                      !otherLanguage.accepts(texts) else { return nil }
            }
            return AnalysisURL(path: texts[0], query: texts[1], fragment: texts[2], percentEncoded: language.percentEncoded)
        }
        let found = group.count < Self.smallestParallelBuild ? group.map(check) : group.parallelMap(check)
        return Dictionary(uniqueKeysWithValues: zip(group, found).compactMap { component, url in url.map { (component, $0) } })
    }

    /// The questions about `component` (whose language is `language`), with the texts of its
    /// shortest URL found when its group was prepared: a component is asked about as a subject, and
    /// again as the including component of each later exclusion.
    func coverage(of component: Int, language: ComponentLanguage) -> Coverage {
        Coverage(of: [language], percentEncoded: language.percentEncoded, shortest: shortest[component])
    }
}

/// Why a question was left unanswered.
enum AnalysisLimit: Error, CustomStringConvertible {
    case patternTooComplex
    case otherPatternTooComplex(component: Int)
    case overBudget(Int)
    case fileBudgetSpent(Int)
    case tooManyComponents(Int, states: Int)
    case mixedEncoding(component: Int)

    var description: String {
        switch self {
        case .patternTooComplex:
            "a pattern of this component is too complex to analyse"
        case .otherPatternTooComplex(let component):
            "a pattern of component \(component + 1) is too complex to analyse"
        case .overBudget(let states):
            "comparing it with the earlier components needs more than \(states) automaton states"
        case .fileBudgetSpent(let states):
            "the budget of the whole analysis (\(states) automaton states, and the work of building automata) was spent before these components"
        case .tooManyComponents(let count, let states):
            "\(count) of its components may share paths, more than the \(states) automaton states one comparison may explore"
        case .mixedEncoding(let component):
            "it compares the URL percent-encoded and component \(component + 1) decoded, or the reverse, and such pairs are not analysed yet"
        }
    }
}
