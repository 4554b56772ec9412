/// Which keys are valid where in an AASA file, which JSON types they take, and what the
/// system does with a value of another type (AASA.md section 1). Drives `unknown-key` and
/// `invalid-type`, so that both agree on one description of the format.
package final class AASASchema: Sendable {
    package enum ValueType: String, Sendable, CaseIterable {
        case object, array, string, number, boolean, null

        init(_ node: PositionedValue) {
            self.init(node.value)
        }

        init(_ value: PositionedValue.Value) {
            switch value {
            case .object: self = .object
            case .array: self = .array
            case .string: self = .string
            case .number: self = .number
            case .bool: self = .boolean
            case .null: self = .null
            }
        }

        fileprivate var bit: UInt8 {
            switch self {
            case .object: 1
            case .array: 2
            case .string: 4
            case .number: 8
            case .boolean: 16
            case .null: 32
            }
        }
    }

    /// Accepted types, and for objects and arrays what is inside.
    package var types: Set<ValueType> {
        Set(ValueType.allCases.filter { acceptedTypes & $0.bit != 0 })
    }
    /// Fixed keys of an object; nil when any key is allowed (see `values`).
    package let properties: [String: AASASchema]?
    /// The schema of every value of a map-like object, or of every element of an array.
    package let values: AASASchema?
    /// What the system does with a value of another type, for the user: given the value.
    package let consequence: @Sendable (PositionedValue) -> String
    /// What messages call an object of this schema ("a component"); nil where its key names it.
    package let place: String?
    /// What messages call the key of a value of this schema in a map-like object ("query item"
    /// in `"?": {"page": 1}`); nil where the key is named as it is.
    package let keyMeaning: String?
    /// `types` as bits of `ValueType.bit`, and `properties` as a list: the walk asks about every
    /// node and member, and a set or dictionary lookup hashes for each. (Not a Set of ValueType:
    /// start-up, scripts/check-startup-budget.sh.)
    private let acceptedTypes: UInt8
    private let propertyList: [Property]
    /// Whether the schema describes nothing inside its values.
    private let isLeaf: Bool

    /// A key with its length, compared first: most keys a walk meets are another key of the
    /// same object, and comparing lengths rules those out without comparing the strings.
    private struct Property: Sendable {
        let key: String
        let length: Int
        let schema: AASASchema
    }

    init(
        _ types: [ValueType],
        properties: [String: AASASchema]? = nil,
        values: AASASchema? = nil,
        place: String? = nil,
        keyMeaning: String? = nil,
        consequence: @escaping @Sendable (PositionedValue) -> String
    ) {
        self.properties = properties
        self.values = values
        self.place = place
        self.keyMeaning = keyMeaning
        self.consequence = consequence
        acceptedTypes = types.reduce(0) { $0 | $1.bit }
        isLeaf = properties == nil && values == nil
        // Sorted so that the order of lookups does not depend on the dictionary's seeded hashing.
        propertyList = (properties ?? [:]).map { Property(key: $0.key, length: $0.key.utf8.count, schema: $0.value) }
            .sorted { ($0.length, $0.key) < ($1.length, $1.key) }
    }

    package func accepts(_ node: PositionedValue) -> Bool {
        accepts(node.value)
    }

    private func accepts(_ value: PositionedValue.Value) -> Bool {
        acceptedTypes & ValueType(value).bit != 0
    }

    /// The valid key an unknown `key` most likely stands for ("did you mean"): a near spelling,
    /// or the key for what it names (`path` for `/`).
    package func suggestedKey(for key: String) -> String? {
        guard let properties else { return nil }
        return Self.keysByMeaning[key.lowercased()].flatMap { properties[$0] == nil ? nil : $0 }
            ?? Suggestion.nearest(to: key, in: properties.keys.sorted())
    }

    /// The valid key that `key`, unknown here, is a misspelling of; nil for a valid key.
    package func misspelling(of key: String) -> String? {
        schema(forKey: key) == nil ? suggestedKey(for: key) : nil
    }

    // People write what the single-character keys mean.
    private static let keysByMeaning = ["path": "/", "query": "?", "fragment": "#", "hash": "#", "excluded": "exclude"]

    /// The schema for a member of an object this schema describes; nil for an unknown key.
    package func schema(forKey key: String) -> AASASchema? {
        guard properties != nil else { return values }
        let length = key.utf8.count
        for property in propertyList where property.length == length && property.key == key {
            return property.schema
        }
        return nil
    }

    /// What `walk` would find for `unknown-key` and `invalid-type` below `node`.
    package struct Deviations: OptionSet, Sendable {
        package let rawValue: UInt8

        package init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// An object of an accepted type with a key the schema does not know.
        package static let unknownKey = Deviations(rawValue: 1)
        /// A node of a type the schema does not accept.
        package static let wrongType = Deviations(rawValue: 2)
    }

    /// Whether a walk from `node` would meet an unknown key or a wrong type: the walk, which
    /// calls its visitor with the way to each node, is made only for a tree where it finds
    /// something, and almost every file has neither.
    package func deviations(in node: PositionedValue) -> Deviations {
        var found: Deviations = []
        collectDeviations(in: node.value, into: &found)
        return found
    }

    /// Given a node's value rather than the node: a node is passed by address, and a switch on
    /// its value copies the value (a retain and a release per node); the value alone is passed
    /// in registers and switched on in place.
    private func collectDeviations(in value: PositionedValue.Value, into found: inout Deviations) {
        guard accepts(value) else {
            found.insert(.wrongType)
            return
        }
        switch value {
        case .object(let members):
            for index in members.indices {
                if let schema = schema(forKey: members[index].key) {
                    // A value with nothing inside (most are) is tested here rather than passed on.
                    if schema.isLeaf {
                        if !schema.accepts(members[index].value.value) { found.insert(.wrongType) }
                    } else {
                        schema.collectDeviations(in: members[index].value.value, into: &found)
                    }
                } else if properties != nil {
                    found.insert(.unknownKey)
                }
            }
        case .array(let elements):
            guard let values else { return }
            for index in elements.indices {
                values.collectDeviations(in: elements[index].value, into: &found)
            }
        default:
            break
        }
    }

    /// Visits every node the schema describes, with the way to it from `node` (its pointer when
    /// `node` is the root), skipping below a node of the wrong type (the system ignores what is
    /// inside it) and below unknown keys.
    package func walk(_ node: PositionedValue, _ visit: (PositionedValue, JSONPointerStack, AASASchema) -> Void) {
        var path = JSONPointerStack()
        walk(node, path: &path, visit)
    }

    private func walk(_ node: PositionedValue, path: inout JSONPointerStack, _ visit: (PositionedValue, JSONPointerStack, AASASchema) -> Void) {
        visit(node, path, self)
        guard accepts(node) else { return }
        switch node.value {
        case .object(let members):
            for member in members {
                guard let schema = schema(forKey: member.key) else { continue }
                path.push(member.key)
                schema.walk(member.value, path: &path, visit)
                path.pop()
            }
        case .array(let elements):
            guard let values else { return }
            for (index, element) in elements.enumerated() {
                path.push(index)
                values.walk(element, path: &path, visit)
                path.pop()
            }
        default:
            break
        }
    }
}

