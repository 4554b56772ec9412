/// An option value as the configuration gives it.
public enum RuleOptionValue: Hashable, Sendable, CustomStringConvertible {
    case integer(Int)
    case string(String)
    case bool(Bool)

    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .string(let value): value
        case .bool(let value): String(value)
        }
    }
}

/// A rule's options: what the configuration set, falling back to the documented defaults.
public struct RuleOptions: Sendable {
    private let values: [String: RuleOptionValue]

    public init(_ values: [String: RuleOptionValue] = [:]) {
        self.values = values
    }

    public func integer(_ option: RuleOptionDescription) throws(RuleOptionError) -> Int {
        switch values[option.name] ?? option.defaultValue {
        case .integer(let value): return value
        case let other: throw RuleOptionError(option: option.name, message: "expects a whole number, not \(other)")
        }
    }

    /// Options that the rule does not declare, for configuration errors.
    public func unknownNames(comparedTo declared: [RuleOptionDescription]) -> [String] {
        let known = Set(declared.map(\.name))
        return values.keys.filter { !known.contains($0) }.sorted()
    }
}

public struct RuleOptionError: Error, Sendable, CustomStringConvertible {
    public let option: String
    public let message: String

    public init(option: String, message: String) {
        self.option = option
        self.message = message
    }

    public var description: String { "option '\(option)' \(message)" }
}
