import AASALintCore

struct MissingAppIDRule: OptionlessRule {
    static let description = RuleDescription(
        id: "missing-app-id",
        summary: "A details entry names no app",
        rationale: """
            A details entry applies only to the apps it lists. An entry with neither `appIDs` \
            nor `appID`, or with `"appIDs": []`, opens nothing: its components are dead. When \
            `appIDs` is an array, even an empty one, the system ignores `appID`. List the apps \
            in `appIDs` as `<team ID>.<bundle ID>`.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"details": [{"appIDs": [], "components": [{"/": "/*"}]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let applinks = file.aasa?.applinks, applinks.detailsForm == .array else { return [] }
        return applinks.details.compactMap { entry in
            if let appIDs = entry.appIDs {
                guard appIDs.value.isEmpty else { return nil }
                let ignored = entry.appID.map { " (\"\($0.value)\" in \"appID\" is ignored beside it)" } ?? ""
                return diagnostic(
                    "\"appIDs\" lists no app, so this details entry opens nothing\(ignored); add the app as \"<team ID>.<bundle ID>\"",
                    at: file.location(appIDs.pointer)
                )
            }
            guard entry.appID == nil else { return nil }
            return diagnostic(
                "this details entry names no app (no \"appIDs\"), so its rules open nothing; add \"appIDs\": [\"<team ID>.<bundle ID>\"]",
                at: file.location(entry.pointer)
            )
        }
    }
}
