/// The typed view of an apple-app-site-association file (AASA.md section 1).
///
/// Built leniently: a value of the wrong JSON type is left out of the model, as the system
/// leaves it out; `invalid-type` reports it from the tree. Where the JSON has duplicate keys,
/// the model sees the last one, as NSJSONSerialization does.
package struct AASADocument: Sendable {
    package static let services = ["applinks", "webcredentials", "appclips", "activitycontinuation"]

    package let applinks: AppLinks?
    package let webCredentials: AppList?
    package let appClips: AppList?
    package let activityContinuation: AppList?

    package init(root: PositionedValue) {
        let pointer = JSONPointer.root
        applinks = root.member("applinks").flatMap { AppLinks($0.value, at: pointer.appending("applinks")) }
        webCredentials = AppList(in: root, key: "webcredentials")
        appClips = AppList(in: root, key: "appclips")
        activityContinuation = AppList(in: root, key: "activitycontinuation")
    }
}

/// `{"apps": [appID, ...]}` of `webcredentials`, `appclips` and `activitycontinuation`.
package struct AppList: Sendable {
    package let pointer: JSONPointer
    package let apps: [Located<String>]

    init?(in root: PositionedValue, key: String) {
        guard let service = root.member(key), service.value.members != nil else { return nil }
        let pointer = JSONPointer.root.appending(key)
        self.pointer = pointer
        apps = service.value.member("apps").map { strings(in: $0.value, at: pointer.appending("apps")) } ?? []
    }
}

/// How `applinks.details` is written.
package enum DetailsForm: Sendable, Equatable {
    case absent
    case array
    /// The legacy form keyed by appID, whose order is undefined.
    case dictionary
    /// Neither array nor object: the system ignores it.
    case invalid
}

package struct AppLinks: Sendable {
    package let pointer: JSONPointer
    package let detailsForm: DetailsForm
    package let details: [DetailsEntry]
    /// Which of `details` decides for each app.
    package let precedence: DetailsPrecedence
    package let defaults: ComponentDefaults?
    package let substitutionVariables: [SubstitutionVariable]
    /// The legacy `apps` array (iOS 9-12), which must be empty.
    package let legacyApps: Located<[PositionedValue]>?

    init?(_ node: PositionedValue, at pointer: JSONPointer) {
        guard node.members != nil else { return nil }
        self.pointer = pointer
        let defaultsPointer = pointer.appending("defaults")
        let defaults = node.member("defaults").flatMap { ComponentDefaults($0.value, at: defaultsPointer, origin: .applinksDefaults, over: .none) }
        self.defaults = defaults
        let inherited = defaults?.keys ?? .none
        let detailsPointer = pointer.appending("details")
        switch node.member("details")?.value {
        case nil:
            detailsForm = .absent
            details = []
        case let value? where value.elements != nil:
            detailsForm = .array
            details = (value.elements ?? []).enumerated().compactMap { index, element in
                DetailsEntry(element, at: detailsPointer.appending(index), keyedAppID: nil, inheriting: inherited)
            }
        case let value? where value.members != nil:
            detailsForm = .dictionary
            details = (value.members ?? []).compactMap { member in
                let entryPointer = detailsPointer.appending(member.key)
                return DetailsEntry(member.value, at: entryPointer, keyedAppID: Located(member.key, at: entryPointer), inheriting: inherited)
            }
        case _?:
            detailsForm = .invalid
            details = []
        }
        precedence = DetailsPrecedence(details)
        substitutionVariables = SubstitutionVariable.all(in: node.member("substitutionVariables")?.value,
                                                         at: pointer.appending("substitutionVariables"))
        legacyApps = node.member("apps").flatMap { member in
            member.value.elements.map { Located($0, at: pointer.appending("apps")) }
        }
    }

    /// Where `details` is (or would be) written.
    package var detailsPointer: JSONPointer { pointer.appending("details") }
}

/// A key of a details entry.
package enum DetailsEntryKey: String, Sendable {
    case appID
    case appIDs
    case components
    case paths
    case defaults
}

