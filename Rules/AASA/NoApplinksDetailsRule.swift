import AASALintCore

struct NoApplinksDetailsRule: OptionlessRule {
    static let description = RuleDescription(
        id: "no-applinks-details",
        summary: "`applinks` has no details, so no app opens links on this host",
        rationale: """
            Universal links are granted per app in `applinks.details`. Without it (or with an \
            empty one) the system associates no app with the host, and every link opens in the \
            browser. The legacy `"apps": []` key does not replace it. Add a details entry with \
            the app's `appIDs` and its `components`.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"apps": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let applinks = file.aasa?.applinks else { return [] }
        let addEntry = "add {\"details\": [{\"appIDs\": [\"TEAMID.bundle.id\"], \"components\": [{\"/\": \"/*\"}]}]}"
        switch applinks.detailsForm {
        case .absent:
            return [diagnostic(
                "\"applinks\" has no \"details\", so no app opens links on this host; \(addEntry)",
                at: file.location(applinks.pointer, .key)
            )]
        case .array, .dictionary:
            guard let details = file.root?.node(at: applinks.pointer.appending("details")),
                  details.elements?.isEmpty ?? details.members?.isEmpty ?? false else { return [] }
            return [diagnostic(
                "\"details\" is empty, so no app opens links on this host; add an entry with the app's \"appIDs\" and \"components\"",
                at: file.location(applinks.pointer.appending("details"))
            )]
        case .invalid:
            return []
        }
    }
}
