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
        let loader = ConfigurationLoader(registry: try BuiltInRules.registry())
        let path: String
        if let named = parsed[\.config] {
            guard FileManager.default.fileExists(atPath: named) else {
                throw UsageError("\(named): no such configuration file")
            }
            path = named
        } else {
            guard let found = ConfigurationLoader.discover(from: FileManager.default.currentDirectoryPath) else {
                return Configuration()
            }
            path = shown(found)
        }
        do throws(ConfigurationLoadFailure) {
            return try loader.load(path: path, found: parsed[\.config] == nil)
        } catch {
            switch error {
            case .unusable(let reason, let trustIsTheReason):
                throw UsageError("\(path): \(reason)" + (trustIsTheReason ? ", or name it with --config if you trust it" : ""))
            case .unreadable(let error): throw error
            case .invalid(let errors, _): throw errors
            }
        }
    }

    /// Built-in rules and the configuration's custom rules.
    static func registry(for configuration: Configuration) throws -> RuleRegistry {
        try RuleRegistry(BuiltInRules.all, customRules: configuration.customRules)
    }

    /// A path found by walking up from the working directory, as reports show it.
    private static func shown(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
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
