import AASALintCore

struct InvalidJSONRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-json",
        summary: "The file is not strict JSON, or its root is not an object",
        rationale: """
            Apple reads the file with `NSJSONSerialization`, which accepts strict JSON only. \
            A comment, a trailing comma, single quotes, an unquoted key, a raw control character \
            in a string, a number with a leading zero or `NaN` makes the whole file unreadable, so \
            no link on the host opens the app, and nothing tells you.

            The finding points at the first byte the parser could not accept and names the usual \
            cause. The root of the file must be an object (`{...}`).
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, """
                {
                  ↓// universal links
                  "applinks": {"details": [],}
                }
                """),
            RuleExample(triggers: false, #"{"applinks": {"details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        switch file.json {
        case .failure(let error) where error.kind != .invalidUTF8:
            return [diagnostic(
                "not valid JSON: \(error.message); Apple's parser rejects the whole file, so no link on this host opens the app",
                at: file.location(offset: error.offset)
            )]
        case .success(let root) where root.members == nil:
            return [diagnostic(
                "the root of the file is \(article(root.typeName)), not an object; the system rejects the file, so no link on this host opens the app; wrap the services in {\"applinks\": {...}}",
                at: file.location(.root)
            )]
        default:
            return []
        }
    }

    private func article(_ typeName: String) -> String {
        typeName == "array" ? "an array" : "a \(typeName)"
    }
}
