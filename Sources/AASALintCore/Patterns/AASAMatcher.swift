/// Decides, for a URL on the file's host and one app, what the system decides (AASA.md
/// section 2): the first details entry that lists the app decides; inside it the first component
/// (or legacy path) whose parts all match wins, `exclude` blocking and anything else opening the app.
public struct AASAMatcher: Sendable {
    /// A details entry as the system reads it.
    package struct Entry: Sendable {
        package let pointer: JSONPointer
        package let appIDs: [String]
        package let components: [CompiledComponent]
        /// The versions of the system that run these components: none when, on every version that
        /// reads them, earlier entries decide for all the entry's apps. iOS 12 and earlier run
        /// them only when they are `paths`.
        package let runsOn: [DetailsReader]
    }

    package let entries: [Entry]
    /// The components of every entry: their `ordinal`s are the numbers below it.
    package let componentCount: Int
    /// Every app the file lists, in the order first listed.
    public let appIDs: [String]
    /// The apps of each service that only lists apps (`webcredentials`, `appclips`,
    /// `activitycontinuation`), by service name.
    package let listedApps: [String: [String]]
    /// The file's `$(name)` variables, which its patterns were compiled with.
    package let variables: SubstitutionVariables
    private let precedence: DetailsPrecedence
    /// Nil when every pattern was compiled with the matcher.
    private let languagesOnFirstUse: LanguagesOnFirstUse?

    /// `determinisesEagerly: false` defers the costly part of compiling to the first question
    /// about each pattern: right for a lint, which asks few; not for deciding many URLs.
    /// `compilesOnFirstUse: true` defers all of it, each pattern compiled when first asked about,
    /// under a lock: right for a lint, whose order analysis compares only components that share a
    /// path start; not for deciding many URLs, which ask about most patterns many times.
    package init(document: AASADocument, stateBudget: Int = PatternLanguage.defaultStateBudget,
                determinisesEagerly: Bool = true, compilesOnFirstUse: Bool = false) {
        let applinks = document.applinks
        variables = SubstitutionVariables(applinks?.substitutionVariables ?? [])
        let compiler = PatternCompiler(variables: variables,
                                       stateBudget: stateBudget, determinisesEagerly: determinisesEagerly)
        var patterns = compilesOnFirstUse ? PatternLanguageSupply(compilingOnFirstUse: compiler) : PatternLanguageSupply(compilingNow: compiler)
        var entries: [Entry] = []
        let precedence = applinks?.precedence ?? DetailsPrecedence([])
        if !compilesOnFirstUse {
            // Most components have one distinct pattern, their path; repeated queries and fragments share theirs.
            patterns.reserveCapacity(precedence.details.reduce(0) { $0 + ComponentReader.componentCount(of: $1) })
        }
        var componentCount = 0
        for (index, detailsEntry) in precedence.details.enumerated() {
            let components = ComponentReader.components(of: detailsEntry, firstOrdinal: componentCount, patterns: &patterns)
            componentCount += components.count
            let ids = detailsEntry.effectiveAppIDs.map(\.value)
            let runsOn = precedence.readersApplying(index).filter { $0.triesWhatIOS13Tries(in: detailsEntry) }
            entries.append(Entry(pointer: detailsEntry.pointer, appIDs: ids, components: components, runsOn: runsOn))
        }
        self.entries = entries
        self.componentCount = componentCount
        appIDs = Self.appIDs(in: precedence)
        let lists = [("webcredentials", document.webCredentials), ("appclips", document.appClips),
                     ("activitycontinuation", document.activityContinuation)]
        listedApps = Dictionary(uniqueKeysWithValues: lists.compactMap { service, list in list.map { (service, $0.apps.map(\.value)) } })
        self.precedence = precedence
        languagesOnFirstUse = patterns.onFirstUse
    }

    /// The matcher of a parsed AASA file; nil when the file is not an AASA JSON object.
    package init?(file: LintFile, determinisesEagerly: Bool = true, compilesOnFirstUse: Bool = false) {
        guard let document = file.aasa else { return nil }
        self.init(document: document, determinisesEagerly: determinisesEagerly, compilesOnFirstUse: compilesOnFirstUse)
    }

    /// The distinct languages compiled so far by a matcher that compiles on first use; nil for
    /// one that compiled every pattern when built.
    var languagesCompiledOnFirstUse: Int? {
        languagesOnFirstUse?.compiledCount
    }

    /// Every app of the details entries, in the order first listed, that the entry listing it
    /// decides for on current iOS.
    static func appIDs(in precedence: DetailsPrecedence) -> [String] {
        var appIDs: [String] = []
        var listed = Set<String>()
        for (index, detailsEntry) in precedence.details.enumerated() {
            for id in detailsEntry.effectiveAppIDs.lazy.map(\.value)
            where precedence.decider(of: id, on: .iOS13AndLater) == index && listed.insert(id).inserted {
                appIDs.append(id)
            }
        }
        return appIDs
    }

    /// The position in `entries` of the details entry that decides for `appID` on current iOS.
    package func decidingEntry(of appID: String) -> Int? {
        precedence.decider(of: appID, on: .iOS13AndLater)
    }

