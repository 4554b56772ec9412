import AASALintCore

struct AssetlinksTooLargeRule: Rule, FileCheck {
    static let maxBytes = RuleOptionDescription(
        name: "max_bytes",
        defaultValue: .integer(1_048_576),
        help: "The largest accepted size in bytes (AOSP's verifier refuses a Content-Length over 1 MiB)."
    )

    static let description = RuleDescription(
        id: "assetlinks-too-large",
        summary: "`assetlinks.json` is larger than Android's verifier reads",
        rationale: """
            AOSP's verifier refuses a response whose `Content-Length` is over 1 MiB (1,048,576 \
            bytes, `HTTP_CONTENT_SIZE_LIMIT_IN_BYTES`), so none of the file's hosts verifies. \
            Google's API has an error for files that are too large (`ERROR_CODE_TOO_LARGE`) but \
            does not publish its limit; aasalint uses AOSP's. A statement list this large usually \
            repeats one app per fingerprint or build flavour: list several fingerprints in one \
            statement instead.
            """,
        severity: .error,
        fileKinds: [.assetLinks],
        options: [maxBytes],
        examples: [
            RuleExample(triggers: true, "a 1.1 MB file repeating one statement per build", fixture: "over-1mib.assetlinks.json"),
            RuleExample(triggers: false, #"[{"include": "https://example.com/shared/assetlinks.json"}]"#),
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
            "\(excess.size); Android's verifier refuses it, so no link on this host is verified; list several fingerprints in one statement instead of repeating statements\(excess.unread)",
            at: file.fileLocation
        )]
    }
}
