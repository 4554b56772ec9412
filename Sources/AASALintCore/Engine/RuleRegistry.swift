/// The rules aasalint knows, by ID: the built-in ones and those the configuration declares.
public struct RuleRegistry: Sendable {
    public let rules: [any BuiltInRule.Type]
    public let customRules: [CustomRule]
    /// The IDs of `rules`, then of `customRules`: looking a rule up by reading each description
    /// copied every description before it, a dozen retains and releases each, for every rule a run plans.
    private let ids: [String]

    public init(_ rules: [any BuiltInRule.Type], customRules: [CustomRule] = []) throws(RegistryError) {
        let ids = rules.map { $0.description.id } + customRules.map { $0.description.id }
        if let repeated = ids.enumerated().first(where: { ids[..<$0.offset].contains($0.element) })?.element {
            throw RegistryError(message: "two rules share the ID '\(repeated)'")
        }
        self.rules = rules
        self.customRules = customRules
        self.ids = ids
    }

    public var descriptions: [RuleDescription] { rules.map { $0.description } + customRules.map(\.description) }

    public func description(of id: String) -> RuleDescription? {
        guard let index = ids.firstIndex(of: id) else { return nil }
        return index < rules.count ? rules[index].description : customRules[index - rules.count].description
    }

    /// The built-in rule with this ID.
    public func rule(withID id: String) -> (any BuiltInRule.Type)? {
        guard let index = ids.firstIndex(of: id), index < rules.count else { return nil }
        return rules[index]
    }

    /// A ready check for the rule with this ID; custom rules take no options.
    func makeCheck(id: String, options: RuleOptions) throws(RuleOptionError) -> (any RuleCheck)? {
        if let rule = rule(withID: id) { return try rule.init(options: options) }
        return customRules.first { $0.description.id == id }
    }

    /// An error for an ID nobody registered, with the nearest known ID.
    public func unknownRuleError(_ id: String) -> UsageError {
        let suggestion = Suggestion.nearest(to: id, in: descriptions.map(\.id))
        return UsageError("unknown rule '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            + " (`aasalint rules` lists them)")
    }
}

public struct RegistryError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
