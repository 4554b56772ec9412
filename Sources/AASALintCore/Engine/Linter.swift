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
        let isAlone = work.count == 1
        let diagnostics = work.parallelMap { file, selection in
            let kinds = file.kinds
            // Two arrays rather than one of pairs: a tuple's type is made at run time (start-up).
            var entries: [RuleSelection.Entry] = []
            var checks: [any FileCheck] = []
            for entry in selection.entries where entry.description.fileKinds.contains(where: kinds.contains) && runs(entry.check) {
                guard let check = entry.fileCheck else { continue }
                entries.append(entry)
                checks.append(check)
            }
            let found = isAlone && file.byteCount >= Self.smallestFileCheckedOnEveryCore
                ? FileChecks(checks).findingsOnEveryCore(file, in: context)
                : checks.map { $0.check(file, in: context) }
            var findings: [Diagnostic] = []
            for index in entries.indices { findings += found[index].compactMap { plan.adjusted(entries[index].configured($0)) } }
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

    /// Below this size a file's checks run one after another: handing them to another core costs
    /// more than it saves on a small file (scripts/check-startup-budget.sh), and a large file's
    /// checks are mostly the rule-order analysis and what it reads.
    private static let smallestFileCheckedOnEveryCore = 32 * 1024
}

/// The checks of one file, run across the machine's cores when the file is linted alone
/// (`SharedWork`): the costly checks (`FileCheck.isCostly`, the rule-order analysis) one after
/// another as one item, which the calling thread takes first, so that those sharing work find it
/// done, and each other check an item of its own, which helpers take in order and the calling
/// thread, once its first is done, from the back. That thread builds the compiled matcher first,
/// so the checks that read it (`FileCheck.readsMatcher`) come last, where it finds them: one taken
/// earlier by a helper would wait for the matcher while other checks were left to do. Findings are
/// kept per check, in the checks' order, so the report does not depend on scheduling; the file's
/// views are each built once, by the first check that asks.
private final class FileChecks: @unchecked Sendable {
    private let checks: [any FileCheck]
    private let lock = Lock()
    private var found: [[Diagnostic]]

    init(_ checks: [any FileCheck]) {
        self.checks = checks
        found = Array(repeating: [], count: checks.count)
    }

    func findingsOnEveryCore(_ file: LintFile, in context: LintContext) -> [[Diagnostic]] {
        let costly = checks.indices.filter { checks[$0].isCostly }
        let others = checks.indices.filter { !checks[$0].isCostly && !checks[$0].readsMatcher }
            + checks.indices.filter { !checks[$0].isCostly && checks[$0].readsMatcher }
        guard !costly.isEmpty, !others.isEmpty else { return checks.map { $0.check(file, in: context) } }
        // The helper starts while this thread parses the file, which its checks wait for: it first
        // makes present the heap that the tree, the model and the matcher will take, then some of
        // its own. They took 23 to 56 bytes of fresh heap per byte of file (perf record -e
        // page-faults: 1.2 MB for 47 KB, 3.6 MB for the 128 KB catalog, 7.5 MB for the dense
        // file), the helper's checks 6 (760 KB for the catalog); more would keep the helper from
        // its checks on a smaller file, whose parse ends sooner.
        let (heap, ownHeap) = (Self.heapPerFileByte * file.byteCount, Self.helperHeapPerFileByte * file.byteCount)
        SharedWork.run(1 + others.count, prelude: {
            HeapPages.prepare(heap)
            HeapPages.prepareOwn(ownHeap)
        }) { item in
            for index in item == 0 ? costly : [others[item - 1]] {
                self.store(self.checks[index].check(file, in: context), at: index)
            }
        }
        return lock.withLock { found }
    }

    private static let heapPerFileByte = 32
    private static let helperHeapPerFileByte = 8

    private func store(_ findings: [Diagnostic], at index: Int) {
        lock.withLock { found[index] = findings }
    }
}
