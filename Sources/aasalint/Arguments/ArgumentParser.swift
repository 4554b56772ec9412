import AASALintCore

enum ArgumentParser {
    /// `command` is the spec made from `Options`, whose options it must list. Debug builds check
    /// that by listing the options of `Options` again, which a release run need not pay.
    static func parse<Options: CommandOptions>(
        _ arguments: [String], for command: CommandSpec, as _: Options.Type
    ) throws(ArgumentError) -> ParsedArguments<Options> {
        assert(Options().specs.map(\.name) == command.options.map(\.name), "\(command.name) is not parsed with its own options")
        var scan = ArgumentScan(command: command, remaining: arguments[...])
        scan.run()
        // `--help` wins over any other mistake on the line: the user is asking how to fix it.
        if !scan.wantsHelp {
            if let error = scan.firstError { throw error }
            try checkPositionalCount(scan.positionals, for: command)
        }
        return ParsedArguments(positionals: scan.positionals, wantsHelp: scan.wantsHelp, given: scan.given)
    }

    static func command(named name: String, in commands: [CommandSpec]) throws(ArgumentError) -> CommandSpec {
        guard let command = commands.first(where: { $0.name == name }) else {
            throw .unknownCommand(name, available: commands.map(\.name))
        }
        return command
    }

    private static func checkPositionalCount(_ positionals: [String], for command: CommandSpec) throws(ArgumentError) {
        let spec = command.positionals
        if positionals.count < spec.minimum {
            throw .missingPositional(for: command, given: positionals.count)
        }
        if let maximum = spec.maximum, positionals.count > maximum {
            throw .unexpectedPositional(positionals[maximum], for: command)
        }
    }
}

/// One left-to-right pass over the arguments. Errors are recorded rather than thrown
/// so that a `--help` later on the line is still seen.
private struct ArgumentScan {
    let command: CommandSpec
    var remaining: ArraySlice<String>
    var positionals: [String] = []
    /// The values of each option given, in order; a flag has none.
    var given: [String: [String]] = [:]
    var wantsHelp = false
    var firstError: ArgumentError?

    mutating func run() {
        while let argument = remaining.popFirst() {
            do throws(ArgumentError) {
                try consume(argument)
            } catch {
                firstError = firstError ?? error
            }
        }
    }

    private mutating func consume(_ argument: String) throws(ArgumentError) {
        if argument == "--" {
            positionals += remaining
            remaining = []
        } else if argument.hasPrefix("--") {
            try consumeLongOption(argument.dropFirst(2))
        } else if argument.hasPrefix("-"), argument != "-" {
            try consumeShortOptions(argument.dropFirst())
        } else {
            positionals.append(argument)
        }
    }

    private mutating func consumeLongOption(_ body: Substring) throws(ArgumentError) {
        let (name, inlineValue) = splitInlineValue(body)
        // String + String, not + Substring: start-up (scripts/check-startup-budget.sh).
        let spelling = "--" + String(name)
        guard let option = command.option(named: name) else {
            let suggestion = Suggestion.nearest(to: String(name), in: command.allOptions.map(\.name))
            throw .unknownOption(spelling, for: command, suggestion: suggestion.map { "--" + $0 })
        }
        try apply(option, spelling: spelling, inlineValue: inlineValue)
    }

    /// `-q`, `-qv` (flags combined), `-o FILE`, `-qo FILE` and `-o=FILE`.
    private mutating func consumeShortOptions(_ body: Substring) throws(ArgumentError) {
        let (letters, inlineValue) = splitInlineValue(body)
        let options = letters.compactMap { command.option(short: $0) }
        guard !letters.isEmpty, options.count == letters.count else {
            throw unknownShortOption(letters: letters, token: "-" + body)
        }
        for (position, (letter, option)) in zip(letters, options).enumerated() {
            let spelling = "-" + String(letter)
            let isLast = position == options.count - 1
            if option.takesValue, !isLast {
                throw .missingValue(for: spelling, option: option)
            }
            try apply(option, spelling: spelling, inlineValue: isLast ? inlineValue : nil)
        }
    }

    private func unknownShortOption(letters: Substring, token: String) -> ArgumentError {
        // `-format` and `-fromat` are usually a long option typed with one dash.
        if letters.count > 1 {
            let longName = command.option(named: letters)?.name
                ?? Suggestion.nearest(to: String(letters), in: command.allOptions.map(\.name))
            if let longName {
                return .unknownOption(token, for: command, suggestion: "--" + longName)
            }
        }
        guard let unknown = letters.first(where: { command.option(short: $0) == nil }) else {
            return .unknownOption(token, for: command, suggestion: nil)
        }
        // Any letter is one edit from any other, so only a wrong case counts as a likely typo.
        let otherCase = command.allOptions.compactMap(\.shortName).first {
            $0 != unknown && $0.lowercased() == unknown.lowercased()
        }
        return .unknownOption("-" + String(unknown), for: command, suggestion: otherCase.map { "-" + String($0) })
    }

    private mutating func apply(_ option: OptionSpec, spelling: String, inlineValue: Substring?) throws(ArgumentError) {
        guard option.takesValue else {
            if inlineValue != nil { throw .unexpectedValue(for: spelling) }
            if option.name == CommandSpec.helpOption.name {
                wantsHelp = true
            } else {
                given[option.name] = given[option.name] ?? []
            }
            return
        }
        let value = if let inlineValue { String(inlineValue) } else { try nextValue(for: option, spelling: spelling) }
        let pieces = option.isRepeatable && !option.namesFileAfterColon ? value.split(separator: ",").map(String.init) : [value]
        if let allowedValues = option.allowedValues,
           let invalid = pieces.lazy.map({ option.namesFileAfterColon ? String($0.prefix { $0 != ":" }) : $0 })
            .first(where: { !allowedValues.contains($0) }) {
            throw .invalidValue(invalid, for: spelling, allowedValues: allowedValues)
        }
        given[option.name, default: []] += pieces
    }

    private mutating func nextValue(for option: OptionSpec, spelling: String) throws(ArgumentError) -> String {
        // An option-like word here is far more often a forgotten value than a value that starts
        // with a dash; such a value can still be written `--name=-value`. A lone `-` means stdin.
        guard let next = remaining.first, next == "-" || !next.hasPrefix("-") else {
            throw .missingValue(for: spelling, option: option)
        }
        remaining.removeFirst()
        return next
    }

    private func splitInlineValue(_ body: Substring) -> (name: Substring, value: Substring?) {
        guard let equals = body.firstIndex(of: "=") else { return (body, nil) }
        return (body[..<equals], body[body.index(after: equals)...])
    }
}
