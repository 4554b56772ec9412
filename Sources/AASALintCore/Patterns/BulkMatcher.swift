/// Decides URLs against one file, as `AASAMatcher` does, trying for each URL only the
/// components that `ComponentIndex` finds on its path: the work per URL follows the URL and the
/// few components that share its start, not the size of the file, and only those components'
/// patterns are ever compiled.
package struct BulkMatcher: Sendable {
    package let matcher: AASAMatcher
    private let candidates: Candidates

    /// Where the components a URL may match come from.
    private enum Candidates: Sendable {
        case indexed(ComponentIndex)
        /// For one URL: the positions of each entry's components that `PathPatternScreen` lets through.
        case screened([[Int]])

        func candidates(in entry: Int, for url: LinkURL) -> [Int] {
            switch self {
            case .indexed(let index): index.candidates(in: entry, for: url)
            case .screened(let positions): positions[entry]
            }
        }
    }

    package init(matcher: AASAMatcher) {
        self.matcher = matcher
        candidates = .indexed(ComponentIndex(entries: matcher.entries, variables: matcher.variables))
    }

    /// A matcher that decides `url` alone (any other URL may be decided wrongly): it tries only
    /// the components that `url`'s path may meet, told from their path patterns' text.
    package init(matcher: AASAMatcher, decidingOnly url: LinkURL) {
        self.matcher = matcher
        var screen = PathPatternScreen(path: url.path, variables: matcher.variables)
        candidates = .screened(matcher.entries.map { entry in
            entry.components.indices.filter { position in
                let component = entry.components[position]
                return screen.mayMatch(component.path?.text, percentEncoded: component.settings.percentEncoded)
            }
        })
    }

    /// The decision `matcher.decide(url, appID:, tracing:)` gives. Without tracing only the
    /// deciding component is recorded; with it every component up to that one, those the index
    /// components out failing on the path, which they cannot match.
    package func decide(_ url: LinkURL, appID: String, tracing: Bool = false) -> Decision {
        guard let position = matcher.decidingEntry(of: appID) else {
            return Decision(appID: appID, outcome: .noMatch, entry: nil, trace: [])
        }
        let entry = matcher.entries[position]
        guard tracing else {
            let component = decidingComponent(of: url, inEntry: position)
            return Decision(appID: appID, outcome: component.map { $0.isExclude ? .blocked : .match } ?? .noMatch, entry: entry.pointer,
                            trace: component.map { [ComponentAttempt(component: $0, mismatch: nil)] } ?? [])
        }
        var trace: [ComponentAttempt] = []
        var traced = 0
        // The path's text in each form, made once for the many components ruled out on it.
        var encodedPath: String?
        var decodedPath: String?
        func comparedPath(percentEncoded: Bool) -> String {
            if percentEncoded {
                let text = encodedPath ?? url.path.encoded
                encodedPath = text
                return text
            }
            let text = decodedPath ?? url.path.decoded
            decodedPath = text
            return text
        }
        func traceRuledOut(upTo end: Int) {
            trace += entry.components[traced..<end].map { component in
                ComponentAttempt(component: component,
                                 mismatch: component.pathMismatch(comparing: comparedPath(percentEncoded: component.settings.percentEncoded)))
            }
            traced = end
        }
        for candidate in candidates.candidates(in: position, for: url) {
            let component = entry.components[candidate]
            traceRuledOut(upTo: candidate)
            let mismatch = component.mismatch(with: url)
            trace.append(ComponentAttempt(component: component, mismatch: mismatch))
            traced = candidate + 1
            guard mismatch == nil else { continue }
            return Decision(appID: appID, outcome: component.isExclude ? .blocked : .match, entry: entry.pointer, trace: trace)
        }
        traceRuledOut(upTo: entry.components.count)
        return Decision(appID: appID, outcome: .noMatch, entry: entry.pointer, trace: trace)
    }

    /// The component of details entry `position` (`matcher.decidingEntry(of:)` of an app) that
    /// decides `url`, nil when none matches: what a list of many URLs asks, without a `Decision`
    /// and its trace for each.
    package func decidingComponent(of url: LinkURL, inEntry position: Int) -> CompiledComponent? {
        let components = matcher.entries[position].components
        for candidate in candidates.candidates(in: position, for: url) where components[candidate].matches(url) {
            return components[candidate]
        }
        return nil
    }
}