/// One entry of `applinks.details`.
package struct DetailsEntry: Sendable {
    package let pointer: JSONPointer
    package let object: WrittenObject
    /// `appIDs` when it is an array (then `appID` is ignored, even if the array is empty).
    package let appIDs: Located<[Located<String>]>?
    /// `appID`, or the key of a dictionary-form entry.
    package let appID: Located<String>?
    /// True when `appID` is the key of a dictionary-form entry rather than a member.
    package let appIDIsKey: Bool
    /// `components` when it is an array (then `paths` is ignored).
    package let components: Located<[Component]>?
    package let paths: Located<[LegacyPath]>?
    package let defaults: ComponentDefaults?

    init?(_ node: PositionedValue, at pointer: JSONPointer, keyedAppID: Located<String>?, inheriting inherited: ComponentKeys) {
        guard node.members != nil else { return nil }
        self.pointer = pointer
        object = WrittenObject(node: node)
        let defaultsPointer = pointer.appending("defaults")
        let defaults = node.member("defaults").flatMap { ComponentDefaults($0.value, at: defaultsPointer, origin: .detailsDefaults, over: inherited) }
        self.defaults = defaults
        let entryKeys = defaults?.keys ?? inherited
        appIDs = node.member("appIDs").flatMap { member in
            member.value.elements.map { _ in
                Located(strings(in: member.value, at: pointer.appending("appIDs")), at: pointer.appending("appIDs"))
            }
        }
        if let keyedAppID {
            appID = keyedAppID
            appIDIsKey = true
        } else {
            appID = node.member("appID").flatMap { member in
                member.value.stringValue.map { Located($0, at: pointer.appending("appID")) }
            }
            appIDIsKey = false
        }
        components = node.member("components").flatMap { member in
            member.value.elements.map { elements in
                // Flattened, each component's pointer shares its array; and each component's
                // pointer flattened, the pointers of its keys share that one.
                let componentsPointer = pointer.appending("components").flattened
                let componentKeys = InheritedKeys(entryKeys)
                let parsed = elements.enumerated().compactMap { index, element in
                    Component(element, at: componentsPointer.appending(index).flattened, inheriting: componentKeys)
                }
                return Located(parsed, at: componentsPointer)
            }
        }
        paths = node.member("paths").flatMap { member in
            member.value.elements.map { _ in
                let pathsPointer = pointer.appending("paths")
                let paths = strings(in: member.value, at: pathsPointer).map { LegacyPath($0, inheriting: entryKeys.settings) }
                return Located(paths, at: pathsPointer)
            }
        }
    }

    package func member(_ key: DetailsEntryKey) -> PositionedMember? {
        object.node.member(key.rawValue)
    }

    /// The apps this entry speaks for, as the system reads them.
    package var effectiveAppIDs: [Located<String>] {
        if let appIDs { return appIDs.value }
        return appID.map { [$0] } ?? []
    }
}

/// A legacy `paths` string; `NOT ` (any case, with the space) makes it an exclusion.
package struct LegacyPath: Sendable {
    package let text: Located<String>
    /// How the system compares it: with the entry's defaults, and always case-sensitively when
    /// it is an exclusion.
    package let settings: MatchSettings

    init(_ text: Located<String>, inheriting settings: MatchSettings) {
        self.text = text
        var settings = settings
        if Self.isExclusion(text.value) { settings.caseSensitive = true }
        self.settings = settings
    }

    package var isExclusion: Bool { Self.isExclusion(text.value) }

    /// True for a `paths` string that `NOT ` makes an exclusion.
    package static func isExclusion(_ text: String) -> Bool { text.prefix(4).uppercased() == "NOT " }

    /// The pattern without its `NOT ` prefix.
    package var pattern: String { isExclusion ? String(text.value.dropFirst(4)) : text.value }
}

