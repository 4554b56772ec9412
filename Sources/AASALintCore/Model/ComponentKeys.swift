/// A key of a component or of a `defaults` object that the system reads.
package enum ComponentKey: String, Sendable, CaseIterable {
    case path = "/"
    case query = "?"
    case fragment = "#"
    case exclude
    case caseSensitive
    case percentEncoded
}

/// Where the system finds the value a component uses for a key: the first of these that sets it.
package enum KeyOrigin: Sendable, Equatable {
    case component
    /// The `defaults` of the component's details entry.
    case detailsDefaults
    /// `applinks.defaults`.
    case applinksDefaults
    case builtIn
}

/// A boolean key as the system reads it for a component, and where that value comes from.
package struct ResolvedFlag: Sendable, Equatable {
    package let value: Bool
    package let origin: KeyOrigin
    /// The member that sets it; nil for the built-in value.
    package let pointer: JSONPointer?

    static func builtIn(_ value: Bool) -> ResolvedFlag {
        ResolvedFlag(value: value, origin: .builtIn, pointer: nil)
    }
}

/// An object of the file as written, for fixes that edit it in place rather than rewrite it.
package struct WrittenObject: Sendable {
    package let node: PositionedValue

    package var members: [PositionedMember] { node.members ?? [] }

    /// True when a key appears twice, which makes an edit of the object ambiguous.
    package var hasDuplicateKeys: Bool {
        Set(members.map(\.key)).count != members.count
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
    var exclude: ResolvedFlag?
    var caseSensitive: ResolvedFlag?
    var percentEncoded: ResolvedFlag?

    static let none = ComponentKeys()

    private init() {}

    init(_ node: PositionedValue?, at pointer: JSONPointer, origin: KeyOrigin) {
        guard let node, node.members != nil else { return }
        func member(_ key: ComponentKey) -> PositionedValue? { node.member(key.rawValue)?.value }
        // Written without optional chaining into `map`: Swift 6.3's optimizer crashes on that form
        // in release builds (ownership verification in CopyPropagation).
        func flag(_ key: ComponentKey) -> ResolvedFlag? {
            guard let value = member(key), let reading = SystemBoolean.reading(of: value) else { return nil }
            return ResolvedFlag(value: reading, origin: origin, pointer: pointer.appending(key.rawValue))
        }
        path = member(.path)?.stringValue.map { Located($0, at: pointer.appending(ComponentKey.path.rawValue)) }
        query = member(.query).flatMap { QueryPattern($0, at: pointer.appending(ComponentKey.query.rawValue)) }
        fragment = member(.fragment)?.stringValue.map { Located($0, at: pointer.appending(ComponentKey.fragment.rawValue)) }
        exclude = flag(.exclude)
        caseSensitive = flag(.caseSensitive)
        percentEncoded = flag(.percentEncoded)
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
        MatchSettings(caseSensitive: caseSensitive?.value ?? MatchSettings.builtIn.caseSensitive,
                      percentEncoded: percentEncoded?.value ?? MatchSettings.builtIn.percentEncoded)
    }
}
