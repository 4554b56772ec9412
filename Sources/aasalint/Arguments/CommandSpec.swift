/// What a shell offers when completing an option's value or a command's operands.
enum ValueCompletion: Sendable, Equatable {
    case files
    case folders
    case words([String])
    case ruleIDs
    /// Numbers, URLs, app IDs, host names: nothing a shell can list.
    case nothing
}

/// What the parser, `--help` and the completion scripts know of one option: a flag when `valueName`
/// is nil, otherwise an option that takes a value. Commands declare options as `DeclaredOption`s.
struct OptionSpec: Sendable {
    /// The long name without dashes: `"format"` is spelled `--format`.
    let name: String
    /// The single-letter form: `"q"` is spelled `-q`.
    let shortName: Character?
    /// The placeholder shown in help (`"FILE"`); nil makes the option a flag.
    let valueName: String?
    /// When set, any other value is rejected with a suggestion.
    let allowedValues: [String]?
    /// Repeatable options collect every occurrence and also split each value on commas.
    let isRepeatable: Bool
    /// `FORMAT[:FILE]`: repeatable, not split on commas (a file name may hold them), and
    /// `allowedValues` apply to what comes before the first `:`.
    let namesFileAfterColon: Bool
    let help: String
    private let completion: ValueCompletion

    init(
        name: String,
        shortName: Character? = nil,
        valueName: String? = nil,
        allowedValues: [String]? = nil,
        isRepeatable: Bool = false,
        namesFileAfterColon: Bool = false,
        completion: ValueCompletion = .nothing,
        help: String
    ) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.allowedValues = allowedValues
        self.isRepeatable = isRepeatable || namesFileAfterColon
        self.namesFileAfterColon = namesFileAfterColon
        self.completion = completion
        self.help = help
    }

    var takesValue: Bool { valueName != nil }
    /// What completes the value: the allowed values when there are some.
    var valueCompletion: ValueCompletion { allowedValues.map(ValueCompletion.words) ?? completion }
    var longSpelling: String { "--" + name }
}

/// The operands of a subcommand, such as the paths to lint.
struct PositionalSpec: Sendable {
    /// The placeholder used in help and error messages (`"PATH"`).
    let name: String
    let help: String
    let minimum: Int
    /// nil means any number.
    let maximum: Int?
    let completion: ValueCompletion

    init(name: String, help: String, minimum: Int = 0, maximum: Int? = nil, completion: ValueCompletion) {
        self.name = name
        self.help = help
        self.minimum = minimum
        self.maximum = maximum
        self.completion = completion
    }

    static let none = PositionalSpec(name: "", help: "", minimum: 0, maximum: 0, completion: .nothing)
}

/// Everything the parser and the help formatter need to know about one subcommand.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// Shown verbatim after "Usage:" and in positional-count errors, e.g. `"aasalint lint [options] [PATH ...]"`.
    let usage: String
    /// The command's own options, from its `CommandOptions`; `--help`/`-h` is added implicitly.
    let options: [OptionSpec]
    let positionals: PositionalSpec
    /// What each exit status means, for commands whose statuses say more than success or failure.
    let exitStatuses: [(status: Int32, meaning: String)]
    let programName: String

    init(
        name: String,
        summary: String,
        usage: String,
        options: some CommandOptions = NoOptions(),
        positionals: PositionalSpec = .none,
        exitStatuses: [(status: Int32, meaning: String)] = [],
        programName: String = "aasalint"
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.options = options.specs
        self.positionals = positionals
        self.exitStatuses = exitStatuses
        self.programName = programName
    }

    static let helpOption = OptionSpec(name: "help", shortName: "h", help: "Show this help")

    /// How error messages refer to the command, e.g. `aasalint lint`.
    var qualifiedName: String { "\(programName) \(name)" }

    var allOptions: [OptionSpec] { options + [Self.helpOption] }

    func option(named name: some StringProtocol) -> OptionSpec? {
        allOptions.first { $0.name == name }
    }

    func option(short letter: Character) -> OptionSpec? {
        allOptions.first { $0.shortName == letter }
    }
}
