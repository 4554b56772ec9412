import AASALintCore

struct AssetlinksInvalidJSONRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-invalid-json",
        summary: "`assetlinks.json` is not strict JSON, or its root is not an array",
        rationale: """
            Android's verifier reads the file with a strict JSON reader (AOSP sets \
            `JsonReader.isLenient = false`), and Google's Digital Asset Links API expects "a \
            single array" of statements. A comment, a trailing comma, single quotes, or an object \
            at the root instead of an array loses the whole file: no host link opens the app and \
            `adb shell pm get-app-links` shows the host as not verified.

            The finding points at the first byte the parser could not accept. Wrap the statements \
            in `[...]`, even when there is only one.
            """,
        severity: .error,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, "↓" + AndroidExample.statement()),
            RuleExample(triggers: false, AndroidExample.list()),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        switch file.json {
        case .failure(let error):
            return [diagnostic(
                "not valid JSON: \(error.message); Android's verifier and Google's API reject the whole file, so no link on this host is verified for any app",
                at: file.location(offset: error.offset)
            )]
        case .success(let root) where root.elements == nil:
            let wrap = root.members == nil ? "" : "; wrap the statement in [...]"
            return [diagnostic(
                "the root of the file is \(root.typeName == "object" ? "an object" : "a \(root.typeName)"), not an array of statements; Android's verifier and Google's API reject the whole file, so no link on this host is verified\(wrap)",
                at: file.location(.root)
            )]
        default:
            return []
        }
    }
}
