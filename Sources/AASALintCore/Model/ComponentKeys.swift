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
        case 1:
            // One byte is one ASCII scalar: the byte says it all.
            switch key.utf8.first {
            case UInt8(ascii: "/"): .path
            case UInt8(ascii: "?"): .query
            case UInt8(ascii: "#"): .fragment
            default: nil
            }
        case 7: .exclude
        case 13: .caseSensitive
        case 14: .percentEncoded
        default: nil
        }
        guard let candidate, key.utf8.count == 1 || candidate.rawValue == key else { return nil }
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
    let path: Located<String>?
    let query: QueryPattern?
    let fragment: Located<String>?
    let exclude: ResolvedFlag?
    let caseSensitive: ResolvedFlag?
    let percentEncoded: ResolvedFlag?

    static let none = ComponentKeys(path: nil, query: nil, fragment: nil, exclude: nil, caseSensitive: nil, percentEncoded: nil)

    /// Each key set once: keys made absent first and then replaced were destroyed and copied
    /// again, for every component.
    private init(path: Located<String>?, query: QueryPattern?, fragment: Located<String>?,
                 exclude: ResolvedFlag?, caseSensitive: ResolvedFlag?, percentEncoded: ResolvedFlag?) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    init(_ node: PositionedValue?, at pointer: JSONPointer, origin: KeyOrigin) {
        guard let members = node?.members else {
            self.init(path: nil, query: nil, fragment: nil, exclude: nil, caseSensitive: nil, percentEncoded: nil)
            return
        }
        // One pass over the members, a later one of a key replacing an earlier one as the system
        // reads duplicates (`PositionedValue.member`): six look-ups read every key six times, and
        // a file has thousands of components. Positions rather than values: a copy of each value
        // was made and destroyed.
        var pathIndex = -1, queryIndex = -1, fragmentIndex = -1
        var excludeIndex = -1, caseSensitiveIndex = -1, percentEncodedIndex = -1
        for (index, member) in members.enumerated() {
            switch ComponentKey(memberKey: member.key) {
            case .path?: pathIndex = index
            case .query?: queryIndex = index
            case .fragment?: fragmentIndex = index
            case .exclude?: excludeIndex = index
            case .caseSensitive?: caseSensitiveIndex = index
            case .percentEncoded?: percentEncodedIndex = index
            case nil: break
            }
        }
        // Written without optional chaining into `map`: Swift 6.3's optimizer crashes on that form
        // in release builds (ownership verification in CopyPropagation).
        func flag(_ key: ComponentKey, _ index: Int) -> ResolvedFlag? {
            guard index >= 0, let reading = SystemBoolean.reading(of: members[index].value) else { return nil }
            return ResolvedFlag(value: reading, origin: origin, pointer: pointer.appending(key.rawValue))
        }
        func text(_ key: ComponentKey, _ index: Int) -> Located<String>? {
            guard index >= 0, let text = members[index].value.stringValue else { return nil }
            return Located(text, at: pointer.appending(key.rawValue))
        }
        var query: QueryPattern?
        if queryIndex >= 0 {
            query = QueryPattern(members[queryIndex].value, at: pointer.appending(ComponentKey.query.rawValue))
        }
        self.init(path: text(.path, pathIndex), query: query, fragment: text(.fragment, fragmentIndex),
                  exclude: flag(.exclude, excludeIndex), caseSensitive: flag(.caseSensitive, caseSensitiveIndex),
                  percentEncoded: flag(.percentEncoded, percentEncodedIndex))
    }

    /// These keys, with `fallback`'s where these are absent.
    func over(_ fallback: ComponentKeys) -> ComponentKeys {
        ComponentKeys(path: path ?? fallback.path, query: query ?? fallback.query, fragment: fragment ?? fallback.fragment,
                      exclude: exclude ?? fallback.exclude, caseSensitive: caseSensitive ?? fallback.caseSensitive,
                      percentEncoded: percentEncoded ?? fallback.percentEncoded)
    }

    var settings: MatchSettings {
        MatchSettings(caseSensitive: caseSensitive?.value ?? MatchSettings.builtIn.caseSensitive,
                      percentEncoded: percentEncoded?.value ?? MatchSettings.builtIn.percentEncoded)
    }
}

/// The keys the components of a details entry inherit, shared by all of them rather than copied
/// into each: a copy of every key for every component showed in profiles of large files.
final class InheritedKeys: Sendable {
    let keys: ComponentKeys

    init(_ keys: ComponentKeys) {
        self.keys = keys
    }
}
