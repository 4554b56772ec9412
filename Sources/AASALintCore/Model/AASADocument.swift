/// The typed view of an apple-app-site-association file (AASA.md section 1).
///
/// Built leniently: a value of the wrong JSON type is left out of the model, as the system
/// leaves it out; `invalid-type` reports it from the tree. Where the JSON has duplicate keys,
/// the model sees the last one, as NSJSONSerialization does.
public struct AASADocument: Sendable {
    public static let services = ["applinks", "webcredentials", "appclips", "activitycontinuation"]

    public let applinks: AppLinks?
    public let webCredentials: AppList?
    public let appClips: AppList?
    public let activityContinuation: AppList?

    public init(root: PositionedValue) {
        let pointer = JSONPointer.root
        applinks = root.member("applinks").flatMap { AppLinks($0.value, at: pointer.appending("applinks")) }
        webCredentials = AppList(in: root, key: "webcredentials")
        appClips = AppList(in: root, key: "appclips")
        activityContinuation = AppList(in: root, key: "activitycontinuation")
    }
}

/// `{"apps": [appID, ...]}` of `webcredentials`, `appclips` and `activitycontinuation`.
public struct AppList: Sendable {
    public let pointer: JSONPointer
    public let apps: [Located<String>]

    init?(in root: PositionedValue, key: String) {
        guard let service = root.member(key), service.value.members != nil else { return nil }
        let pointer = JSONPointer.root.appending(key)
        self.pointer = pointer
        apps = service.value.member("apps").map { strings(in: $0.value, at: pointer.appending("apps")) } ?? []
    }
}

/// How `applinks.details` is written.
public enum DetailsForm: Sendable, Equatable {
    case absent
    case array
    /// The legacy form keyed by appID, whose order is undefined.
    case dictionary
    /// Neither array nor object: the system ignores it.
    case invalid
}

public struct AppLinks: Sendable {
    public let pointer: JSONPointer
    public let detailsForm: DetailsForm
    public let details: [DetailsEntry]
    /// Which of `details` decides for each app.
    public let precedence: DetailsPrecedence
    public let defaults: ComponentDefaults?
    public let substitutionVariables: [SubstitutionVariable]
    /// The legacy `apps` array (iOS 9-12), which must be empty.
    public let legacyApps: Located<[PositionedValue]>?

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
    public var detailsPointer: JSONPointer { pointer.appending("details") }
}

/// A key of a details entry.
public enum DetailsEntryKey: String, Sendable {
    case appID
    case appIDs
    case components
    case paths
    case defaults
}

/// One entry of `applinks.details`.
public struct DetailsEntry: Sendable {
    public let pointer: JSONPointer
    public let object: WrittenObject
    /// `appIDs` when it is an array (then `appID` is ignored, even if the array is empty).
    public let appIDs: Located<[Located<String>]>?
    /// `appID`, or the key of a dictionary-form entry.
    public let appID: Located<String>?
    /// True when `appID` is the key of a dictionary-form entry rather than a member.
    public let appIDIsKey: Bool
    /// `components` when it is an array (then `paths` is ignored).
    public let components: Located<[Component]>?
    public let paths: Located<[LegacyPath]>?
    public let defaults: ComponentDefaults?

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
                let componentsPointer = pointer.appending("components")
                let parsed = elements.enumerated().compactMap { index, element in
                    Component(element, at: componentsPointer.appending(index), inheriting: entryKeys)
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

    public func member(_ key: DetailsEntryKey) -> PositionedMember? {
        object.node.member(key.rawValue)
    }

    /// The apps this entry speaks for, as the system reads them.
    public var effectiveAppIDs: [Located<String>] {
        if let appIDs { return appIDs.value }
        return appID.map { [$0] } ?? []
    }
}

/// A legacy `paths` string; `NOT ` (any case, with the space) makes it an exclusion.
public struct LegacyPath: Sendable {
    public let text: Located<String>
    /// How the system compares it: with the entry's defaults, and always case-sensitively when
    /// it is an exclusion.
    public let settings: MatchSettings

    init(_ text: Located<String>, inheriting settings: MatchSettings) {
        self.text = text
        var settings = settings
        if Self.isExclusion(text.value) { settings.caseSensitive = true }
        self.settings = settings
    }

    public var isExclusion: Bool { Self.isExclusion(text.value) }

    /// True for a `paths` string that `NOT ` makes an exclusion.
    public static func isExclusion(_ text: String) -> Bool { text.prefix(4).uppercased() == "NOT " }

