import AASALintCore

/// A command of the tool: its specification, and what it does with parsed arguments. Parsing,
/// `--help` and turning failures into exit status 2 are the same for every command.
protocol Subcommand: Sendable {
    associatedtype Options: CommandOptions = NoOptions
    /// The word that runs it; the spec's name. Dispatch compares names without making specs,
    /// which read every option of every command.
    static var name: String { get }
    /// Made with `name: name, options: Options()`.
    static var spec: CommandSpec { get }
    var output: StandardStreams { get }
    init(output: StandardStreams)
    /// Runs with arguments already parsed and checked; thrown errors become exit status 2.
    func execute(_ parsed: ParsedArguments<Options>) throws -> Int32
}

/// A command that can leave what it read and found to the process's exit (`KeptUntilExit`)
/// when the command line runs it; run from elsewhere it frees everything as usual.
protocol KeepingSubcommand: Subcommand {
    init(output: StandardStreams, keptUntilExit: KeptUntilExit?)
}

extension KeepingSubcommand {
    init(output: StandardStreams) {
        self.init(output: output, keptUntilExit: nil)
    }
}

extension Subcommand {
    func run(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments<Options>
        do {
            parsed = try ArgumentParser.parse(arguments, for: Self.spec, as: Options.self)
        } catch {
            return output.fail(error.description)
        }
        if parsed.wantsHelp {
            output.write(HelpFormatter.help(for: Self.spec))
            return ExitStatus.success
        }
        do {
            return try execute(parsed)
        } catch let errors as ConfigurationErrors {
            for error in errors.errors { output.writeError(error.description) }
            return ExitStatus.failure
        } catch {
            return output.fail("\(error)")
        }
    }
}
