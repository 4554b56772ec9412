#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One component as the set of URLs it matches: a product of a path, a query and a fragment
/// language (ANALYSIS.md), each over the text the component compares (percent-encoded or decoded),
/// with the query in the `StructuredQuery` form. A nil part matches every text.
struct ComponentLanguage: Sendable {
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

    /// Whether the component matches the URL whose path, query and fragment texts are `parts`.
    func accepts(_ parts: [[UInt32]]) -> Bool {
        (path?.accepts(parts[0]) ?? true) && (query?.accepts(parts[1]) ?? true) && (fragment?.accepts(parts[2]) ?? true)
    }

    /// The work of determinising the component's patterns, whether or not they are built already:
    /// the same for every component of those patterns, however the work was scheduled.
    static func determinisationWork(of component: CompiledComponent) -> Int {
        var patterns = [component.path, component.fragment].compactMap { $0 }
        switch component.query {
        case .any: break
        case .whole(let pattern): patterns.append(pattern)
        case .items(let items): patterns += items.map(\.pattern)
        }
        return patterns.reduce(0) { $0 + $1.language.determinisationWork }
    }

    /// Nil when a pattern of the component is too complex for `budget` states. `queries` shares
    /// the query languages of components with the same `?` object.
    init?(_ component: CompiledComponent, budget: Int, queries: QueryLanguages? = nil) {
        percentEncoded = component.settings.percentEncoded
        var path: DeterministicAutomaton?
        if let pattern = component.path {
            guard let automaton = pattern.language.automaton else { return nil }
            path = automaton
        }
        var fragment: DeterministicAutomaton?
        if let pattern = component.fragment {
            guard let automaton = pattern.language.automaton else { return nil }
            fragment = automaton
        }
        var query: DeterministicAutomaton?
        switch component.query {
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
            let combined = queries.map { $0.language(of: constraints, budget: budget) } ?? StructuredQuery.items(constraints, budget: budget)
            guard let combined else { return nil }
            query = combined
        }
        self.path = path
        self.query = query
        self.fragment = fragment
    }
}

/// The languages of `?` objects, each built once: files repeat one object (`{"ref": "?*"}`)
/// across many components, and each takes a product of automata to build. Safe to share between
/// threads.
final class QueryLanguages: @unchecked Sendable {
    private struct Key: Hashable {
        let names: [[UInt32]]
        let values: [ObjectIdentifier]
    }

    private let lock = Lock()
    private var built: [Key: DeterministicAutomaton?] = [:]

    func language(of items: [(name: [UInt32], value: DeterministicAutomaton)], budget: Int) -> DeterministicAutomaton? {
        let key = Key(names: items.map(\.name), values: items.map { ObjectIdentifier($0.value) })
        if let known = lock.withLock({ built[key] }) { return known }
        let language = StructuredQuery.items(items, budget: budget)
        lock.withLock { built[key] = language }
        return language
    }
}