/// One entry of `components` as the system reads it: its keys coerced, and what it does not
/// set taken from the defaults hierarchy (component > details `defaults` > `applinks.defaults`
/// > built-in). A part nil matches everything; each part's pointer says where it is written.
package struct Component: Sendable {
    package var pointer: JSONPointer { storage.pointer }
    package var object: WrittenObject { storage.object }
    package var path: Located<String>? { storage.own.path ?? storage.inherited.keys.path }
    package var query: QueryPattern? { storage.own.query ?? storage.inherited.keys.query }
    package var fragment: Located<String>? { storage.own.fragment ?? storage.inherited.keys.fragment }
    package var exclude: ResolvedFlag { storage.own.exclude ?? storage.inherited.keys.exclude ?? .builtIn(false) }
    package var caseSensitive: ResolvedFlag {
        storage.own.caseSensitive ?? storage.inherited.keys.caseSensitive ?? .builtIn(MatchSettings.builtIn.caseSensitive)
    }
    package var percentEncoded: ResolvedFlag {
        storage.own.percentEncoded ?? storage.inherited.keys.percentEncoded ?? .builtIn(MatchSettings.builtIn.percentEncoded)
    }

    /// Shared by the copies that the catalog, the matcher and the rules make of each component.
    private final class Storage: Sendable {
        let pointer: JSONPointer
        let object: WrittenObject
        /// The keys it sets, and those it inherits for the others: kept apart rather than
        /// merged, which copied every key of every component once more.
        let own: ComponentKeys
        let inherited: InheritedKeys

        /// Reads the keys in place: built elsewhere and passed in, they were copied once more.
        init(_ node: PositionedValue, at pointer: JSONPointer, inherited: InheritedKeys) {
            self.pointer = pointer
            object = WrittenObject(node: node)
            own = ComponentKeys(node, at: pointer, origin: .component)
            self.inherited = inherited
        }
    }

    private let storage: Storage

    init?(_ node: PositionedValue, at pointer: JSONPointer, inheriting inherited: InheritedKeys) {
        guard node.members != nil else { return nil }
        storage = Storage(node, at: pointer, inherited: inherited)
    }

    package var isExclude: Bool { exclude.value }

    /// The keys the component itself sets, without those it inherits.
    var ownKeys: ComponentKeys { storage.own }

    package var settings: MatchSettings {
        MatchSettings(caseSensitive: caseSensitive.value, percentEncoded: percentEncoded.value)
    }

    /// The member of the component itself that sets `key`; nil when it inherits it.
    package func member(_ key: ComponentKey) -> PositionedMember? {
        object.node.member(key.rawValue)
    }
}

/// The `?` of a component: a pattern for the whole query, or one per query item.
package enum QueryPattern: Sendable {
    case whole(Located<String>)
    case items([QueryItemPattern])

    init?(_ node: PositionedValue, at pointer: JSONPointer) {
        if let text = node.stringValue {
            self = .whole(Located(text, at: pointer))
        } else if let members = node.members {
            // A single non-string value makes the system discard the whole object.
            guard members.allSatisfy({ $0.value.stringValue != nil }) else { return nil }
            self = .items(members.map { member in
                QueryItemPattern(name: member.key,
                                 value: Located(member.value.stringValue ?? "", at: pointer.appending(member.key)))
            })
        } else {
            return nil
        }
    }
}

package struct QueryItemPattern: Sendable {
    package let name: String
    package let value: Located<String>
}

/// `defaults` of `applinks` or of a details entry.
package struct ComponentDefaults: Sendable {
    /// Keys the system reads although Apple does not document them.
    static let undocumentedKeys: [ComponentKey] = [.path, .query, .fragment, .exclude]

    package let pointer: JSONPointer
    package let object: WrittenObject
    /// Its keys over those it inherits: what components that do not set a key take.
    let keys: ComponentKeys

    init?(_ node: PositionedValue, at pointer: JSONPointer, origin: KeyOrigin, over inherited: ComponentKeys) {
        guard node.members != nil else { return nil }
        self.pointer = pointer
        object = WrittenObject(node: node)
        keys = ComponentKeys(node, at: pointer, origin: origin).over(inherited)
    }

    /// Its members the system applies although Apple does not document them in `defaults`.
    package var undocumentedMembers: [PositionedMember] {
        object.members.filter { member in Self.undocumentedKeys.contains { $0.rawValue == member.key } }
    }

    /// True when `member`, one of its own, is `"exclude": true`, which turns every component that does not set its own
    /// `exclude` into an exclusion.
    package func excludesAll(_ member: PositionedMember) -> Bool {
        member.key == ComponentKey.exclude.rawValue && member.value.boolValue == true
    }
}

/// A custom `$(name)` of `applinks.substitutionVariables`.
package struct SubstitutionVariable: Sendable {
    package let name: String
    package let pointer: JSONPointer
    package let values: [Located<String>]

    static func all(in node: PositionedValue?, at pointer: JSONPointer) -> [SubstitutionVariable] {
        let pointer = pointer.flattened
        return (node?.members ?? []).compactMap { member in
            let variablePointer = pointer.appending(member.key)
            if let single = member.value.stringValue {
                return SubstitutionVariable(name: member.key, pointer: variablePointer,
                                            values: [Located(single, at: variablePointer)])
            }
            guard member.value.elements != nil else { return nil }
            return SubstitutionVariable(name: member.key, pointer: variablePointer,
                                        values: strings(in: member.value, at: variablePointer))
        }
    }
}

private func strings(in array: PositionedValue, at pointer: JSONPointer) -> [Located<String>] {
    let pointer = pointer.flattened
    return (array.elements ?? []).enumerated().compactMap { index, element in
        element.stringValue.map { Located($0, at: pointer.appending(index)) }
    }
}