    /// `tracing: false` records only the deciding component, for callers that decide many URLs.
    package func decide(_ url: LinkURL, appID: String, tracing: Bool = true) -> Decision {
        guard let index = decidingEntry(of: appID) else {
            return Decision(appID: appID, outcome: .noMatch, entry: nil, trace: [])
        }
        let entry = entries[index]
        var trace: [ComponentAttempt] = []
        for component in entry.components {
            // Without a trace, a component ruled out needs no report of its failure (the URL's
            // text for the part, made per component: 100,000 URLs on 1,000 rules took minutes).
            if !tracing {
                guard component.matches(url) else { continue }
                return Decision(appID: appID, outcome: component.isExclude ? .blocked : .match, entry: entry.pointer,
                                trace: [ComponentAttempt(component: component, mismatch: nil)])
            }
            let mismatch = component.mismatch(with: url)
            trace.append(ComponentAttempt(component: component, mismatch: mismatch))
            if mismatch == nil {
                return Decision(appID: appID, outcome: component.isExclude ? .blocked : .match, entry: entry.pointer, trace: trace)
            }
        }
        return Decision(appID: appID, outcome: .noMatch, entry: entry.pointer, trace: trace)
    }

    /// The decision for every app the file lists, in the order first listed.
    package func decisions(for url: LinkURL) -> [Decision] {
        appIDs.map { decide(url, appID: $0) }
    }
}

/// Compiles a details entry's components, or its legacy paths, as the system reads them.
enum ComponentReader {
    /// `firstOrdinal`: the ordinal of the entry's first component.
    static func components(of entry: DetailsEntry, firstOrdinal: Int, patterns: inout PatternLanguageSupply) -> [CompiledComponent] {
        if let components = entry.components {
            return components.value.enumerated().map { offset, component in
                compiled(component, ordinal: firstOrdinal + offset, patterns: &patterns)
            }
        }
        return (entry.paths?.value ?? []).enumerated().map { offset, legacy in
            compiled(legacy, ordinal: firstOrdinal + offset, patterns: &patterns)
        }
    }

    /// The number of components `components(of:firstOrdinal:patterns:)` gives, without compiling them.
    static func componentCount(of entry: DetailsEntry) -> Int {
        entry.components?.value.count ?? entry.paths?.value.count ?? 0
    }

    static func compiled(_ component: Component, ordinal: Int, patterns: inout PatternLanguageSupply) -> CompiledComponent {
        let settings = component.settings
        return CompiledComponent(pointer: component.pointer, ordinal: ordinal, span: component.object.node.span,
                                 source: .component, isExclude: component.isExclude, settings: settings,
                                 path: component.path.map { patterns.pattern($0, as: .path, caseSensitive: settings.caseSensitive) },
                                 query: query(component.query, settings, &patterns),
                                 fragment: component.fragment.map { patterns.pattern($0, as: .other, caseSensitive: settings.caseSensitive) })
    }

    static func compiled(_ legacy: LegacyPath, ordinal: Int, patterns: inout PatternLanguageSupply) -> CompiledComponent {
        let path = Located(legacy.pattern, at: legacy.text.pointer)
        return CompiledComponent(pointer: legacy.text.pointer, ordinal: ordinal, span: nil, source: .legacyPath,
                                 isExclude: legacy.isExclusion, settings: legacy.settings,
                                 path: patterns.pattern(path, as: .path, caseSensitive: legacy.settings.caseSensitive),
                                 query: .any, fragment: nil)
    }

    private static func query(_ pattern: QueryPattern?, _ settings: MatchSettings, _ patterns: inout PatternLanguageSupply) -> QueryConstraint {
        switch pattern {
        case nil:
            return .any
        case .whole(let text):
            return .whole(patterns.pattern(text, as: .other, caseSensitive: settings.caseSensitive))
        case .items(let items) where items.count == 1:
            // One item has no duplicate to drop.
            return .items([item(items[0], settings, &patterns)])
        case .items(let items):
            // The system reads the object as a dictionary: the last of duplicate keys counts.
            var seen = Set<[Unicode.Scalar]>()
            let lastOfEach = items.reversed().filter { seen.insert(Array($0.name.unicodeScalars)).inserted }.reversed()
            return .items(lastOfEach.map { item($0, settings, &patterns) })
        }
    }

    private static func item(_ item: QueryItemPattern, _ settings: MatchSettings, _ patterns: inout PatternLanguageSupply) -> QueryConstraint.Item {
        QueryConstraint.Item(name: item.name, pattern: patterns.pattern(item.value, as: .other, caseSensitive: settings.caseSensitive))
    }
}

extension AASAMatcher {
    /// The query items of every component that `isIncluded` accepts, each with its component,
    /// each written item once (an item written in `defaults` constrains many components): what
    /// rules about item values read. Items are tested before they are told apart by their
    /// pointers, which took 4,700 instructions an item for the few that rules look for.
    package func queryItems(where isIncluded: (QueryConstraint.Item) -> Bool) -> [(component: CompiledComponent, item: QueryConstraint.Item)] {
        var seen = Set<JSONPointer>()
        var found: [(component: CompiledComponent, item: QueryConstraint.Item)] = []
        for entry in entries {
            for component in entry.components {
                guard case .items(let items) = component.query else { continue }
                for item in items where isIncluded(item) && seen.insert(item.pattern.pointer).inserted {
                    found.append((component, item))
                }
            }
        }
        return found
    }
}
