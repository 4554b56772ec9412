/// The query as the analysis sees it: a string where the `&` that separates items and the
/// first `=` of each item are two marks that no URL text contains (two surrogate values), and
/// everything else is item text in the rule's form. A string `?` pattern and a `?` object are
/// then both regular languages over one alphabet: `a=1&b=2` is `a`, mark, `1`, mark, `b`,
/// mark, `2`. An encoded `%26` stays text inside an item; the system decodes each item on
/// its own, so decoded text may hold `&` and `=` too. The empty query has no items.
enum StructuredQuery {
    static let itemSeparator: UInt32 = 0xD800
    static let valueSeparator: UInt32 = 0xD801
    /// Each mark alone, so that partitions keep the two apart.
    static let marks = [ScalarSet([itemSeparator...itemSeparator]), ScalarSet([valueSeparator...valueSeparator])]

    /// A string `?` pattern compares the whole query: the marks read as `&` and `=`.
    static func whole(_ pattern: DeterministicAutomaton, budget: Int) -> DeterministicAutomaton? {
        let classes = ScalarClasses(separating: pattern.classes.sets + marks)
        return DeterministicAutomaton.reachable(
            over: classes, from: pattern.start, budget: budget,
            accepting: { pattern.accepting[$0] },
            next: { state, value in
                switch value {
                case itemSeparator: pattern.target(of: state, on: 0x26)
                case valueSeparator: pattern.target(of: state, on: 0x3D)
                default: pattern.target(of: state, on: value)
                }
            })
    }

    /// A `?` object: for each name, every item of that name has a value the pattern matches,
    /// and a query without the name counts as holding it with the empty value.
    static func items(_ items: [(name: [UInt32], value: DeterministicAutomaton)], budget: Int) -> DeterministicAutomaton? {
        var result: DeterministicAutomaton?
        for item in items {
            guard let single = self.item(named: item.name, value: item.value, budget: budget) else { return nil }
            guard let previous = result else {
                result = single
                continue
            }
            guard let combined = previous.intersection(single, budget: budget) else { return nil }
            result = combined
        }
        return result
    }

    private enum ItemState: Hashable {
        /// Reading an item's name: `matched` scalars of the wanted name so far, or nil when
        /// the item has another name; `seen` once an item of the wanted name has occurred.
        case name(matched: Int?, seen: Bool)
        /// Reading the value of an item of the wanted name, in this state of the value automaton.
        case value(Int)
        case failed
    }

    private static func item(named name: [UInt32], value: DeterministicAutomaton, budget: Int) -> DeterministicAutomaton? {
        let acceptsEmpty = value.accepting[value.start]
        let nameSets = name.map { ScalarSet([$0...$0]) }
        let classes = ScalarClasses(separating: value.classes.sets + nameSets + marks)
        return DeterministicAutomaton.reachable(
            over: classes, from: ItemState.name(matched: 0, seen: false), budget: budget,
            accepting: { state in
                switch state {
                case .name(let matched, let seen): matched == name.count ? acceptsEmpty : (seen || acceptsEmpty)
                case .value(let state): value.accepting[state]
                case .failed: false
                }
            },
            next: { state, scalar in
                switch state {
                case .failed:
                    return .failed
                case .name(let matched, let seen):
                    let isWanted = matched == name.count
                    switch scalar {
                    case itemSeparator:
                        // An item without `=` has the empty value.
                        if isWanted { return acceptsEmpty ? .name(matched: 0, seen: true) : .failed }
                        return .name(matched: 0, seen: seen)
                    case valueSeparator:
                        return isWanted ? .value(value.start) : .name(matched: nil, seen: seen)
                    default:
                        guard let matched, matched < name.count, name[matched] == scalar else { return .name(matched: nil, seen: seen) }
                        return .name(matched: matched + 1, seen: seen)
                    }
                case .value(let state):
                    switch scalar {
                    case itemSeparator: return value.accepting[state] ? .name(matched: 0, seen: true) : .failed
                    case valueSeparator: return .failed
                    default:
                        let target = value.target(of: state, on: scalar)
                        return value.isDead(target) ? .failed : .value(target)
                    }
                }
            })
    }

    /// The query text of a URL for a structured query, as clients send it.
    static func urlText(of query: [UInt32], percentEncoded: Bool) -> String {
        var text = ""
        var piece = String.UnicodeScalarView()
        func flush() {
            text += percentEncoded ? String(piece) : PercentEncoding.encode(String(piece), keeping: ExampleURL.isUnreserved)
            piece = String.UnicodeScalarView()
        }
        for value in query {
            switch value {
            case itemSeparator:
                flush()
                text += "&"
            case valueSeparator:
                flush()
                text += "="
            default:
                if let scalar = Unicode.Scalar(value) { piece.append(scalar) }
            }
        }
        flush()
        return text
    }
}
