import AASALintCore
import AASALintRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--config` and `--no-config`, shared by the commands that read `.aasalint.yml`.
struct ConfigurationOptions: CommandOptions {
    let config = ValueOption("config", short: "c", valueName: "FILE", completion: .files,
                             help: "Read this configuration instead of the nearest .aasalint.yml")
    let noConfig = Flag("no-config", help: "Ignore any .aasalint.yml")

    static var fields: [OptionField<Self>] {
        [.option(\.config), .option(\.noConfig)]
    }

    /// The configuration the arguments ask for: none, the named file, or the nearest one.
    static func load(_ parsed: ParsedArguments<Self>) throws -> Configuration {
        if parsed[\.noConfig] { return Configuration() }
        return try ConfigurationLoader(registry: try BuiltInRules.registry())
            .resolve(named: parsed[\.config], from: FileManager.default.currentDirectoryPath)
    }

    /// Built-in rules and the configuration's custom rules.
    static func registry(for configuration: Configuration) throws -> RuleRegistry {
        try RuleRegistry(BuiltInRules.all, customRules: configuration.customRules)
    }
}

/// `--enable` and `--disable`: which rules run, over what the configuration says.
struct RulePlanOptions: CommandOptions {
    let enable = ListOption("enable", valueName: "ID", completion: .ruleIDs, help: "Also run this rule (for opt-in rules)")
    let disable = ListOption("disable", valueName: "ID", completion: .ruleIDs, help: "Do not run this rule")

    static var fields: [OptionField<Self>] {
        [.option(\.enable), .option(\.disable)]
    }
}
