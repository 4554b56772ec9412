/// Runs the planned rules over parsed files and returns the findings in report order.
struct Linter: Sendable {
    let plan: RulePlan
    /// Where the compiled matcher and pattern catalog of a run's only file go once its rules have
    /// run, rather than being freed; nil frees them then. Files of a run of several are freed as
    /// they are done, so that the next ones reuse the memory and a run holds the compiled forms of
    /// only the files in progress.
    let retention: Retention?

    init(plan: RulePlan, retention: Retention? = nil) {
        self.plan = plan
        self.retention = retention
    }

    init(selection: RuleSelection, configuration: Configuration = Configuration(), options: RunOptions = RunOptions()) {
        self.init(plan: RulePlan(fixed: selection, configuration: configuration, options: options))
    }

    /// Findings for `files`; `referencedFiles` are visible to project rules but not linted
    /// themselves (a domain's AASA outside the linted paths); Xcode projects tell which
    /// entitlements files ship and which apps they sign. `servedFiles` and `servedAssetLinks` are
    /// the downloads of `lint --remote` by host, and `runs` picks the rules that run (all by default). The sources
    /// of apps that rules read go to `appCode`, where reports find their lines.
    func lint(_ files: [LintFile], referencedFiles: [LintFile] = [], xcodeProjects: [XcodeProject] = [],
              servedFiles: [String: LintFile] = [:], servedAssetLinks: [String: LintFile] = [:], appCode: AppCodeCache = AppCodeCache(),
              runs: @Sendable (any RuleCheck) -> Bool = { _ in true }) throws(UsageError) -> [Diagnostic] {
        let context = LintContext(files: files + referencedFiles, configuration: plan.configuration, options: plan.options, xcodeProjects: xcodeProjects,
                                  servedFiles: servedFiles, servedAssetLinks: servedAssetLinks, appCodeCache: appCode)
        // A run meets few sets of overrides, so they are searched in a list, not keyed by [Int]
        // (start-up: scripts/check-startup-budget.sh).
        var selections: [(overrides: [Int], selection: RuleSelection)] = []
        var work: [(file: LintFile, selection: RuleSelection)] = []
        for file in files {
            let overrides = plan.fileOverrides(for: file)
            if let known = selections.first(where: { $0.overrides == overrides }) {
                work.append((file, known.selection))
            } else {
                let selection = try plan.selection(applying: overrides)
                selections.append((overrides, selection))
                work.append((file, selection))
            }
        }
        let plan = self.plan
        let retention = work.count == 1 ? self.retention : nil
        let diagnostics = work.parallelMap { file, selection in
            let kinds = file.kinds
            var findings = selection.entries.filter { $0.description.fileKinds.contains(where: kinds.contains) && runs($0.check) }.flatMap { entry in
                entry.fileCheck?.check(file, in: context).compactMap { plan.adjusted(entry.configured($0)) } ?? []
            }
            if !file.isFixable {
                for index in findings.indices { findings[index].fix = findings[index].fix?.withoutEdits }
            }
            if let retention {
                retention(file)
            } else {
                file.releaseDerivedWork()
            }
            return findings
        }.flatMap { $0 }
        return diagnostics.sorted(by: Diagnostic.reportOrder)
    }
}
