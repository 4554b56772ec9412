/// A key of a component or of a `defaults` object that the system reads.
package enum ComponentKey: String, Sendable, CaseIterable {
    case path = "/"
    case query = "?"
    case fragment = "#"
    case exclude
    case caseSensitive
    case percentEncoded
}

extension ComponentKey {
    /// The key a member's key names exactly (the same Unicode scalars, as `PositionedValue.member`
    /// compares them); nil for any other. Equal UTF-8 lengths and `==` are exact here: a text
    /// canonically equivalent to an ASCII key but spelt otherwise (`\u{212A}` for `K`) is longer.
    init?(memberKey key: String) {
        let candidate: ComponentKey? = switch key.utf8.count {
        case 1: key == "/" ? .path : key == "?" ? .query : key == "#" ? .fragment : nil
        case 7: .exclude
        case 13: .caseSensitive
        case 14: .percentEncoded
        default: nil
        }
        guard let candidate, candidate.rawValue.utf8.count == key.utf8.count, candidate.rawValue == key else { return nil }
        self = candidate
    }
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
        guard let members = node?.members else { return }
        // One pass over the members, a later one of a key replacing an earlier one as the system
        // reads duplicates (`PositionedValue.member`): six look-ups read every key six times, and
        // a file has thousands of components.
        var pathValue, queryValue, fragmentValue, excludeValue, caseSensitiveValue, percentEncodedValue: PositionedValue?
        for member in members {
            switch ComponentKey(memberKey: member.key) {
            case .path?: pathValue = member.value
            case .query?: queryValue = member.value
            case .fragment?: fragmentValue = member.value
            case .exclude?: excludeValue = member.value
            case .caseSensitive?: caseSensitiveValue = member.value
            case .percentEncoded?: percentEncodedValue = member.value
            case nil: break
            }
        }
        // Written without optional chaining into `map`: Swift 6.3's optimizer crashes on that form
        // in release builds (ownership verification in CopyPropagation).
        func flag(_ key: ComponentKey, _ value: PositionedValue?) -> ResolvedFlag? {
            guard let value, let reading = SystemBoolean.reading(of: value) else { return nil }
            return ResolvedFlag(value: reading, origin: origin, pointer: pointer.appending(key.rawValue))
        }
        if let text = pathValue?.stringValue {
            path = Located(text, at: pointer.appending(ComponentKey.path.rawValue))
        }
        if let queryValue {
            query = QueryPattern(queryValue, at: pointer.appending(ComponentKey.query.rawValue))
        }
        if let text = fragmentValue?.stringValue {
            fragment = Located(text, at: pointer.appending(ComponentKey.fragment.rawValue))
        }
        exclude = flag(.exclude, excludeValue)
        caseSensitive = flag(.caseSensitive, caseSensitiveValue)
        percentEncoded = flag(.percentEncoded, percentEncodedValue)
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
