/// How a pattern is compared with a URL: `caseSensitive` and `percentEncoded` after the
/// defaults hierarchy (component > details `defaults` > `applinks.defaults` > built-in).
public struct MatchSettings: Hashable, Sendable {
    public var caseSensitive: Bool
    public var percentEncoded: Bool

    public static let builtIn = MatchSettings(caseSensitive: true, percentEncoded: true)

    public init(caseSensitive: Bool, percentEncoded: Bool) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }
}

/// The keys of a component or a `defaults` object as the system reads them: booleans coerced
/// the way `boolValue` does (`"false"` is false, `1` is true), patterns of the wrong type
/// absent, a `?` object with a non-string value discarded. `defaults` are read with the same
/// keys because the system honours `/`, `?`, `#` and `exclude` there too.
struct ComponentKeys: Sendable {
    var path: Located<String>?
    var query: QueryPattern?
    var fragment: Located<String>?
    var exclude: Bool?
    var caseSensitive: Bool?
    var percentEncoded: Bool?

    static let none = ComponentKeys()

    private init() {}

    init(_ node: PositionedValue?, at pointer: JSONPointer) {
        guard let node, node.members != nil else { return }
        path = node.member("/")?.value.stringValue.map { Located($0, at: pointer.appending("/")) }
        query = node.member("?").flatMap { QueryPattern($0.value, at: pointer.appending("?")) }
        fragment = node.member("#")?.value.stringValue.map { Located($0, at: pointer.appending("#")) }
        exclude = node.member("exclude").flatMap { SystemBoolean.reading(of: $0.value) }
        caseSensitive = node.member("caseSensitive").flatMap { SystemBoolean.reading(of: $0.value) }
        percentEncoded = node.member("percentEncoded").flatMap { SystemBoolean.reading(of: $0.value) }
    }

    /// These keys, with `fallback`'s where these are absent.
    func over(_ fallback: ComponentKeys) -> ComponentKeys {
        var merged = self
        merged.path = path ?? fallback.path
        merged.query = query ?? fallback.query
        merged.fragment = fragment ?? fallback.fragment
        merged.exclude = exclude ?? fallback.exclude
        merged.caseSensitive = caseSensitive ?? fallback.caseSensitive
        merged.percentEncoded = percentEncoded ?? fallback.percentEncoded
        return merged
    }

    var settings: MatchSettings {
        MatchSettings(caseSensitive: caseSensitive ?? MatchSettings.builtIn.caseSensitive,
                      percentEncoded: percentEncoded ?? MatchSettings.builtIn.percentEncoded)
    }
}
