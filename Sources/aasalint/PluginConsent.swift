import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Plugins are programs that a repository's configuration names; a run starts them only when
/// the person or the machine running aasalint allows it, never because a cloned or proposed
/// configuration asks (docs/plugins.md, "Who decides that plugins run").
enum PluginConsent {
    static let flag = Flag("allow-plugins", help: "Run the plugins the configuration names (also when \(environmentVariable)=1)")
    static let environmentVariable = "AASALINT_ALLOW_PLUGINS"

    /// `flagGiven` is whether the command line has `--allow-plugins`.
    static func isGiven(flagGiven: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        flagGiven || ["1", "true", "yes"].contains(environment[environmentVariable]?.lowercased() ?? "")
    }

    /// Whether the configuration's plugins run; when they are not allowed, says so on standard
    /// error: the built-in and custom rules still run, and the exit status is theirs.
    static func isAllowed(for configuration: Configuration, flagGiven: Bool, output: StandardStreams) -> Bool {
        guard !configuration.plugins.isEmpty, !isGiven(flagGiven: flagGiven) else { return true }
        let names = configuration.plugins.map(\.id).joined(separator: ", ")
        let file = configuration.document?.path ?? ConfigurationLoader.fileName
        output.writeError("aasalint: note: did not run the plugins of \(file) (\(names)): a plugin is a program the configuration "
            + "chooses; to run them, pass --allow-plugins or set \(environmentVariable)=1 (see docs/plugins.md)")
        return false
    }
}
