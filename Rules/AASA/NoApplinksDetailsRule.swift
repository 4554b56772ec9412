import AASALintCore

struct NoApplinksDetailsRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "no-applinks-details",
        summary: "`applinks` has no details, or the file is `{}`: no app opens links on this host",
        rationale: """
            Universal links are granted per app in `applinks.details`. Without it (or with an \
            empty one) the system associates no app with the host, and every link opens in the \
            browser. The legacy `"apps": []` key does not replace it. An empty file, `{}`, grants \
            nothing at all. Add a details entry with the app's `appIDs` and its `components`. \
            A file that only serves `webcredentials` or `appclips` is not reported.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{↓"applinks": {"apps": []}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        // Top-level keys other than services are `unknown-key`'s, wrongly typed services `invalid-type`'s.
        if let root = file.root, root.members?.isEmpty == true {
            return [diagnostic(
                "the file is an empty object, so it grants nothing: no app opens links on this host, and none is associated for shared passwords, App Clips or Handoff; add {\"applinks\": {\"details\": [{\"appIDs\": [\"TEAMID.bundle.id\"], \"components\": [{\"/\": \"/*\"}]}]}}",
                at: file.location(.root)
            )]
        }
        guard let applinks = file.aasa?.applinks else { return [] }
        let addEntry = "add {\"details\": [{\"appIDs\": [\"TEAMID.bundle.id\"], \"components\": [{\"/\": \"/*\"}]}]}"
        switch applinks.detailsForm {
        case .absent:
            return [diagnostic(
                "\"applinks\" has no \"details\", so no app opens links on this host; \(addEntry)",
                at: file.location(applinks.pointer, .key)
            )]
        case .array, .dictionary:
            guard let details = file.root?.node(at: applinks.detailsPointer),
                  details.elements?.isEmpty ?? details.members?.isEmpty ?? false else { return [] }
            return [diagnostic(
                "\"details\" is empty, so no app opens links on this host; add an entry with the app's \"appIDs\" and \"components\"",
                at: file.location(applinks.detailsPointer)
            )]
        case .invalid:
            return []
        }
    }
}
