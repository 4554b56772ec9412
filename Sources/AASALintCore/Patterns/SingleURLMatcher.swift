/// Decides one URL as `AASAMatcher.decide(_:appID:tracing: false)` does, straight from the file's
/// model: of the deciding entry's components, only those whose path pattern `PathPatternScreen`
/// lets through are compiled and tried, in order. `match` asks about one URL, and compiling every
/// component of a catalog for it took more than the whole decision.
package struct SingleURLMatcher {
    package let url: LinkURL
    /// Every app the file lists, in the order first listed (`AASAMatcher.appIDs`).
    package let appIDs: [String]
    private let precedence: DetailsPrecedence
    private var patterns: PatternLanguageSupply
    private var screen: PathPatternScreen
    /// The component that decides, nil for none, by the position of its entry: apps listed together share it.
    private var decidedByEntry: [Int: CompiledComponent?] = [:]

    package init(document: AASADocument, url: LinkURL) {
        self.url = url
        precedence = document.applinks?.precedence ?? DetailsPrecedence([])
        appIDs = AASAMatcher.appIDs(in: precedence)
        let variables = SubstitutionVariables(document.applinks?.substitutionVariables ?? [])
        patterns = PatternLanguageSupply(compilingNow: PatternCompiler(variables: variables, determinisesEagerly: false))
        screen = PathPatternScreen(path: url.path, variables: variables)
    }

    /// The number of components of the details entry that decides for `appID`; 0 without one.
    package func componentCount(ofEntryDeciding appID: String) -> Int {
        precedence.decider(of: appID, on: .iOS13AndLater).map { ComponentReader.componentCount(of: precedence.details[$0]) } ?? 0
    }

    /// The decision, with only the deciding component in its trace.
    package mutating func decide(appID: String) -> Decision {
        guard let position = precedence.decider(of: appID, on: .iOS13AndLater) else {
            return Decision(appID: appID, outcome: .noMatch, entry: nil, trace: [])
        }
        let component = decidedByEntry[position] ?? decidingComponent(inEntry: position)
        decidedByEntry[position] = component
        return Decision(appID: appID, outcome: component.map { $0.isExclude ? .blocked : .match } ?? .noMatch,
                        entry: precedence.details[position].pointer,
                        trace: component.map { [ComponentAttempt(component: $0, mismatch: nil)] } ?? [])
    }

    /// The first component of the entry at `position` that matches the URL, numbered as `AASAMatcher` numbers it.
    private mutating func decidingComponent(inEntry position: Int) -> CompiledComponent? {
        let entry = precedence.details[position]
        let firstOrdinal = precedence.details[..<position].reduce(0) { $0 + ComponentReader.componentCount(of: $1) }
        if let components = entry.components {
            for (offset, component) in components.value.enumerated()
            where screen.mayMatch(component.path?.value, percentEncoded: component.percentEncoded.value) {
                let compiled = ComponentReader.compiled(component, ordinal: firstOrdinal + offset, patterns: &patterns)
                if compiled.matches(url) { return compiled }
            }
            return nil
        }
        for (offset, legacy) in (entry.paths?.value ?? []).enumerated()
        where screen.mayMatch(legacy.pattern, percentEncoded: legacy.settings.percentEncoded) {
            let compiled = ComponentReader.compiled(legacy, ordinal: firstOrdinal + offset, patterns: &patterns)
            if compiled.matches(url) { return compiled }
        }
        return nil
    }
}
