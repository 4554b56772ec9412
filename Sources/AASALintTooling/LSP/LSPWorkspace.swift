import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A document the editor has open: its text is what the server lints, not the file on disk.
struct OpenDocument {
    let uri: String
    /// The file the URI names; nil for a URI that is not a `file:` URI (an unsaved buffer).
    let path: String?
    let version: Int
    let bytes: [UInt8]

    var isConfiguration: Bool { path.map { PathNames.lastComponent(of: $0) == ConfigurationLoader.fileName } ?? false }
}

/// The configuration for the files of one folder, found as `aasalint lint` finds it, and what
/// is wrong with it. A broken configuration still yields a plan (the defaults), so that the
/// other files keep their diagnostics while the configuration is being edited.
struct LSPConfiguration {
    let plan: RulePlan
    /// What keeps the configuration from being used, at its place in the file.
    let errors: [ConfigurationError]
    /// The configuration's lines, for the positions of its errors.
    let lines: LineTable
}

/// The open documents, the configurations that apply to them, and the lint of one document.
struct LSPWorkspace {
    private let rules: [any Rule.Type]
    private let baseRegistry: RuleRegistry
    private let defaultPlan: RulePlan
    private let helpURLs: [String: String]
    /// Where to look for a configuration for a file outside any folder that has one.
    var rootPath: String?
    private(set) var documents: [String: OpenDocument] = [:]
    /// By the configuration's path; "" for files that no configuration applies to.
    private var configurations: [String: LSPConfiguration] = [:]
    /// By URI, the findings of the version of each document linted last.
    private var lastFindings: [String: (version: Int, findings: Findings)] = [:]
    /// By the folder of each file linted since the configurations were last forgotten: the
    /// configuration found for it and its version then, to notice a change no client reports.
    private var configurationsOnDisk: [String: ConfigurationOnDisk] = [:]

    /// The configuration that applies to a folder, and which version of that file it is.
    private struct ConfigurationOnDisk: Equatable {
        let path: String?
        let version: FileVersion?

        init(path: String?) {
            self.path = path
            version = path.flatMap(FileVersion.init(path:))
        }
    }

    /// The findings of one version of a document, and what code actions need to show them.
    struct Findings {
        let path: String
        let kind: FileKind
        let plan: RulePlan
        let lines: LineTable
        let diagnostics: [Diagnostic]
        let converter: LSPDiagnostics
        /// Where the analysis stopped short, for the client's log rather than a diagnostic.
        let analysisLimitNotice: String?
    }

    init(rules: [any Rule.Type]) throws {
        self.rules = rules
        baseRegistry = try RuleRegistry(rules)
        defaultPlan = try RulePlan(registry: baseRegistry, configuration: Configuration())
        helpURLs = Dictionary(uniqueKeysWithValues: baseRegistry.rules.map { ($0.description.id, $0.description.helpURL) })
    }

    mutating func open(_ document: OpenDocument) {
        documents[document.uri] = document
        if document.isConfiguration { forgetConfigurations() }
    }

    mutating func close(_ uri: String) {
        lastFindings[uri] = nil
        if documents.removeValue(forKey: uri)?.isConfiguration == true { forgetConfigurations() }
    }

    /// After a configuration changed, on disk or in the editor, every file is linted with it anew.
    mutating func forgetConfigurations() {
        configurations = [:]
        lastFindings = [:]
        configurationsOnDisk = [:]
    }

    /// Whether a configuration that applied to a file linted since the configurations were last
    /// forgotten has changed on disk since, or another one now applies (one was made or removed).
    func configurationChangedOnDisk() -> Bool {
        configurationsOnDisk.contains { folder, seen in ConfigurationOnDisk(path: configurationPath(forFolder: folder)) != seen }
    }

    /// The diagnostics of an open document: its findings, or for `.aasalint.yml` its mistakes.
    mutating func diagnostics(of document: OpenDocument) -> [JSONWriter.Value] {
        guard let path = document.path else { return [] }
        if document.isConfiguration {
            let configuration = configuration(at: path)
            return configuration.errors.map { LSPDiagnostics.configurationDiagnostic($0, lines: configuration.lines) }
        }
        guard let findings = findings(of: document) else { return [] }
        return findings.diagnostics.map(findings.converter.diagnostic)
    }

    /// What the linter finds in an open document, as it reads now; nil for a file of no kind
    /// aasalint lints. Code actions ask for the findings of the text the editor last published.
    mutating func findings(of document: OpenDocument) -> Findings? {
        if let known = lastFindings[document.uri], known.version == document.version { return known.findings }
        guard let path = document.path, !document.isConfiguration else { return nil }
        let plan = configuration(forFileAt: path).plan
        guard let kind = kind(ofFileAt: path, configuration: plan.configuration) else { return nil }
        let report = Self.lint(path: path, kind: kind, bytes: document.bytes, plan: plan)
        let findings = Findings(path: path, kind: kind, plan: plan, lines: LineTable(document.bytes),
                                diagnostics: report.diagnostics.filter { $0.location.file == path },
                                converter: LSPDiagnostics(sources: report.sources, helpURLs: helpURLs),
                                analysisLimitNotice: report.analysisLimitNotice)
        lastFindings[document.uri] = (document.version, findings)
        return findings
    }

