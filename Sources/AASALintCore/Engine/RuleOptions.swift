/// An option value as the configuration gives it.
package enum RuleOptionValue: Hashable, Sendable, CustomStringConvertible {
    case integer(Int)
    case string(String)
    case bool(Bool)

    package var description: String {
        switch self {
        case .integer(let value): String(value)
        case .string(let value): value
        case .bool(let value): String(value)
        }
    }
}

/// A rule's options: what the configuration set, falling back to the documented defaults.
package struct RuleOptions: Sendable {
    package let values: [String: RuleOptionValue]

    package init(_ values: [String: RuleOptionValue] = [:]) {
        self.values = values
    }

    /// These options with `other`'s on top.
    package func merging(_ other: RuleOptions) -> RuleOptions {
        RuleOptions(values.merging(other.values) { _, new in new })
    }

    package func string(_ option: RuleOptionDescription) throws(RuleOptionError) -> String {
        switch values[option.name] ?? option.defaultValue {
        case .string(let value): return value
        case let other: throw RuleOptionError(option: option.name, message: "expects text, not \(other)")
        }
    }

    package func bool(_ option: RuleOptionDescription) throws(RuleOptionError) -> Bool {
        switch values[option.name] ?? option.defaultValue {
        case .bool(let value): return value
        case let other: throw RuleOptionError(option: option.name, message: "expects true or false, not \(other)")
        }
    }

    package func integer(_ option: RuleOptionDescription) throws(RuleOptionError) -> Int {
        switch values[option.name] ?? option.defaultValue {
        case .integer(let value): return value
        case let other: throw RuleOptionError(option: option.name, message: "expects a whole number, not \(other)")
        }
    }

}

package struct RuleOptionError: Error, Sendable, CustomStringConvertible {
    package let option: String
    package let message: String

    package init(option: String, message: String) {
        self.option = option
        self.message = message
    }

    package var description: String { "option '\(option)' \(message)" }
}
