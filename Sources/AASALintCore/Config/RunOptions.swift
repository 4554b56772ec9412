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
    /// Whether the configuration's plugins run: a plugin is a program a repository chooses, so it
    /// runs only with the consent of whoever runs aasalint (docs/plugins.md).
    package var runsPlugins: Bool

    package init(treatsAllEntitlementsAsRelease: Bool = false, asOf: Date? = nil, runsPlugins: Bool = true) {
        self.treatsAllEntitlementsAsRelease = treatsAllEntitlementsAsRelease
        self.asOf = asOf
        self.runsPlugins = runsPlugins
    }
}
