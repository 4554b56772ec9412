#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one run does beyond what the configuration file says: chosen by whoever runs aasalint
/// (the command line, the language server, the MCP server), never read from `.aasalint.yml`.
package struct RunOptions: Sendable {
    /// `--release`: every entitlements file is a release file.
    package var treatsAllEntitlementsAsRelease: Bool
    /// `lint --as-of`: the moment provisioning-profile expiry is judged at; nil: the clock.
    package var asOf: Date?
    /// What starts the configuration's plugins; nil: they do not run. A plugin is a program a
    /// repository chooses, so it runs only with the consent of whoever runs aasalint
    /// (docs/plugins.md), and only the command line, which asks for it, gives one.
    package var pluginLauncher: (any PluginLauncher)?

    package init(treatsAllEntitlementsAsRelease: Bool = false, asOf: Date? = nil, pluginLauncher: (any PluginLauncher)? = nil) {
        self.treatsAllEntitlementsAsRelease = treatsAllEntitlementsAsRelease
        self.asOf = asOf
        self.pluginLauncher = pluginLauncher
    }

    /// Whether the configuration's plugins run.
    package var runsPlugins: Bool { pluginLauncher != nil }
}