    /// The pattern without its `NOT ` prefix.
    public var pattern: String { isExclusion ? String(text.value.dropFirst(4)) : text.value }
}

/// One entry of `components` as the system reads it: its keys coerced, and what it does not
/// set taken from the defaults hierarchy (component > details `defaults` > `applinks.defaults`
/// > built-in). A part nil matches everything; each part's pointer says where it is written.
public struct Component: Sendable {
    public var pointer: JSONPointer { storage.pointer }
    public var object: WrittenObject { storage.object }
    public var path: Located<String>? { storage.own.path ?? storage.inherited.path }
    public var query: QueryPattern? { storage.own.query ?? storage.inherited.query }
    public var fragment: Located<String>? { storage.own.fragment ?? storage.inherited.fragment }
    public var exclude: ResolvedFlag { storage.own.exclude ?? storage.inherited.exclude ?? .builtIn(false) }
    public var caseSensitive: ResolvedFlag {
        storage.own.caseSensitive ?? storage.inherited.caseSensitive ?? .builtIn(MatchSettings.builtIn.caseSensitive)
    }
    public var percentEncoded: ResolvedFlag {
        storage.own.percentEncoded ?? storage.inherited.percentEncoded ?? .builtIn(MatchSettings.builtIn.percentEncoded)
    }

    /// Shared by the copies that the catalog, the matcher and the rules make of each component.
    private final class Storage: Sendable {
        let pointer: JSONPointer
        let object: WrittenObject
        /// The keys it sets, and those it inherits for the others: kept apart rather than
        /// merged, which copied every key of every component once more.
        let own: ComponentKeys
        let inherited: ComponentKeys

        init(pointer: JSONPointer, object: WrittenObject, own: ComponentKeys, inherited: ComponentKeys) {
            self.pointer = pointer
            self.object = object
            self.own = own
            self.inherited = inherited
        }
    }

    private let storage: Storage

    init?(_ node: PositionedValue, at pointer: JSONPointer, inheriting inherited: ComponentKeys) {
        guard node.members != nil else { return nil }
        storage = Storage(pointer: pointer, object: WrittenObject(node: node),
                          own: ComponentKeys(node, at: pointer, origin: .component), inherited: inherited)
    }

    public var isExclude: Bool { exclude.value }

    public var settings: MatchSettings {
        MatchSettings(caseSensitive: caseSensitive.value, percentEncoded: percentEncoded.value)
    }

    /// The member of the component itself that sets `key`; nil when it inherits it.
    public func member(_ key: ComponentKey) -> PositionedMember? {
        object.node.member(key.rawValue)
    }
}

/// The `?` of a component: a pattern for the whole query, or one per query item.
public enum QueryPattern: Sendable {
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

public struct QueryItemPattern: Sendable {
    public let name: String
    public let value: Located<String>
}

/// `defaults` of `applinks` or of a details entry.
public struct ComponentDefaults: Sendable {
    /// Keys the system reads although Apple does not document them.
    static let undocumentedKeys: [ComponentKey] = [.path, .query, .fragment, .exclude]

    public let pointer: JSONPointer
    public let object: WrittenObject
    /// Its keys over those it inherits: what components that do not set a key take.
    let keys: ComponentKeys

    init?(_ node: PositionedValue, at pointer: JSONPointer, origin: KeyOrigin, over inherited: ComponentKeys) {
        guard node.members != nil else { return nil }
        self.pointer = pointer
        object = WrittenObject(node: node)
        keys = ComponentKeys(node, at: pointer, origin: origin).over(inherited)
    }

    /// Its members the system applies although Apple does not document them in `defaults`.
    public var undocumentedMembers: [PositionedMember] {
        object.members.filter { member in Self.undocumentedKeys.contains { $0.rawValue == member.key } }
    }

    /// True when `member`, one of its own, is `"exclude": true`, which turns every component that does not set its own
    /// `exclude` into an exclusion.
    public func excludesAll(_ member: PositionedMember) -> Bool {
        member.key == ComponentKey.exclude.rawValue && member.value.boolValue == true
    }
}

/// A custom `$(name)` of `applinks.substitutionVariables`.
public struct SubstitutionVariable: Sendable {
    public let name: String
    public let pointer: JSONPointer
    public let values: [Located<String>]

    static func all(in node: PositionedValue?, at pointer: JSONPointer) -> [SubstitutionVariable] {
        (node?.members ?? []).compactMap { member in
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
    (array.elements ?? []).enumerated().compactMap { index, element in
        element.stringValue.map { Located($0, at: pointer.appending(index)) }
    }
}

