#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Lints files and folders as `aasalint lint` does: AASA files, entitlements, signed apps,
/// provisioning profiles and Android's `assetlinks.json` and manifests, with the rules of
/// `rules` (`BuiltInRules.rules` of the AASALintRules library) and what `configuration`
/// says. The library's entry point; the command line runs the same session.
///
///     let rules = BuiltInRules.rules
///     let configuration = try Configuration.resolved(from: ".", rules: rules)
///     let report = try AASALinter(rules: rules, configuration: configuration).lint(paths: ["."])
///     print(report.rendered(as: .sarif))
public struct AASALinter: Sendable {
    private let session: LintSession

    /// `release` treats every entitlements file and profile as shipping (`--release`); `asOf`
    /// judges profile expiry on that day (`--as-of`). The configuration's plugins never run
    /// here: each is a program the repository chooses, which only the command line starts, with
    /// the user's consent (`--allow-plugins`); the report has no plugin findings.
    /// Throws `UsageError` for a configuration that names rules `rules` does not hold.
    public init(rules: RuleRegistry, configuration: Configuration = Configuration(), release: Bool = false,
                asOf: Date? = nil) throws(UsageError) {
        let registry: RuleRegistry
        do throws(RegistryError) {
            registry = try RuleRegistry(rules.rules, customRules: rules.customRules + configuration.customRules)
        } catch {
            throw UsageError(error.message)
        }
        let options = RunOptions(treatsAllEntitlementsAsRelease: release, asOf: asOf)
        session = LintSession(plan: try RulePlan(registry: registry, configuration: configuration, options: options))
    }

    /// The findings on the files under `paths` (files and folders, found as `aasalint lint`
    /// finds them). Paths that cannot be read are in the report's `problems`.
    public func lint(paths: [String]) -> LintReport {
        session.run(paths: paths).report
    }

    /// The findings on `contents`, linted as the file at `path` would be (its kind from its name
    /// unless `kind` says, the configuration's overrides and ignores for that path), without
    /// reading the disk for it: an editor's unsaved text, or a download.
    public func lint(contents: [UInt8], path: String, kind: FileKind? = nil) -> LintReport {
        let file = FileReader.file(path: DisplayPath.of(path), kind: kind ?? FileDiscovery.kind(ofNamed: path), .bytes(contents))
        return session.run(paths: [], extraFiles: [file]).report
    }
}

extension Configuration {
    /// The configuration `aasalint lint` uses when run in `directory`: `named` (a path), else
    /// the nearest `.aasalint.yml` from `directory` up to the repository's root, else the
    /// defaults. A file found by looking upward is read only when it may be trusted (owned by
    /// the user, not writable by others). Throws `UsageError`, or the configuration's errors
    /// with their lines.
    public static func resolved(named: String? = nil, from directory: String, rules: RuleRegistry) throws -> Configuration {
        try ConfigurationLoader(registry: rules).resolve(named: named, from: directory)
    }
}

extension LintReport {
    /// The report in `format`, as `aasalint lint --format` writes it; CI formats name files
    /// relative to the repository that holds the working directory.
    public func rendered(as format: ReportFormat) -> String {
        format.reporter(sourceRoot: .repository(containing: FileManager.default.currentDirectoryPath)).render(self)
    }
}

extension Location {
    /// Where in the JSON document the finding is, as an RFC 6901 pointer (`/applinks/details/0`);
    /// nil for findings placed by text span.
    public var jsonPointer: String? { pointer?.description }
}

extension AASAMatcher {
    /// The matcher of an AASA file's `contents`, compiled as the system reads it; `path` names
    /// the file in messages. Throws `UsageError` when the file is not JSON or not an object.
    public init(contents: [UInt8], path: String = "apple-app-site-association") throws(UsageError) {
        self = try AASAFileInput.matcher(of: FileReader.file(path: path, kind: .aasa, .bytes(contents)))
    }

    /// What the system decides for `url` and the app `appID` (`TEAMID.bundle.id`), as
    /// `aasalint match` does. Throws `UsageError` when `url` is not an https URL with a host.
    public func decide(_ url: String, appID: String) throws(UsageError) -> Decision {
        decide(try Self.linkURL(url), appID: appID)
    }

    /// The decision for every app the file lists, in the order first listed.
    public func decisions(for url: String) throws(UsageError) -> [Decision] {
        decisions(for: try Self.linkURL(url))
    }

    private static func linkURL(_ text: String) throws(UsageError) -> LinkURL {
        do throws(LinkURLError) {
            return try LinkURL(text)
        } catch {
            throw UsageError(error.description)
        }
    }
}

extension Decision {
    /// The component (`/applinks/details/0/components/2`) or legacy path that decided; nil
    /// when none matched.
    public var componentPointer: String? { decidingComponent?.pointer.description }
}
