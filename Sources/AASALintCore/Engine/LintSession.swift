/// One `aasalint lint`: discover the files, read and parse each once, run the planned rules,
/// and hold back what `ignore:` entries and a baseline accept.
public struct LintSession: Sendable {
    public let plan: RulePlan
    public let reader: FileReader
    /// The accepted findings and the folder their paths are relative to.
    public let baseline: (baseline: Baseline, directory: String)?

    public init(plan: RulePlan, baseline: (Baseline, String)? = nil, reader: FileReader = FileReader()) {
        self.plan = plan
        self.baseline = baseline
        self.reader = reader
    }

    public struct Outcome: Sendable {
        public let report: LintReport
        /// Inputs that could not be linted: exit status 2.
        public let problems: [UsageError]
        /// Every finding before the baseline was applied, for `--write-baseline`.
        public let allDiagnostics: [Diagnostic]
        /// What the run linted, for writing the baseline of only those files.
        public let scope: LintScope
        /// Which entitlements files ship, and why, for `--explain-release`.
        public let releaseExplanation: [String]
    }

    public func run(paths: [String], extraFiles: [LintFile] = []) -> Outcome {
        let configuration = plan.configuration
        let (discovered, discoveryProblems) = FileDiscovery().discover(paths)
        var problems = discoveryProblems
        let explicitPaths = Set(paths.map(FileDiscovery.displayPath))
        var selected = discovered.filter { isSelected($0.path, explicitlyNamed: explicitPaths.contains($0.path)) }
        for file in configuration.files {
            let path = configuration.displayPath(ofConfiguredPath: file.path.value)
            selected.removeAll { $0.path == path }
            selected.append(DiscoveredFile(path: path, kind: file.kind))
        }
        let reader = self.reader
        let outcomes = selected.sorted(by: { $0.path < $1.path }).parallelMap { file in
            Result { () throws(UsageError) in try reader.read(file) }
        }
        var files = extraFiles
        for outcome in outcomes {
            switch outcome {
            case .success(let file): files.append(file)
            case .failure(let error): problems.append(error)
            }
        }
        let referenced = referencedFiles(excluding: Set(files.map(\.path)), problems: &problems)
        let (xcodeProjects, projectProblems) = XcodeProjectDiscovery().projects(under: paths)
        problems += projectProblems
        var diagnostics: [Diagnostic] = []
        do throws(UsageError) {
            diagnostics = try Linter(plan: plan).lint(files, referencedFiles: referenced, xcodeProjects: xcodeProjects)
        } catch {
            problems.append(error)
        }
        let plugins = PluginRunner(configuration: configuration).run(on: files)
        problems += plugins.problems
        let ignoring = IgnoreFilter(configuration: configuration).apply(diagnostics + plugins.diagnostics.compactMap(plan.adjusted))
        let scope = LintScope(linted: files.map(\.path), named: paths)
        let documents = files.map(\.document) + [configuration.document].compactMap { $0 } + configuration.expectations.map(\.document)
        let unusedIgnores = IgnoreAudit(plan: plan, scope: scope, documents: documents).diagnostics(used: ignoring.usedEntries)
        diagnostics = (ignoring.kept + unusedIgnores).sorted(by: Diagnostic.reportOrder)
        var reported = diagnostics
        var stale: [Baseline.Entry] = []
        if let baseline {
            (reported, stale) = baseline.baseline.filter(diagnostics, relativeTo: baseline.directory, scope: scope)
        }
        let sources = Dictionary((documents + referenced.map(\.document)).map { ($0.path, $0.lines) }) { first, _ in first }
        let pluginRules = Dictionary(plugins.diagnostics.map { ($0.ruleID, $0.severity) }) { first, _ in first }
            .sorted { $0.key < $1.key }
            .map { PluginRunner.description(ofPluginRule: $0.key, severity: $0.value) }
        let report = LintReport(diagnostics: reported, fileCount: files.count, rules: plan.base.descriptions + pluginRules, sources: sources,
                                baselinedCount: diagnostics.count - reported.count, ignoredCount: ignoring.ignoredCount,
                                staleBaselineEntries: stale, problems: problems.map(\.message))
        let release = ReleaseFiles(configuration: configuration, xcodeProjects: xcodeProjects).explanation(for: files + referenced)
        return Outcome(report: report, problems: problems, allDiagnostics: diagnostics, scope: scope, releaseExplanation: release)
    }

    /// Include and exclude globs decide for discovered files; a file named on the command line
    /// is linted unless excluded, so that pre-commit (which names files) honours `exclude`.
    private func isSelected(_ path: String, explicitlyNamed: Bool) -> Bool {
        let configuration = plan.configuration
        guard let relative = configuration.relativePath(ofDisplayPath: path) else { return true }
        if configuration.exclude.contains(where: { $0.matches(relative) }) { return false }
        if explicitlyNamed || configuration.include.isEmpty { return true }
        return configuration.include.contains { $0.matches(relative) }
    }

    /// Files the configuration names for cross-checks (a domain's AASA, an app's entitlements)
    /// that are not among the linted files.
    private func referencedFiles(excluding linted: Set<String>, problems: inout [UsageError]) -> [LintFile] {
        let configuration = plan.configuration
        let named = configuration.domains.map { ($0.aasaPath.value, FileKind.aasa) }
            + configuration.apps.compactMap { app in app.entitlements.map { ($0.value, FileKind.entitlements) } }
        var seen = linted
        var files: [LintFile] = []
        for (path, kind) in named {
            let shown = configuration.displayPath(ofConfiguredPath: path)
            guard seen.insert(shown).inserted else { continue }
            do throws(UsageError) {
                files.append(try reader.read(DiscoveredFile(path: shown, kind: kind)))
            } catch {
                problems.append(error)
            }
        }
        return files
    }
}
