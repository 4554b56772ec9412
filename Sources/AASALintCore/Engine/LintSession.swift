/// What a run hands the values it is done with, instead of freeing them: a short-lived process
/// can leave them to its exit, which frees them at once (the command line's `KeptUntilExit`);
/// freeing a large file's tree, model and matcher object by object costs millions of instructions.
package typealias Retention = @Sendable (any Sendable) -> Void

/// One `aasalint lint`: discover the files, read and parse each once, run the planned rules,
/// and hold back what `ignore:` entries and a baseline accept.
package struct LintSession: Sendable {
    package let plan: RulePlan
    package let reader: FileReader
    /// The accepted findings and the folder their paths are relative to.
    package let baseline: (baseline: Baseline, directory: String)?
    /// Takes the files read, with their trees, models and compiled forms, once the run is done
    /// with them; nil frees them as the run goes.
    package let retention: Retention?

    package init(plan: RulePlan, baseline: (Baseline, String)? = nil, reader: FileReader = FileReader(), retention: Retention? = nil) {
        self.plan = plan
        self.baseline = baseline
        self.reader = reader
        self.retention = retention
    }

    package struct Outcome: Sendable {
        package let report: LintReport
        /// Inputs that could not be linted: exit status 2.
        package let problems: [UsageError]
        /// Files named on the command line that the configuration excludes, and why: warnings,
        /// not failures, since pre-commit names every changed file.
        package let warnings: [String]
        /// Every finding before the baseline was applied, for `--write-baseline`.
        package let allDiagnostics: [Diagnostic]
        /// What the run linted, for writing the baseline of only those files.
        package let scope: LintScope
        /// Which entitlements files ship, and why, for `--explain-release`.
        package let releaseExplanation: [String]
        /// The files linted that fixes may rewrite, for `--fix`, which lints them again as it fixes them.
        package let lintedFiles: [DiscoveredFile]
    }

    package func run(paths: [String], extraFiles: [LintFile] = []) -> Outcome {
        lint(read(paths: paths, extraFiles: extraFiles))
    }

    /// Discovers and reads what a run lints: the selected files (`extraFiles`, standard input,
    /// in place of any of the same path), the files the configuration names for cross-checks
    /// and the projects (Xcode, XcodeGen, Expo, MAUI) under `paths`, with the entitlements they hold.
    package func read(paths: [String], extraFiles: [LintFile] = []) -> LintWorkspace {
        let selection = select(paths: paths, extraFiles: extraFiles)
        var problems = selection.discovery.problems
        let found = ProjectDiscovery().projects(from: selection.discovery.projectSources, named: paths)
        let explicitPaths = Set(paths.map(DisplayPath.of))
        let embedded = found.entitlements.filter { deselection(of: $0.path, explicitlyNamed: explicitPaths.contains($0.path)) == nil }
        var (files, artifactWarnings) = read(selection, embedded: embedded, problems: &problems)
        files += embedded
        let referenced = referencedFiles(excluding: Set(files.map(\.path)), problems: &problems)
        problems += found.problems
        return LintWorkspace(files: files, referenced: referenced, xcodeProjects: found.projects, problems: problems,
                             warnings: selection.discovery.notes + found.notes + warnings(for: selection) + artifactWarnings,
                             scope: LintScope(linted: files.map(\.path), named: paths))
    }

    /// Runs the rules, and the plugins unless `runsPlugins` is false, on what `read` read.
    package func lint(_ workspace: LintWorkspace, runsPlugins: Bool = true) -> Outcome {
        let (files, referenced, scope) = (workspace.files, workspace.referenced, workspace.scope)
        var problems = workspace.problems
        let findings = findings(in: files, referenced: referenced, xcodeProjects: workspace.xcodeProjects, scope: scope,
                                runsPlugins: runsPlugins, problems: &problems)
        let report = report(of: findings, files: files, referenced: referenced, scope: scope, problems: problems)
        let release = ReleaseFiles(configuration: plan.configuration, options: plan.options, xcodeProjects: workspace.xcodeProjects, files: files)
            .explanation(for: files + referenced)
        retention?(files + referenced)
        return Outcome(report: report, problems: problems, warnings: workspace.warnings,
                       allDiagnostics: findings.diagnostics, scope: scope, releaseExplanation: release,
                       lintedFiles: files.filter(\.isFixable).map { DiscoveredFile(path: $0.path, kind: $0.kind) })
    }

    /// The files a run lints, and those the configuration leaves out.
    private struct Selection {
        let discovery: FileDiscovery.Discovery
        /// Discovered or configured files to read, in path order.
        let selected: [DiscoveredFile]
        let standardInput: [LintFile]
        let deselected: [String: Deselection]
        /// The paths the command line names, standard input's name included.
        let namedPaths: Set<String>
    }

    private func select(paths: [String], extraFiles: [LintFile]) -> Selection {
        let configuration = plan.configuration
        let discovery = FileDiscovery().discover(paths)
        let explicitPaths = Set(paths.map(DisplayPath.of))
        var selected: [DiscoveredFile] = []
        var deselected: [String: Deselection] = [:]
        for file in discovery.files {
            if let reason = deselection(of: file.path, explicitlyNamed: explicitPaths.contains(file.path), isArtifact: file.kind == .artifact) {
                deselected[file.path] = reason
            } else {
                selected.append(file)
            }
        }
        // Standard input named by --stdin-filename counts as that file, named on the command line.
        let standardInput = extraFiles.filter { file in
            guard let reason = deselection(of: file.path, explicitlyNamed: true) else { return true }
            deselected[file.path] = reason
            return false
        }
        for file in configuration.files {
            let path = configuration.displayPath(ofConfiguredPath: file.path.value)
            selected.removeAll { $0.path == path }
            selected.append(DiscoveredFile(path: path, kind: file.kind))
        }
        selected.removeAll { file in standardInput.contains { $0.path == file.path } }
        return Selection(discovery: discovery, selected: selected.sorted { $0.path < $1.path }, standardInput: standardInput,
                         deselected: deselected, namedPaths: explicitPaths.union(extraFiles.map(\.path)))
    }

    /// Standard input and the selected files, read in parallel, each artifact as the files inside
    /// it that are linted; folders that yield no file (nor `embedded` entitlements, inside project
    /// files) are problems. Also the artifacts' warnings.
    private func read(_ selection: Selection, embedded: [LintFile], problems: inout [UsageError]) -> (files: [LintFile], warnings: [String]) {
        let reader = self.reader
        let outcomes = selection.selected.filter { $0.kind != .artifact }.parallelMap { file -> ReadOutcome in
            do throws(UsageError) {
                return .read(try reader.read(file))
            } catch {
                return .failed(error)
            }
        }
        let artifacts = selection.selected.filter { $0.kind == .artifact }.parallelMap { (path: $0.path, outcome: ArtifactReader.read($0.path)) }
        let folders = selection.discovery.folders
        problems += folders.compactMap { folder in
            let yields = !folder.files.isEmpty || selection.selected.contains { FileDiscovery.path($0.path, isInside: folder.path) }
                || embedded.contains { FileDiscovery.path($0.path, isInside: folder.path) }
            return yields ? nil : UsageError(Self.noFileMessage(forFolder: folder.path))
        }
        if selection.selected.isEmpty && selection.standardInput.isEmpty && embedded.isEmpty {
            problems += folders.filter { !$0.files.isEmpty }.map { folder in
                UsageError(deselectionMessage(forFolder: folder.path, reasons: folder.files.compactMap { selection.deselected[$0.path] }))
            }
        }
        var files = selection.standardInput
        for outcome in outcomes {
            switch outcome {
            case .read(let file): files.append(file)
            case .failed(let error): problems.append(error)
            }
        }
        for (path, artifact) in artifacts {
            let isNamed = selection.namedPaths.contains(path)
            files += artifact.files.filter { deselection(of: $0.path, explicitlyNamed: isNamed) == nil }
            problems += artifact.problems
        }
        return (files, artifacts.flatMap(\.outcome.warnings))
    }

    /// What reading one file gave. Not a Result: start-up (see ParseOutcome).
    private enum ReadOutcome: Sendable {
        case read(LintFile)
        case failed(UsageError)
    }

    /// The findings of the rules and plugins, after `ignore:` entries, with the unused entries.
    private struct Findings {
        let diagnostics: [Diagnostic]
        let ignoredCount: Int
        let pluginDiagnostics: [Diagnostic]
        /// The linted files, the configuration and its expectations files.
        let documents: [SourceDocument]
        /// Where the analysis stopped short: reported once for the run, never ignored or baselined.
        let analysisLimits: [Diagnostic]
    }

    private func findings(in files: [LintFile], referenced: [LintFile], xcodeProjects: [XcodeProject], scope: LintScope,
                          runsPlugins: Bool, problems: inout [UsageError]) -> Findings {
        let configuration = plan.configuration
        var diagnostics: [Diagnostic] = []
        let appCode = AppCodeCache()
        do throws(UsageError) {
            diagnostics = try Linter(plan: plan, retention: retention).lint(files, referencedFiles: referenced, xcodeProjects: xcodeProjects,
                                                                                    appCode: appCode)
        } catch {
            problems.append(error)
        }
        let launcher = runsPlugins ? plan.options.pluginLauncher : nil
        let plugins = launcher.map { PluginRunner(configuration: configuration, launcher: $0).run(on: files) } ?? (diagnostics: [], problems: [])
        problems += plugins.problems
        let analysisLimits = diagnostics.filter(\.isAnalysisLimit)
        diagnostics.removeAll { $0.isAnalysisLimit }
        let ignoring = IgnoreFilter(configuration: configuration).apply(diagnostics + plugins.diagnostics.compactMap(plan.adjusted))
        let documents = files.map(\.document) + [configuration.document].compactMap { $0 } + configuration.expectations.map(\.document)
            + appCode.documents
        let unusedIgnores = IgnoreAudit(plan: plan, scope: scope, documents: documents).diagnostics(used: ignoring.usedEntries)
        return Findings(diagnostics: (ignoring.kept + unusedIgnores).sorted(by: Diagnostic.reportOrder), ignoredCount: ignoring.ignoredCount,
                        pluginDiagnostics: plugins.diagnostics, documents: documents, analysisLimits: analysisLimits)
    }

    /// The findings the baseline does not accept, with the sources and rules that reporters show.
    private func report(of findings: Findings, files: [LintFile], referenced: [LintFile], scope: LintScope,
                        problems: [UsageError]) -> LintReport {
        let diagnostics = findings.diagnostics
        var reported = diagnostics
        var stale: [Baseline.Entry] = []
        if let baseline {
            (reported, stale) = baseline.baseline.filter(diagnostics, relativeTo: baseline.directory, scope: scope)
        }
        let sources = Dictionary((findings.documents + referenced.map(\.document)).map { ($0.path, $0.lines) }) { first, _ in first }
        let pluginRules = Dictionary(findings.pluginDiagnostics.map { ($0.ruleID, $0.severity) }) { first, _ in first }
            .sorted { $0.key < $1.key }
            .map { PluginRunner.description(ofPluginRule: $0.key, severity: $0.value) }
        return LintReport(diagnostics: reported, fileCount: files.count, rules: plan.base.descriptions + pluginRules, sources: sources,
                          baselinedCount: diagnostics.count - reported.count, ignoredCount: findings.ignoredCount,
                          staleBaselineEntries: stale, problems: problems.map(\.message), analysisLimits: findings.analysisLimits)
    }

    /// Files named on the command line that the configuration excludes.
    private func warnings(for selection: Selection) -> [String] {
        selection.deselected.filter { selection.namedPaths.contains($0.key) }.sorted { $0.key < $1.key }.compactMap { path, reason -> String? in
            guard case .excluded(let glob) = reason else { return nil }
            return "\(path): not linted: \(configurationName) excludes it (exclude: \"\(glob.pattern)\")"
        }
    }

    /// Why the configuration leaves a file out.
    private enum Deselection {
        case excluded(by: Glob)
        case notIncluded
    }

    /// Include and exclude globs decide for discovered files; a file named on the command line
    /// is linted unless excluded, so that pre-commit (which names files) honours `exclude`.
    /// They decide for the files inside an artifact too: an include glob that reaches inside
    /// an artifact (`build/*.ipa!Payload/Shop.app/Shop`) selects it for reading.
    private func deselection(of path: String, explicitlyNamed: Bool, isArtifact: Bool = false) -> Deselection? {
        let configuration = plan.configuration
        // Without globs every file is selected; making the path relative resolves it on disk.
        guard !configuration.exclude.isEmpty || !configuration.include.isEmpty,
              let relative = configuration.relativePath(ofDisplayPath: path)
        else { return nil }
        if let glob = configuration.exclude.first(where: { $0.matches(relative) }) { return .excluded(by: glob) }
        if explicitlyNamed || configuration.include.isEmpty
            || configuration.include.contains(where: { $0.matches(relative) || (isArtifact && $0.reachesInside(artifact: relative)) }) {
            return nil
        }
        return .notIncluded
    }

    private var configurationName: String { plan.configuration.document?.path ?? "the configuration" }

    private static func noFileMessage(forFolder folder: String) -> String {
        "\(folder): no file to lint in this folder: aasalint looks for files named apple-app-site-association "
            + "(also with .json), *.entitlements and signed apps (*.app, *.ipa, *.xcarchive), Android apps (*.apk, *.aab), assetlinks.json, AndroidManifest.xml, outside folders named \(FileDiscovery.skippedFolders.sorted().joined(separator: ", ")); "
            + "name a file on the command line to lint it whatever its name"
    }

    /// For a folder whose files the configuration all leaves out, in a run that lints nothing.
    private func deselectionMessage(forFolder folder: String, reasons: [Deselection]) -> String {
        let configuration = plan.configuration
        let source = configurationName
        let excluded = reasons.compactMap { reason -> Glob? in
            if case .excluded(let glob) = reason { return glob }
            return nil
        }
        let found = reasons.count == 1 ? "the file found here" : "all \(reasons.count) files found here"
        let includeGlobs = configuration.include.map { "\"\($0.pattern)\"" }.joined(separator: ", ")
        let exclusion = "\(source) excludes "
            + (excluded.count == reasons.count ? found : "\(excluded.count) of the \(reasons.count) files found here")
            + " (exclude: " + Set(excluded.map(\.pattern)).sorted().map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        let reason = switch excluded.count {
        case reasons.count: exclusion
        case 0: "\(source)'s include globs (\(includeGlobs)) " + (reasons.count == 1 ? "do not match the file" : "match none of the \(reasons.count) files") + " found here"
        default: exclusion + " and its include globs (\(includeGlobs)) match none of the others"
        }
        return "\(folder): no file to lint: \(reason)"
    }

    /// Files the configuration names for cross-checks (a domain's AASA, an app's entitlements)
    /// that are not among the linted files.
    private func referencedFiles(excluding linted: Set<String>, problems: inout [UsageError]) -> [LintFile] {
        let configuration = plan.configuration
        let named = configuration.domains.map { ($0.aasaPath.value, FileKind.aasa) }
            + configuration.apps.compactMap { app in app.entitlements.map { ($0.value, FileKind.entitlements) } }
            + configuration.androidReferencedFiles
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

/// What one run read, before any rule ran: read once, linted as often as `--fix` needs, with
/// the files its rounds changed in place of what was read.
package struct LintWorkspace: Sendable {
    /// The selected files, in path order after standard input.
    package let files: [LintFile]
    /// Files the configuration names for cross-checks that are not among `files`.
    let referenced: [LintFile]
    let xcodeProjects: [XcodeProject]
    /// Inputs that could not be read.
    let problems: [UsageError]
    /// Files named on the command line that the configuration excludes, and the artifacts' warnings.
    let warnings: [String]
    let scope: LintScope

    /// The workspace with the fixable files of these paths holding these bytes instead.
    package func replacingContents(_ contents: [String: [UInt8]]) -> LintWorkspace {
        replacingFixableFiles { file in contents[file.path].map { LintFile(path: file.path, kind: file.kind, bytes: $0) } }
    }

    /// The workspace with these files instead of the fixable files of their paths.
    package func replacingFiles(_ replacements: [String: LintFile]) -> LintWorkspace {
        replacingFixableFiles { replacements[$0.path] }
    }

    private func replacingFixableFiles(_ replacement: (LintFile) -> LintFile?) -> LintWorkspace {
        // Only a file of its own is fixed: not the entitlements a project file holds, at the same path.
        let files = files.map { file in
            guard file.isFixable, let replaced = replacement(file) else { return file }
            return replaced
        }
        return LintWorkspace(files: files, referenced: referenced, xcodeProjects: xcodeProjects, problems: problems,
                             warnings: warnings, scope: scope)
    }
}
