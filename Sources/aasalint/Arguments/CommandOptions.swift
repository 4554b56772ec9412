/// The options of a command, declared once as the stored properties of a struct: an option
/// (`Flag`, `ValueOption`, `ListOption`) or a group of options shared by several commands.
/// `fields` lists them in declaration order, which the parser, `--help` and the completion
/// scripts follow, and a command reads them through key path literals (`parsed[\.summary]`), so
/// reading an option its command does not declare does not compile. The list is written out rather
/// than found by reflection, which costs start-up (scripts/check-startup-budget.sh); CommandOptionsTests
/// checks with a Mirror that no stored option is left out.
///
/// The literals are taken as functions of the options (`(Options) -> Option`), which the compiler
/// makes plain property reads of: as `KeyPath` values, each literal was an object the runtime built
/// at its first use, with the metadata of its generic class, a tenth of a tiny lint.
protocol CommandOptions: Sendable {
    init()
    /// Every stored option and group, in declaration order.
    static var fields: [OptionField<Self>] { get }
}

/// No options besides `--help`.
struct NoOptions: CommandOptions {
    static var fields: [OptionField<Self>] { [] }
}

/// One stored property of a `CommandOptions`: an option, or a group of them.
struct OptionField<Options> {
    /// The options the property holds, read from a value of `Options`.
    let specs: (Options) -> [OptionSpec]

    static func option<Option: DeclaredOption>(_ option: @escaping (Options) -> Option) -> Self {
        Self { options in [option(options).spec] }
    }

    static func group<Group: CommandOptions>(_ group: @escaping (Options) -> Group) -> Self {
        Self { options in group(options).specs }
    }
}

/// One option, and how the values given on the command line read as `Value`.
protocol DeclaredOption: Sendable {
    associatedtype Value
    var spec: OptionSpec { get }
    /// `given` holds the values in order (already split on commas for lists); nil when the option is absent.
    func value(given: [String]?) -> Value
}

/// `--name`: true when given.
struct Flag: DeclaredOption {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name: name, shortName: short, help: help)
    }

    func value(given: [String]?) -> Bool { given != nil }
}

/// `--name VALUE`: the last value given, so a later `--format` overrides an earlier one.
struct ValueOption: DeclaredOption {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, valueName: String, allowedValues: [String]? = nil,
         completion: ValueCompletion = .nothing, help: String) {
        spec = OptionSpec(name: name, shortName: short, valueName: valueName, allowedValues: allowedValues,
                          completion: completion, help: help)
    }

    func value(given: [String]?) -> String? { given?.last }
}

/// `--name A --name B,C`: every value given, in order.
struct ListOption: DeclaredOption {
    let spec: OptionSpec

    init(_ name: String, valueName: String, completion: ValueCompletion = .nothing, help: String) {
        spec = OptionSpec(name: name, valueName: valueName, isRepeatable: true, completion: completion, help: help)
    }

    func value(given: [String]?) -> [String] { given ?? [] }
}

/// `--name VALUE[:FILE]`, repeatable: every value in order, as given (see `OptionSpec.namesFileAfterColon`).
struct ReportListOption: DeclaredOption {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, valueName: String, allowedValues: [String], help: String) {
        spec = OptionSpec(name: name, shortName: short, valueName: valueName, allowedValues: allowedValues, namesFileAfterColon: true, help: help)
    }

    func value(given: [String]?) -> [String] { given ?? [] }
}

extension CommandOptions {
    /// The options of the stored properties, groups flattened, in declaration order.
    var specs: [OptionSpec] {
        Self.fields.flatMap { field in field.specs(self) }
    }
}

/// The options and operands given to one subcommand, read through the command's `Options`, a
/// `CommandOptions`. The type does not require that, for start-up (scripts/check-startup-budget.sh).
struct ParsedArguments<Options: Sendable>: Sendable {
    let positionals: [String]
    let wantsHelp: Bool
    private let options: Options
    private let given: [String: [String]]

    init(positionals: [String], wantsHelp: Bool, given: [String: [String]], options: Options) {
        self.positionals = positionals
        self.wantsHelp = wantsHelp
        self.given = given
        self.options = options
    }

    subscript<Option: DeclaredOption>(_ option: (Options) -> Option) -> Option.Value {
        let declared = option(options)
        return declared.value(given: given[declared.spec.name])
    }

    /// The arguments as a group of options reads them, for the code shared by the commands that declare it.
    subscript<Group: CommandOptions>(_ group: (Options) -> Group) -> ParsedArguments<Group> {
        ParsedArguments<Group>(positionals: positionals, wantsHelp: wantsHelp, given: given, options: group(options))
    }
}

extension ParsedArguments where Options: CommandOptions {
    init(positionals: [String], wantsHelp: Bool, given: [String: [String]]) {
        self.init(positionals: positionals, wantsHelp: wantsHelp, given: given, options: Options())
    }
}
