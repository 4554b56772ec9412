import AASALintCore

struct UnusedIgnoreRule: Rule, IgnoreAuditCheck {
    static let description = RuleDescription(
        id: "unused-ignore",
        summary: "An ignore entry of the configuration that holds back no finding",
        rationale: """
            An entry of `ignore:` in `.aasalint.yml` that matches no finding any more (the \
            finding was fixed, the place it pointed at moved, or the file is gone) silences \
            nothing today, but it would silently hide the next finding of that rule at that \
            place, and its reason no longer explains anything. Remove the entry, or point it at \
            the finding again. An entry is judged only when the run could have seen its \
            finding: its rule ran, and the run linted every file the entry's `file` can name \
            (a pre-commit run on a few files says nothing about entries for other files).
            """,
        severity: .warning,
        fileKinds: [.aasa, .entitlements],
        examples: [
            RuleExample(triggers: true, shopEntry + "\n# after \"paths\" was removed from the first details entry", fixture: "stale"),
            RuleExample(triggers: false, shopEntry + "\n# while the first details entry has both \"paths\" and \"components\"", fixture: "used"),
        ]
    )

    private static let shopEntry = """
        ignore:
          - rule: ignored-key
            file: web/.well-known/apple-app-site-association
            pointer: /applinks/details/0/paths
            reason: iOS 12 devices still read paths
        """

    func check(_ unused: UnusedIgnore, in configuration: SourceDocument) -> [Diagnostic] {
        let entry = unused.entry
        let holdsBackNothing = "so this ignore entry holds back nothing"
        switch unused.reason {
        case .noFile:
            return [diagnostic(
                "'\(entry.files.pattern)' matches no linted file (it was moved, deleted or excluded), \(holdsBackNothing); correct 'file' or remove the entry",
                at: configuration.location(entry.pointer.appending("file"))
            )]
        case .noPlace(let files):
            let pointer = entry.at?.description ?? ""
            return [diagnostic(
                "'\(pointer)' names nothing in \(Self.name(files, pattern: entry.files.pattern)) (the file changed, or the pointer is mistyped), \(holdsBackNothing); point it at the '\(entry.rule)' finding again, or remove the entry",
                at: configuration.location(entry.pointer.appending("pointer"))
            )]
        case .noFinding(let files):
            let place = entry.at.map { " at \($0)" } ?? ""
            return [diagnostic(
                "'\(entry.rule)' no longer reports anything\(place) in \(Self.name(files, pattern: entry.files.pattern)) (the finding was fixed), \(holdsBackNothing); remove it",
                at: configuration.location(entry.pointer)
            )]
        }
    }

    private static func name(_ files: [String], pattern: String) -> String {
        files.count == 1 ? files[0] : "the \(files.count) files '\(pattern)' matches"
    }
}
