#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `.aasalint.yml` says (empty when there is none), as read: what a run does beyond it is
/// its `RunOptions`. Every value read from the file keeps its pointer, so errors and findings
/// about it (a failed URL expectation) point into the file.
public struct Configuration: Sendable {
    /// The configuration file as a document, for positions; nil when there is none.
    public package(set) var document: SourceDocument?
    /// The folder that relative paths and globs in the configuration are relative to.
    public package(set) var directory: String = "."
    public package(set) var rules: [String: RuleSetting] = [:]
    public package(set) var include: [Glob] = []
    public package(set) var exclude: [Glob] = []
    public package(set) var files: [ConfiguredFile] = []
    /// Globs of entitlements files that ship (release builds).
    public package(set) var releaseEntitlements: [Glob] = []
    public package(set) var apps: [ConfiguredApp] = []
    public package(set) var domains: [ConfiguredDomain] = []
    /// The Android apps of `apps:` and the `assetlinks.json` files of `domains:`.
    public package(set) var androidApps: [ConfiguredAndroidApp] = []
    public package(set) var assetLinksDomains: [ConfiguredAssetLinksDomain] = []
    public package(set) var expectations: [URLExpectationSet] = []
    public package(set) var overrides: [Override] = []
    public package(set) var ignore: [IgnoreEntry] = []
    public package(set) var baseline: String?
    /// `fail_on`: not set means `error`; off (`none`) means never fail.
    public package(set) var failOn: SeveritySetting = .notSet
    public package(set) var format: ReportFormat?
    /// `formats:`, the reports to write, each file relative to the configuration's folder (see `displayPath(ofConfiguredPath:)`).
    public package(set) var formats: [RequestedReport] = []
    public package(set) var customRules: [CustomRule] = []
    public package(set) var plugins: [PluginDefinition] = []

    public init() {}
}

/// A rule's configured severity (`off` is nil) and options.
public struct RuleSetting: Sendable {
    public var severity: Severity?
    public var isOff: Bool
    public var options: RuleOptions
    public let pointer: JSONPointer

    public init(severity: Severity?, isOff: Bool, options: RuleOptions, pointer: JSONPointer) {
        self.severity = severity
        self.isOff = isOff
        self.options = options
        self.pointer = pointer
    }
}

/// An external program that receives the linted files and answers findings (`plugins:`).
public struct PluginDefinition: Sendable {
    public static let defaultTimeout = 30.0

    public let id: String
    /// The program and its arguments, run from the configuration's folder.
    public let command: [String]
    /// Seconds before the plugin is stopped and the run fails.
    public let timeout: Double
    public let pointer: JSONPointer
}

/// An extra path with a forced kind (`files:`).
public struct ConfiguredFile: Sendable {
    public let path: Located<String>
    public let kind: FileKind
}

/// An app of the project: its appID and the entitlements file that signs it (`apps:`).
public struct ConfiguredApp: Sendable {
    public let pointer: JSONPointer
    public let id: Located<String>?
    /// Relative to the configuration's folder.
    public let entitlements: Located<String>?
    /// Values for `$(NAME)` and `${NAME}` in the entitlements file.
    public let buildSettings: [String: String]

    public init(pointer: JSONPointer, id: Located<String>?, entitlements: Located<String>?, buildSettings: [String: String]) {
        self.pointer = pointer
        self.id = id
        self.entitlements = entitlements
        self.buildSettings = buildSettings
    }
}

/// Which AASA file is served on which host (`domains:`).
public struct ConfiguredDomain: Sendable {
    public let host: Located<String>
    /// Relative to the configuration's folder.
    public let aasaPath: Located<String>

    public init(host: Located<String>, aasaPath: Located<String>) {
        self.host = host
        self.aasaPath = aasaPath
    }
}

/// URLs that must open an app, or stay on the web: one entry of `expectations:`, or one
/// expectation file (`{"deep_linkable_urls": [...], "non_deep_linkable_urls": [...]}`) that
/// an entry names with `file:`; the configuration loader reads such files.
public struct URLExpectationSet: Sendable {
    public let app: Located<String>?
    public let opens: [Located<String>]
    public let staysOnWeb: [Located<String>]
    /// Where the URLs' pointers point: the configuration file or the expectation file.
    public let document: SourceDocument

    public init(app: Located<String>?, opens: [Located<String>], staysOnWeb: [Located<String>], document: SourceDocument) {
        self.app = app
        self.opens = opens
        self.staysOnWeb = staysOnWeb
        self.document = document
    }
}

/// Rule settings for the files (and optionally the place in them) that a glob selects
/// (`overrides:`); a later override wins over an earlier one.
public struct Override: Sendable {
    public struct Target: Sendable {
        public let files: Glob
        /// `glob#/json/pointer`: only findings at or below this pointer.
        public let pointer: JSONPointer?
    }

    public let targets: [Target]
    public let rules: [String: RuleSetting]
}

/// One finding silenced on purpose, with the reason (`ignore:`).
public struct IgnoreEntry: Sendable {
    public let pointer: JSONPointer
    public let rule: String
    public let files: Glob
    /// Only findings at or below this pointer; nil: anywhere in the file.
    public let at: JSONPointer?
    public let reason: String
}

extension Configuration {
    /// How reports show a path written in the configuration: joined to the configuration's
    /// folder, in the same form discovery gives files.
    public func displayPath(ofConfiguredPath path: String) -> String {
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
    public func relativePath(ofDisplayPath path: String) -> String? {
        CanonicalPath.path(path, from: directory, resolve: CanonicalPath.of, absolute: { PathNames.absolute($0) })
    }
}
