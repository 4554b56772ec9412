/// Every string a part of a URL can be, in the form a rule compares it (AASA.md section 2):
/// the analysis intersects each rule with these, so that its answers and example URLs speak
/// about URLs clients can send, not about arbitrary strings.
///
/// Encoded parts hold what `URLComponents` leaves unencoded (RFC 3986) and `%XX` escapes;
/// decoded parts any scalar. Paths are normalised: they start with `/`, never hold `//`, and
/// end with `/` or `*`. Queries are in the `StructuredQuery` form.
enum URLPartUniverse {
    enum Part: Hashable {
        case path
        case query
        case fragment
    }

    static func automaton(of part: Part, percentEncoded: Bool) -> DeterministicAutomaton {
        switch (part, percentEncoded) {
        case (.path, true): encodedPath
        case (.path, false): decodedPath
        case (.query, true): encodedQuery
        case (.query, false): decodedQuery
        case (.fragment, true): encodedFragment
        case (.fragment, false): decodedFragment
        }
    }

    private static let unreserved = ScalarSet([0x41...0x5A, 0x61...0x7A, 0x30...0x39]).union(characters("-._~"))
    private static let subDelimiters = characters("!$&'()*+,;=")
    private static let hexDigits = ScalarSet([0x30...0x39, 0x41...0x46, 0x61...0x66])
    private static let surrogates = ScalarSet([0xD800...0xDFFF])
    private static let pathCharacters = unreserved.union(subDelimiters).union(characters(":@"))
    private static let fragmentCharacters = pathCharacters.union(characters("/?"))
    /// Query items are split on `&`, then on the first `=`: names hold neither unencoded.
    private static let queryNameCharacters = unreserved.union(characters("!$'()*+,;:@/?"))
    private static let queryValueCharacters = queryNameCharacters.union(characters("="))

    static func characters(_ text: String) -> ScalarSet {
        ScalarSet(text.unicodeScalars.map { $0.value...$0.value })
    }

    private static func classes(_ sets: [ScalarSet]) -> ScalarClasses {
        ScalarClasses(separating: sets + [characters("%"), characters("/"), characters("*"), hexDigits, surrogates] + StructuredQuery.marks)
    }

    private enum PathState: Hashable {
        case start, afterSlash, segment, segmentEndingInStar, escapeStart, escapeMiddle, dead
    }

    private static func path(percentEncoded: Bool) -> DeterministicAutomaton {
        let raw = percentEncoded ? pathCharacters : surrogates.complement()
        let automaton = DeterministicAutomaton.reachable(
            over: classes([raw]), from: PathState.start, budget: 16,
            accepting: { $0 == .afterSlash || $0 == .segmentEndingInStar },
            next: { state, value in
                switch state {
                case .dead: return .dead
                case .start: return value == 0x2F ? .afterSlash : .dead
                case .escapeStart: return hexDigits.contains(value) ? .escapeMiddle : .dead
                case .escapeMiddle: return hexDigits.contains(value) ? .segment : .dead
                case .afterSlash, .segment, .segmentEndingInStar:
                    if value == 0x2F { return state == .afterSlash ? .dead : .afterSlash }
                    if percentEncoded && value == 0x25 { return .escapeStart }
                    guard raw.contains(value) else { return .dead }
                    return value == 0x2A ? .segmentEndingInStar : .segment
                }
            })
        return automaton ?? DeterministicAutomaton.nothing
    }

    private enum TextState: Hashable {
        case name, value, escapeStart(inValue: Bool), escapeMiddle(inValue: Bool), dead
    }

    /// A fragment is one run of text; a query is pieces of a name and an optional value.
    private static func text(percentEncoded: Bool, isQuery: Bool) -> DeterministicAutomaton {
        let anything = surrogates.complement()
        let nameCharacters = percentEncoded ? (isQuery ? queryNameCharacters : fragmentCharacters) : anything
        let valueCharacters = percentEncoded ? queryValueCharacters : anything
        let automaton = DeterministicAutomaton.reachable(
            over: classes([nameCharacters, valueCharacters]), from: TextState.name, budget: 16,
            accepting: { $0 == .name || $0 == .value },
            next: { state, value in
                switch state {
                case .dead:
                    return .dead
                case .escapeStart(let inValue):
                    return hexDigits.contains(value) ? .escapeMiddle(inValue: inValue) : .dead
                case .escapeMiddle(let inValue):
                    return hexDigits.contains(value) ? (inValue ? .value : .name) : .dead
                case .name, .value:
                    let inValue = state == .value
                    if isQuery && value == StructuredQuery.itemSeparator { return .name }
                    if isQuery && value == StructuredQuery.valueSeparator { return inValue ? .dead : .value }
                    if percentEncoded && value == 0x25 { return .escapeStart(inValue: inValue) }
                    return (inValue ? valueCharacters : nameCharacters).contains(value) ? state : .dead
                }
            })
        return automaton ?? DeterministicAutomaton.nothing
    }

    private static let encodedPath = path(percentEncoded: true)
    private static let decodedPath = path(percentEncoded: false)
    private static let encodedQuery = text(percentEncoded: true, isQuery: true)
    private static let decodedQuery = text(percentEncoded: false, isQuery: true)
    private static let encodedFragment = text(percentEncoded: true, isQuery: false)
    private static let decodedFragment = text(percentEncoded: false, isQuery: false)
}

extension DeterministicAutomaton {
    /// The automaton of no string at all.
    static let nothing = DeterministicAutomaton(classes: ScalarClasses(separating: [ScalarSet]()), start: 0,
                                                accepting: [false], table: [0])
}
