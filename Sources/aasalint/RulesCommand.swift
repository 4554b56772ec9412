import AASALintCore

struct RulesCommand: Subcommand {
    static let name = "rules"
    static let spec = CommandSpec(
        name: name,
        summary: "List the rules, or explain one: rationale, default severity, options and examples",
        usage: "aasalint rules [ID]",
        options: ConfigurationOptions(),
        positionals: PositionalSpec(name: "ID", help: "The rule to explain", minimum: 0, maximum: 1, completion: .ruleIDs)
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<ConfigurationOptions>) throws -> Int32 {
        let registry = try ConfigurationOptions.registry(for: ConfigurationOptions.load(parsed))
        guard let id = parsed.positionals.first else {
            output.write(RuleDocumentation.list(registry.descriptions))
            return ExitStatus.success
        }
        guard let rule = registry.description(of: id) else {
            return output.fail(registry.unknownRuleError(id).message)
        }
        output.write(RuleDocumentation.explain(rule))
        return ExitStatus.success
    }
}
