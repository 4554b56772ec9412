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

/// The defaults hierarchy of an `applinks` section, walked once for everyone who compiles or
/// lists its patterns: component > details `defaults` > `applinks.defaults` > built-in.
struct ComponentDefaultsHierarchy: Sendable {
    /// A `defaults` object as the system reads it, with where it is written.
    struct Defaults: Sendable {
        let pointer: JSONPointer
        let keys: ComponentKeys
    }

    /// `applinks.defaults`.
    let file: Defaults
    /// For each details entry, in order, its `defaults` over the file's.
    let entries: [Defaults]
    private let tree: PositionedValue

    init(_ applinks: AppLinks?, tree: PositionedValue) {
        self.tree = tree
        guard let applinks else {
            file = Defaults(pointer: .root, keys: .none)
            entries = []
            return
        }
        let filePointer = applinks.pointer.appending("defaults")
        let file = Defaults(pointer: filePointer, keys: ComponentKeys(tree.node(at: filePointer), at: filePointer))
        self.file = file
        entries = applinks.details.map { entry in
            let pointer = entry.pointer.appending("defaults")
            return Defaults(pointer: pointer, keys: ComponentKeys(tree.node(at: pointer), at: pointer).over(file.keys))
        }
    }

    /// The keys of the component at `pointer` of the details entry at `entryIndex`, with what it
    /// inherits.
    func keys(ofComponentAt pointer: JSONPointer, inEntry entryIndex: Int) -> ComponentKeys {
        ComponentKeys(tree.node(at: pointer), at: pointer).over(entries[entryIndex].keys)
    }
}
