import AASALintCore
import AASALintRules

struct SchemaCommand {
    static let spec = CommandSpec(
        name: "schema",
        summary: "Print a JSON Schema: of the AASA format (aasa) or of .aasalint.yml (config)",
        usage: "aasalint schema aasa|config",
        positionals: PositionalSpec(name: "WHICH", help: "aasa or config", minimum: 1, maximum: 1)
    )

    let output: StandardStreams

    func run(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        let registry: RuleRegistry
        do {
            parsed = try ArgumentParser.parse(arguments, for: Self.spec)
            registry = try BuiltInRules.registry()
        } catch {
            return output.fail("\(error)")
        }
        if parsed.wantsHelp {
            output.write(HelpFormatter.help(for: Self.spec))
            return ExitStatus.success
        }
        switch parsed.positionals.first {
        case "aasa":
            output.write(AASAJSONSchema.text)
        case "config":
            output.write(ConfigurationSchema.text(rules: registry.descriptions))
        case let other:
            let suggestion = Suggestion.nearest(to: other ?? "", in: ["aasa", "config"]).map { "; did you mean '\($0)'?" } ?? ""
            return output.fail("unknown schema '\(other ?? "")'\(suggestion) (expected aasa or config)")
        }
        return ExitStatus.success
    }
}
