#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `.aasalint.yml` says (empty when there is none), as read, and not changed after: what a
/// run does beyond it is its `RunOptions`. Every value read from the file keeps its pointer, so errors and findings
/// about it (a failed URL expectation) point into the file.
public struct Configuration: Sendable {
    /// The configuration file as a document, for positions; nil when there is none.
    package internal(set) var document: SourceDocument?
    /// The folder that relative paths and globs in the configuration are relative to.
    package internal(set) var directory: String = "."
    package internal(set) var rules: [String: RuleSetting] = [:]
    package internal(set) var include: [Glob] = []
    package internal(set) var exclude: [Glob] = []
    package internal(set) var files: [ConfiguredFile] = []
    /// Globs of entitlements files that ship (release builds).
    package internal(set) var releaseEntitlements: [Glob] = []
    package internal(set) var apps: [ConfiguredApp] = []
    package internal(set) var domains: [ConfiguredDomain] = []
    /// The Android apps of `apps:` and the `assetlinks.json` files of `domains:`.
    package internal(set) var androidApps: [ConfiguredAndroidApp] = []
    package internal(set) var assetLinksDomains: [ConfiguredAssetLinksDomain] = []
    package internal(set) var expectations: [URLExpectationSet] = []
    package internal(set) var overrides: [Override] = []
    package internal(set) var ignore: [IgnoreEntry] = []
    package internal(set) var baseline: String?
    /// `fail_on`: not set means `error`; off (`none`) means never fail.
    package internal(set) var failOn: SeveritySetting = .notSet
    package internal(set) var format: ReportFormat?
    /// `formats:`, the reports to write, each file relative to the configuration's folder (see `displayPath(ofConfiguredPath:)`).
    package internal(set) var formats: [RequestedReport] = []
    package internal(set) var customRules: [CustomRule] = []
    package internal(set) var plugins: [PluginDefinition] = []

    public init() {}

    /// A configuration given in code rather than read from a file: the folder its paths are
    /// relative to, and what the cross-checks compare with.
    package init(directory: String, releaseEntitlements: [Glob] = [], apps: [ConfiguredApp] = [],
                 domains: [ConfiguredDomain] = [], expectations: [URLExpectationSet] = []) {
        self.directory = directory
        self.releaseEntitlements = releaseEntitlements
        self.apps = apps
        self.domains = domains
        self.expectations = expectations
    }
}

/// A rule's configured severity (`off` is nil) and options.
package struct RuleSetting: Sendable {
    package var severity: Severity?
    package var isOff: Bool
    package var options: RuleOptions
    package let pointer: JSONPointer

    package init(severity: Severity?, isOff: Bool, options: RuleOptions, pointer: JSONPointer) {
        self.severity = severity
        self.isOff = isOff
        self.options = options
        self.pointer = pointer
    }
}

/// An external program that receives the linted files and answers findings (`plugins:`).
package struct PluginDefinition: Sendable {
    package static let defaultTimeout = 30.0

    package let id: String
    /// The program and its arguments, run from the configuration's folder.
    package let command: [String]
    /// Seconds before the plugin is stopped and the run fails.
    package let timeout: Double
    package let pointer: JSONPointer
}

/// An extra path with a forced kind (`files:`).
package struct ConfiguredFile: Sendable {
    package let path: Located<String>
    package let kind: FileKind
}

/// An app of the project: its appID and the entitlements file that signs it (`apps:`).
package struct ConfiguredApp: Sendable {
    package let pointer: JSONPointer
    package let id: Located<String>?
    /// Relative to the configuration's folder.
    package let entitlements: Located<String>?
    /// Values for `$(NAME)` and `${NAME}` in the entitlements file.
    package let buildSettings: [String: String]

    package init(pointer: JSONPointer, id: Located<String>?, entitlements: Located<String>?, buildSettings: [String: String]) {
        self.pointer = pointer
        self.id = id
        self.entitlements = entitlements
        self.buildSettings = buildSettings
    }
}

/// Which AASA file is served on which host (`domains:`).
package struct ConfiguredDomain: Sendable {
    package let host: Located<String>
    /// Relative to the configuration's folder.
    package let aasaPath: Located<String>

    package init(host: Located<String>, aasaPath: Located<String>) {
        self.host = host
        self.aasaPath = aasaPath
    }
}

/// URLs that must open an app, or stay on the web: one entry of `expectations:`, or one
/// expectation file (`{"deep_linkable_urls": [...], "non_deep_linkable_urls": [...]}`) that
/// an entry names with `file:`; the configuration loader reads such files.
package struct URLExpectationSet: Sendable {
    package let app: Located<String>?
    package let opens: [Located<String>]
    package let staysOnWeb: [Located<String>]
    /// Where the URLs' pointers point: the configuration file or the expectation file.
    package let document: SourceDocument

    package init(app: Located<String>?, opens: [Located<String>], staysOnWeb: [Located<String>], document: SourceDocument) {
        self.app = app
        self.opens = opens
        self.staysOnWeb = staysOnWeb
        self.document = document
    }
}

/// Rule settings for the files (and optionally the place in them) that a glob selects
/// (`overrides:`); a later override wins over an earlier one.
package struct Override: Sendable {
    package struct Target: Sendable {
        package let files: Glob
        /// `glob#/json/pointer`: only findings at or below this pointer.
        package let pointer: JSONPointer?
    }

    package let targets: [Target]
    package let rules: [String: RuleSetting]
}

/// One finding silenced on purpose, with the reason (`ignore:`).
package struct IgnoreEntry: Sendable {
    package let pointer: JSONPointer
    package let rule: String
    package let files: Glob
    /// Only findings at or below this pointer; nil: anywhere in the file.
    package let at: JSONPointer?
    package let reason: String
}

extension Configuration {
    /// How reports show a path written in the configuration: joined to the configuration's
    /// folder, in the same form discovery gives files.
    package func displayPath(ofConfiguredPath path: String) -> String {
        if path.hasPrefix("/") || directory == "." || directory.isEmpty {
            return DisplayPath.of(path)
        }
        return DisplayPath.of(directory + "/" + path)
    }
}

extension Configuration {
    /// A report path relative to the configuration's folder, for matching globs and keying
    /// baselines; nil when the file lies outside that folder. Compared in the canonical form
    /// (`CanonicalPath`), so a file lies in its folder however a link or the case spells either.
    package func relativePath(ofDisplayPath path: String) -> String? {
        CanonicalPath.path(path, from: directory, resolve: CanonicalPath.of, absolute: { PathNames.absolute($0) })
    }
}
