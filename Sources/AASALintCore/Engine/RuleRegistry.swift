/// The rules aasalint knows, by ID: the built-in ones and those the configuration declares.
public struct RuleRegistry: Sendable {
    package let rules: [any Rule.Type]
    package let customRules: [CustomRule]
    /// Where each ID is in `rules`, then in `customRules` (offset by `rules.count`): a run looks up
    /// every rule it plans, and scanning the IDs for each was quadratic in the number of rules.
    private let positions: [String: Int]

    package init(_ rules: [any Rule.Type], customRules: [CustomRule] = []) throws(RegistryError) {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(rules.count + customRules.count)
        for (position, id) in (rules.map { $0.description.id } + customRules.map { $0.description.id }).enumerated() {
            guard positions.updateValue(position, forKey: id) == nil else {
                throw RegistryError(message: "two rules share the ID '\(id)'")
            }
        }
        self.rules = rules
        self.customRules = customRules
        self.positions = positions
    }

    public var descriptions: [RuleDescription] { rules.map { $0.description } + customRules.map(\.description) }

    package func description(of id: String) -> RuleDescription? {
        guard let index = positions[id] else { return nil }
        return index < rules.count ? rules[index].description : customRules[index - rules.count].description
    }

    /// The built-in rule with this ID.
    package func rule(withID id: String) -> (any Rule.Type)? {
        guard let index = positions[id], index < rules.count else { return nil }
        return rules[index]
    }

    /// A ready check for the rule with this ID, with its defaults when the configuration sets no
    /// option; custom rules take no options.
    func makeCheck(id: String, options: RuleOptions) throws(RuleOptionError) -> (any RuleCheck)? {
        guard let index = positions[id] else { return nil }
        guard index < rules.count else { return customRules[index - rules.count] }
        return options.values.isEmpty ? rules[index].init() : try rules[index].init(options: options)
    }

    /// An error for an ID nobody registered, with the nearest known ID.
    package func unknownRuleError(_ id: String) -> UsageError {
        let suggestion = Suggestion.nearest(to: id, in: descriptions.map(\.id))
        return UsageError("unknown rule '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            + " (`aasalint rules` lists them)")
    }
}

package struct RegistryError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
