/// An `ignore:` entry that held back nothing in a run that saw every file it names.
package struct UnusedIgnore: Sendable {
    package enum Reason: Sendable {
        /// No file of the run matches the entry's `file` (moved, deleted, or excluded).
        case noFile
        /// Files match, but none of them has the entry's `pointer` any more.
        case noPlace(files: [String])
        /// The rule reports nothing there any more: the finding was fixed.
        case noFinding(files: [String])
    }

    package let entry: IgnoreEntry
    package let reason: Reason
}

/// The capability of judging the configuration's `ignore:` entries, once every finding of the
/// run is known; it checks no file itself.
package protocol IgnoreAuditCheck: RuleCheck {
    func check(_ unused: UnusedIgnore, in configuration: SourceDocument) -> [Diagnostic]
}

extension IgnoreAuditCheck {
    package var ignoreAudit: (any IgnoreAuditCheck)? { self }
}

/// Finds the `ignore:` entries that held back no finding, as ruff's RUF100 and ESLint's unused
/// disable directives do. An entry is judged only when the run could have seen its finding:
/// its rule ran, and the run covered every file its `file` pattern can name (pre-commit runs
/// on a few files say nothing about entries for the others).
struct IgnoreAudit: Sendable {
    package let plan: RulePlan
    package let scope: LintScope
    /// The documents findings can be in: the linted files, the configuration, expectation files.
    package let documents: [SourceDocument]

    package init(plan: RulePlan, scope: LintScope, documents: [SourceDocument]) {
        self.plan = plan
        self.scope = scope
        self.documents = documents
    }

    /// The findings of the selected audit rules about the entries not in `used`.
    package func diagnostics(used: Set<Int>) -> [Diagnostic] {
        let configuration = plan.configuration
        let rules = plan.base.entries.compactMap { entry in entry.check.ignoreAudit.map { ($0, entry.severity) } }
        guard let document = configuration.document, !rules.isEmpty else { return [] }
        let placed = documents.compactMap { document in configuration.relativePath(ofDisplayPath: document.path).map { (document, $0) } }
        let unused = configuration.ignore.indices.filter { !used.contains($0) }.compactMap { judge(configuration.ignore[$0], among: placed) }
        return rules.flatMap { rule, severity in
            unused.flatMap { rule.check($0, in: document) }.map { finding in
                var diagnostic = finding
                diagnostic.severity = severity
                return diagnostic
            }
        }
    }

    /// Why the entry held back nothing; nil when this run cannot tell. `documents` come with
    /// their paths relative to the configuration's folder.
    private func judge(_ entry: IgnoreEntry, among documents: [(SourceDocument, String)]) -> UnusedIgnore? {
        let configuration = plan.configuration
        guard plan.mayReport(entry.rule), scope.covers(configuration.displayPath(ofConfiguredPath: entry.files.fixedPrefix)) else {
            return nil
        }
        let matching = documents.filter { entry.files.matches($0.1) }.map(\.0)
        guard !matching.isEmpty else { return UnusedIgnore(entry: entry, reason: .noFile) }
        let paths = matching.map(\.path)
        if let at = entry.at, matching.allSatisfy({ $0.root.map { $0.node(at: at) == nil } ?? false }) {
            return UnusedIgnore(entry: entry, reason: .noPlace(files: paths))
        }
        return UnusedIgnore(entry: entry, reason: .noFinding(files: paths))
    }
}
