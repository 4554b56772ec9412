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
    public let defaults: ComponentDefaults?
    public let substitutionVariables: [SubstitutionVariable]
    /// The legacy `apps` array (iOS 9-12), which must be empty.
    public let legacyApps: Located<[PositionedValue]>?

    init?(_ node: PositionedValue, at pointer: JSONPointer) {
        guard node.members != nil else { return nil }
        self.pointer = pointer
        let detailsPointer = pointer.appending("details")
        switch node.member("details")?.value {
        case nil:
            detailsForm = .absent
            details = []
        case let value? where value.elements != nil:
            detailsForm = .array
            details = (value.elements ?? []).enumerated().compactMap { index, element in
                DetailsEntry(element, at: detailsPointer.appending(index), keyedAppID: nil)
            }
        case let value? where value.members != nil:
            detailsForm = .dictionary
            details = (value.members ?? []).compactMap { member in
                let entryPointer = detailsPointer.appending(member.key)
                return DetailsEntry(member.value, at: entryPointer, keyedAppID: Located(member.key, at: entryPointer))
            }
        case _?:
            detailsForm = .invalid
            details = []
        }
        defaults = node.member("defaults").flatMap { ComponentDefaults($0.value, at: pointer.appending("defaults")) }
        substitutionVariables = SubstitutionVariable.all(in: node.member("substitutionVariables")?.value,
                                                         at: pointer.appending("substitutionVariables"))
        legacyApps = node.member("apps").flatMap { member in
            member.value.elements.map { Located($0, at: pointer.appending("apps")) }
        }
    }
}

/// One entry of `applinks.details`.
public struct DetailsEntry: Sendable {
    public let pointer: JSONPointer
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

    init?(_ node: PositionedValue, at pointer: JSONPointer, keyedAppID: Located<String>?) {
        guard node.members != nil else { return nil }
        self.pointer = pointer
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
                    Component(element, at: componentsPointer.appending(index))
                }
                return Located(parsed, at: componentsPointer)
            }
        }
        paths = node.member("paths").flatMap { member in
            member.value.elements.map { _ in
                let pathsPointer = pointer.appending("paths")
                return Located(strings(in: member.value, at: pathsPointer).map(LegacyPath.init), at: pathsPointer)
            }
        }
        defaults = node.member("defaults").flatMap { ComponentDefaults($0.value, at: pointer.appending("defaults")) }
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

    public init(_ text: Located<String>) {
        self.text = text
    }

    public var isExclusion: Bool { text.value.prefix(4).uppercased() == "NOT " }

    /// The pattern without its `NOT ` prefix.
    public var pattern: String { isExclusion ? String(text.value.dropFirst(4)) : text.value }
}

/// One entry of `components`. Absent parts (and parts of the wrong type) are nil.
public struct Component: Sendable {
    public let pointer: JSONPointer
    public let path: Located<String>?
    public let query: QueryPattern?
    public let fragment: Located<String>?
    public let exclude: Located<Bool>?
    public let caseSensitive: Located<Bool>?
    public let percentEncoded: Located<Bool>?
    public let comment: Located<String>?

    init?(_ node: PositionedValue, at pointer: JSONPointer) {
        guard node.members != nil else { return nil }
        self.pointer = pointer
        path = string(node, "/", under: pointer)
        query = node.member("?").flatMap { QueryPattern($0.value, at: pointer.appending("?")) }
        fragment = string(node, "#", under: pointer)
        exclude = bool(node, "exclude", under: pointer)
        caseSensitive = bool(node, "caseSensitive", under: pointer)
        percentEncoded = bool(node, "percentEncoded", under: pointer)
        comment = string(node, "comment", under: pointer)
    }

    public var isExclude: Bool { exclude?.value ?? false }
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
    public static let undocumentedKeys = ["/", "?", "#", "exclude"]

    public let pointer: JSONPointer
    public let caseSensitive: Located<Bool>?
    public let percentEncoded: Located<Bool>?

    init?(_ node: PositionedValue, at pointer: JSONPointer) {
        guard node.members != nil else { return nil }
        self.pointer = pointer
        caseSensitive = bool(node, "caseSensitive", under: pointer)
        percentEncoded = bool(node, "percentEncoded", under: pointer)
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

private func string(_ node: PositionedValue, _ key: String, under pointer: JSONPointer) -> Located<String>? {
    node.member(key)?.value.stringValue.map { Located($0, at: pointer.appending(key)) }
}

// Written without optional chaining into `map`: Swift 6.3's optimizer crashes on that form
// in release builds (ownership verification in CopyPropagation).
private func bool(_ node: PositionedValue, _ key: String, under pointer: JSONPointer) -> Located<Bool>? {
    guard let member = node.member(key), case .bool(let value) = member.value.value else { return nil }
    return Located(value, at: pointer.appending(key))
}
