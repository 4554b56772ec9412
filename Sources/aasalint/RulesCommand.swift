import AASALintCore

struct RulesCommand {
    static let spec = CommandSpec(
        name: "rules",
        summary: "List the rules, or explain one: rationale, default severity, options and examples",
        usage: "aasalint rules [ID]",
        options: ConfigurationOptions.specs,
        positionals: PositionalSpec(name: "ID", help: "The rule to explain", minimum: 0, maximum: 1)
    )

    let output: StandardStreams

    func run(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        let registry: RuleRegistry
        do {
            parsed = try ArgumentParser.parse(arguments, for: Self.spec)
            registry = try ConfigurationOptions.registry(for: parsed.wantsHelp ? Configuration() : ConfigurationOptions.load(parsed))
        } catch let errors as ConfigurationErrors {
            output.writeError(errors.description + "\n")
            return ExitStatus.failure
        } catch {
            return output.fail("\(error)")
        }
        if parsed.wantsHelp {
            output.write(HelpFormatter.help(for: Self.spec))
            return ExitStatus.success
        }
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
