/// The configuration's `ignore:` entries applied to a run's findings: which findings they hold back.
public struct IgnoreFilter: Sendable {
    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    public struct Outcome: Sendable {
        public let kept: [Diagnostic]
        public let ignoredCount: Int
    }

    public func apply(_ diagnostics: [Diagnostic]) -> Outcome {
        let entries = configuration.ignore
        guard !entries.isEmpty else { return Outcome(kept: diagnostics, ignoredCount: 0) }
        // Resolving a path touches the file system: once per file, not once per finding.
        var relativePaths: [String: String?] = [:]
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            let file = diagnostic.location.file
            let path = relativePaths[file] ?? {
                let resolved = configuration.relativePath(ofDisplayPath: file)
                relativePaths[file] = .some(resolved)
                return resolved
            }()
            if !(path.map { path in entries.contains { $0.matches(diagnostic, atRelativePath: path) } } ?? false) {
                kept.append(diagnostic)
            }
        }
        return Outcome(kept: kept, ignoredCount: diagnostics.count - kept.count)
    }
}

extension IgnoreEntry {
    func matches(_ diagnostic: Diagnostic, atRelativePath path: String) -> Bool {
        rule == diagnostic.ruleID && files.matches(path)
            && (at.map { at in diagnostic.location.pointer.map { $0.isWithin(at) } ?? false } ?? true)
    }
}
