import AASALintCore
import AASALintRules

struct SchemaCommand: Subcommand {
    static let name = "schema"
    static let spec = CommandSpec(
        name: name,
        summary: "Print a JSON Schema: of the AASA format (aasa), of .aasalint.yml (config) or of the JSON report (report)",
        usage: "aasalint schema aasa|config|report",
        positionals: PositionalSpec(name: "WHICH", help: "aasa, config or report", minimum: 1, maximum: 1, completion: .words(schemas))
    )
    static let schemas = ["aasa", "config", "report"]

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<NoOptions>) throws -> Int32 {
        let registry = try BuiltInRules.registry()
        switch parsed.positionals.first {
        case "aasa":
            output.write(AASAJSONSchema.text)
        case "config":
            output.write(ConfigurationSchema.text(rules: registry.descriptions))
        case "report":
            output.write(ReportSchema.text)
        case let other:
            let suggestion = Suggestion.nearest(to: other ?? "", in: Self.schemas).map { "; did you mean '\($0)'?" } ?? ""
            return output.fail("unknown schema '\(other ?? "")'\(suggestion) (expected aasa, config or report)")
        }
        return ExitStatus.success
    }
}
