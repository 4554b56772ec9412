import AASALintCore
import AASALintRules

struct SchemaCommand: Subcommand {
    static let name = "schema"
    static let spec = CommandSpec(
        name: name,
        summary: "Print a JSON Schema: of the AASA format (aasa) or of .aasalint.yml (config)",
        usage: "aasalint schema aasa|config",
        positionals: PositionalSpec(name: "WHICH", help: "aasa or config", minimum: 1, maximum: 1, completion: .words(schemas))
    )
    static let schemas = ["aasa", "config"]

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<NoOptions>) throws -> Int32 {
        let registry = try BuiltInRules.registry()
        switch parsed.positionals.first {
        case "aasa":
            output.write(AASAJSONSchema.text)
        case "config":
            output.write(ConfigurationSchema.text(rules: registry.descriptions))
        case let other:
            let suggestion = Suggestion.nearest(to: other ?? "", in: Self.schemas).map { "; did you mean '\($0)'?" } ?? ""
            return output.fail("unknown schema '\(other ?? "")'\(suggestion) (expected aasa or config)")
        }
        return ExitStatus.success
    }
}
