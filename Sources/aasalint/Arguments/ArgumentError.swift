import AASALintCore

/// A command-line mistake; `description` is the complete sentence shown to the user.
struct ArgumentError: Error, CustomStringConvertible, Equatable {
    let description: String

    static func unknownOption(_ spelling: String, for command: CommandSpec, suggestion: String?) -> ArgumentError {
        ArgumentError(description: "unknown option '\(spelling)' for '\(command.qualifiedName)'\(didYouMean(suggestion))")
    }

    static func missingValue(for spelling: String, option: OptionSpec) -> ArgumentError {
        let choices = option.allowedValues.map { " (\($0.joined(separator: ", ")))" } ?? ""
        return ArgumentError(description: "option '\(spelling)' needs a value\(choices)")
    }

    static func unexpectedValue(for spelling: String) -> ArgumentError {
        ArgumentError(description: "option '\(spelling)' does not take a value")
    }

    static func invalidValue(_ value: String, for spelling: String, allowedValues: [String]) -> ArgumentError {
        let suggestion = Suggestion.nearest(to: value, in: allowedValues)
        let choices = allowedValues.joined(separator: ", ")
        return ArgumentError(
            description: "invalid value '\(value)' for '\(spelling)'\(didYouMean(suggestion)) (expected one of: \(choices))"
        )
    }

    static func missingPositional(for command: CommandSpec, given: Int) -> ArgumentError {
        let spec = command.positionals
        let counts = spec.minimum > 1 ? " (expected at least \(spec.minimum), got \(given))" : ""
        return ArgumentError(
            description: "missing \(spec.name) for '\(command.qualifiedName)'\(counts); usage: \(command.usage)"
        )
    }

    static func unexpectedPositional(_ argument: String, for command: CommandSpec) -> ArgumentError {
        let spec = command.positionals
        let limit: String
        if let maximum = spec.maximum, maximum > 0 {
            limit = "expected at most \(maximum) \(spec.name)"
        } else {
            limit = "it takes none"
        }
        return ArgumentError(
            description: "unexpected argument '\(argument)' for '\(command.qualifiedName)' (\(limit)); usage: \(command.usage)"
        )
    }

    static func unknownCommand(_ name: String, available: [String]) -> ArgumentError {
        if let suggestion = Suggestion.nearest(to: name, in: available) {
            return ArgumentError(description: "unknown command '\(name)'\(didYouMean(suggestion))")
        }
        return ArgumentError(
            description: "unknown command '\(name)' (expected one of: \(available.joined(separator: ", ")))"
        )
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
