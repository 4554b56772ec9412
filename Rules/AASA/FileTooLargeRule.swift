import AASALintCore

struct FileTooLargeRule: Rule, FileCheck {
    static let maxBytes = RuleOptionDescription(
        name: "max_bytes",
        defaultValue: .integer(131_072),
        help: "The largest accepted size in bytes (Apple documents 128 KB uncompressed)."
    )

    static let description = RuleDescription(
        id: "file-too-large",
        summary: "The file is larger than the system accepts",
        rationale: """
            Apple documents a limit of 128 KB (uncompressed) for the file. A larger file is not \
            used at all, so no link on the host opens the app. Shrink it: collapse components with \
            wildcards or substitution variables, drop legacy `paths` when `components` is used, \
            and remove apps that no longer ship.
            """,
        severity: .error,
        options: [maxBytes],
        examples: [
            RuleExample(triggers: true, "a 200 KB file listing thousands of paths one by one", fixture: "over-128k.json"),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/product/*"}]}]}}"#),
        ]
    )

    let maxBytes: Int

    init() {
        maxBytes = Self.maxBytes.defaultInteger
    }

    init(options: RuleOptions) throws(RuleOptionError) {
        maxBytes = try FileSizeLimit.maxBytes(Self.maxBytes, in: options)
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let excess = FileSizeLimit.excess(of: file, over: maxBytes) else { return [] }
        return [diagnostic(
            "\(excess.size); the system does not use a larger file, so no link on this host opens the app; shrink it with wildcards or substitution variables\(excess.unread)",
            at: file.fileLocation
        )]
    }
}