    /// The document with every safe fix made, in rounds and proven as `lint --fix` makes them;
    /// nil when there is nothing to fix.
    mutating func fixingAll(_ document: OpenDocument) -> [UInt8]? {
        guard let findings = findings(of: document), findings.diagnostics.contains(where: { $0.fix?.isSafe == true && $0.fix?.isApplicable == true })
        else { return nil }
        let (path, kind, plan) = (findings.path, findings.kind, findings.plan)
        let outcome = FixSession(plan: plan).rounds { fixed in
            let bytes = fixed.first { $0.path == path }?.bytes ?? document.bytes
            let report = Self.lint(path: path, kind: kind, bytes: bytes, plan: plan)
            return (report.diagnostics.filter { $0.location.file == path }, [DiscoveredFile(path: path, kind: kind)])
        } read: { $0 == path ? document.bytes : nil }
        return outcome.files.first { $0.path == path }?.fixed
    }

    private static func lint(path: String, kind: FileKind, bytes: [UInt8], plan: RulePlan) -> LintReport {
        LintSession(plan: plan).run(paths: [], extraFiles: [LintFile(path: path, kind: kind, bytes: bytes)]).report
    }

    /// The file of an open AASA document as the linter reads it, and the host its example URLs use.
    mutating func aasaFile(of document: OpenDocument) -> (file: LintFile, host: String)? {
        guard let path = document.path else { return nil }
        let configuration = configuration(forFileAt: path).plan.configuration
        guard kind(ofFileAt: path, configuration: configuration) == .aasa else { return nil }
        let domain = configuration.domains.first { Self.samePath(configuration.displayPath(ofConfiguredPath: $0.aasaPath.value), path) }
        return (LintFile(path: path, kind: .aasa, bytes: document.bytes), domain?.host.value ?? "example.com")
    }

    /// What the linter would find in a folder by name, or what the configuration's `files:` says.
    private func kind(ofFileAt path: String, configuration: Configuration) -> FileKind? {
        if let kind = FileDiscovery.kind(ofDiscoveredFileAt: path) { return kind }
        return configuration.files.first { Self.samePath(configuration.displayPath(ofConfiguredPath: $0.path.value), path) }?.kind
    }

    private static func samePath(_ shown: String, _ path: String) -> Bool {
        PathNames.absolute(shown) == path
    }

    private mutating func configuration(forFileAt path: String) -> LSPConfiguration {
        let folder = PathNames.folder(of: path)
        let found = configurationPath(forFolder: folder)
        // The version first seen is the one the cached configuration was read from.
        if configurationsOnDisk[folder] == nil { configurationsOnDisk[folder] = ConfigurationOnDisk(path: found) }
        guard let found else { return LSPConfiguration(plan: defaultPlan, errors: [], lines: LineTable([])) }
        return configuration(at: found)
    }

    /// The configuration `lint` would use for the files of `folder`, else the workspace root's.
    private func configurationPath(forFolder folder: String) -> String? {
        ConfigurationLoader.discover(from: folder) ?? rootPath.flatMap(ConfigurationLoader.discover(from:))
    }

    private mutating func configuration(at path: String) -> LSPConfiguration {
        if let known = configurations[path] { return known }
        let loaded = load(configurationAt: path)
        configurations[path] = loaded
        return loaded
    }

    /// The configuration as the editor shows it when it is open, else as it is on disk.
    private func load(configurationAt path: String) -> LSPConfiguration {
        let document = SourceDocument(path: path, lines: LineTable([]), root: nil)
        func failed(_ message: String, lines: LineTable = LineTable([])) -> LSPConfiguration {
            LSPConfiguration(plan: defaultPlan, errors: [ConfigurationError(at: document.fileLocation, message)], lines: lines)
        }
        let configuration: Configuration
        do throws(ConfigurationLoadFailure) {
            configuration = try ConfigurationLoader(registry: baseRegistry)
                .load(path: path, found: true, unsavedText: documents.values.first { $0.path == path }?.bytes)
        } catch {
            switch error {
            case .unusable(let reason, _): return failed(reason)
            case .unreadable: return failed("cannot read the configuration file")
            case .invalid(let errors, let lines): return LSPConfiguration(plan: defaultPlan, errors: errors.errors, lines: lines)
            }
        }
        let lines = configuration.document?.lines ?? LineTable([])
        do {
            // A plugin is a program the configuration chooses; an editor opening a cloned repository must
            // not start it, so the options give no plugin launcher.
            let plan = try RulePlan(registry: try RuleRegistry(rules, customRules: configuration.customRules), configuration: configuration,
                                    options: RunOptions())
            return LSPConfiguration(plan: plan, errors: [], lines: lines)
        } catch {
            return failed("\(error)", lines: lines)
        }
    }
}
