/// The rules aasalint knows, by ID.
public struct RuleRegistry: Sendable {
    public let rules: [any Rule.Type]

    public init(_ rules: [any Rule.Type]) throws(RegistryError) {
        var seen = Set<String>()
        for rule in rules where !seen.insert(rule.description.id).inserted {
            throw RegistryError(message: "two rules share the ID '\(rule.description.id)'")
        }
        self.rules = rules
    }

    public var descriptions: [RuleDescription] { rules.map { $0.description } }

    public func rule(withID id: String) -> (any Rule.Type)? {
        rules.first { $0.description.id == id }
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

/// The tool could not do what it was asked: exit status 2, one sentence for a person.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