extension AASASchema {
    /// The whole file.
    package static let file: AASASchema = {
        let appIDList = array(of: string(ignored: "the system skips this appID"),
                              ignored: "the system ignores the list, so none of these apps is associated")
        let appList = object(["apps": appIDList], ignored: "the system ignores this service")
        return AASASchema([.object], properties: [
            "applinks": object([
                "details": AASASchema([.array, .object], values: detailsEntry, consequence: { _ in
                    "the system finds no details, so no app opens links on this host"
                }),
                "defaults": defaults,
                "substitutionVariables": AASASchema(
                    [.object],
                    values: AASASchema(
                        [.array, .string],
                        values: string(ignored: "the system drops this value"),
                        consequence: { _ in "the system ignores this variable, so patterns that use it never match" }
                    ),
                    consequence: { _ in "the system ignores every variable, so patterns that use them never match" }
                ),
                "apps": array(of: string(ignored: "legacy clients skip it"), ignored: "legacy clients ignore it"),
            ], ignored: "the system ignores it, so no app opens links on this host"),
            "webcredentials": appList,
            "appclips": appList,
            "activitycontinuation": appList,
        ], place: "the top level", consequence: { _ in "the root of the file must be an object" })
    }()

    /// One entry of `applinks.details`.
    package static let detailsEntry: AASASchema = object([
        "appIDs": array(of: string(ignored: "the system skips this appID"),
                        ignored: "the system ignores `appIDs` and falls back to `appID`"),
        "appID": string(ignored: "the system ignores it"),
        "components": array(of: component, ignored: "the system ignores `components` and falls back to `paths`"),
        "paths": array(of: string(ignored: "the system skips this path"),
                       ignored: "the system ignores `paths`"),
        "defaults": defaults,
    ], place: "a details entry", ignored: "the system skips this details entry")

    static let component: AASASchema = object(componentKeys.merging([
        "comment": string(ignored: "the system ignores comments anyway, but tools and readers expect text"),
    ]) { first, _ in first }, place: "a component", ignored: "the system skips this component")

    static let defaults: AASASchema = object(componentKeys, place: "defaults", ignored: "the system ignores these defaults")

    private static let componentKeys: [String: AASASchema] = [
        "/": string(ignored: "the system treats it as absent, so this component matches every path"),
        "?": AASASchema(
            [.string, .object],
            values: string(ignored: "the system discards the whole `?` object, so this component matches every query", keyMeaning: "query item"),
            consequence: { _ in "the system treats it as absent, so this component matches every query" }
        ),
        "#": string(ignored: "the system treats it as absent, so this component matches every fragment"),
        "exclude": boolean,
        "caseSensitive": boolean,
        "percentEncoded": boolean,
    ]

    private static let boolean = AASASchema([.boolean]) { node in
        switch SystemBoolean.reading(of: node) {
        case let reading?: "the system reads this value as \(reading); write \(reading) without quotes"
        case nil: "the system treats it as absent and uses the default"
        }
    }

    private static func string(ignored consequence: String, keyMeaning: String? = nil) -> AASASchema {
        AASASchema([.string], keyMeaning: keyMeaning) { _ in consequence }
    }

    private static func array(of element: AASASchema, ignored consequence: String) -> AASASchema {
        AASASchema([.array], values: element) { _ in consequence }
    }

    private static func object(_ properties: [String: AASASchema], place: String? = nil, ignored consequence: String) -> AASASchema {
        AASASchema([.object], properties: properties, place: place) { _ in consequence }
    }
}

/// How the system turns a non-boolean into a boolean (`-[NSString boolValue]`,
/// `-[NSNumber boolValue]`): the reason `"exclude": "false"` is false and `1` is true.
enum SystemBoolean {
    static func reading(of node: PositionedValue) -> Bool? {
        switch node.value {
        case .bool(let value):
            return value
        case .number(let text):
            return Double(text).map { $0 != 0 }
        case .string(let text):
            return stringReading(text)
        default:
            return nil
        }
    }

    private static func stringReading(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        scalars = scalars.drop { $0 == "0" }
        guard let first = scalars.first else { return false }
        return "YyTt123456789".unicodeScalars.contains(first)
    }
}
