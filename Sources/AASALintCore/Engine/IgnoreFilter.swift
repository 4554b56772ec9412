/// The configuration's `ignore:` entries applied to a run's findings: which findings they hold
/// back, and which entries held back something (the others may be stale).
struct IgnoreFilter: Sendable {
    package let configuration: Configuration

    package init(configuration: Configuration) {
        self.configuration = configuration
    }

    package struct Outcome: Sendable {
        package let kept: [Diagnostic]
        package let ignoredCount: Int
        /// Indices into `configuration.ignore` of the entries that matched a finding; every
        /// entry that matches one counts, so overlapping entries are not reported as unused.
        package let usedEntries: Set<Int>
    }

    package func apply(_ diagnostics: [Diagnostic]) -> Outcome {
        let entries = configuration.ignore
        guard !entries.isEmpty else { return Outcome(kept: diagnostics, ignoredCount: 0, usedEntries: []) }
        // Resolving a path touches the file system: once per file, not once per finding.
        var relativePaths: [String: String?] = [:]
        var kept: [Diagnostic] = []
        var used = Set<Int>()
        for diagnostic in diagnostics {
            let file = diagnostic.location.file
            let path = relativePaths[file] ?? {
                let resolved = configuration.relativePath(ofDisplayPath: file)
                relativePaths[file] = .some(resolved)
                return resolved
            }()
            let matching = path.map { path in entries.indices.filter { entries[$0].matches(diagnostic, atRelativePath: path) } } ?? []
            if matching.isEmpty {
                kept.append(diagnostic)
            } else {
                used.formUnion(matching)
            }
        }
        return Outcome(kept: kept, ignoredCount: diagnostics.count - kept.count, usedEntries: used)
    }
}

extension IgnoreEntry {
    func matches(_ diagnostic: Diagnostic, atRelativePath path: String) -> Bool {
        rule == diagnostic.ruleID && files.matches(path)
            && (at.map { at in diagnostic.location.pointer.map { $0.isWithin(at) } ?? false } ?? true)
    }
}
