import AASALintCore

struct DuplicateAppIDRule: OptionlessRule {
    static let description = RuleDescription(
        id: "duplicate-app-id",
        summary: "An appID listed in more than one details entry, or twice in one list",
        rationale: """
            For each app the system uses the first details entry that lists it and never looks \
            at later ones, even when the first has no rule for a URL. Every later entry for the \
            same app is dead: its components never apply to that app. Merge the rules into the \
            first entry, in the order they must be tried. Listing an app twice in one list is \
            harmless but usually a copy-and-paste slip.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]},
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/help/*"}]}
                ]}}
                """),
            RuleExample(triggers: false, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "/help/*"}]}
                ]}}
                """),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.aasa else { return [] }
        var diagnostics: [Diagnostic] = []
        var firstEntryListing: [String: Located<String>] = [:]
        for entry in document.applinks?.details ?? [] {
            var listedHere: [String: Located<String>] = [:]
            for appID in entry.effectiveAppIDs {
                if let earlier = listedHere[appID.value] {
                    diagnostics.append(repeatedInList(appID, earlier: earlier, in: file))
                } else if let earlier = firstEntryListing[appID.value] {
                    diagnostics.append(diagnostic(
                        "\"\(appID.value)\" is already listed by an earlier details entry; the system uses only the first entry that lists an app, so this entry's rules never apply to it; merge them into the first entry",
                        at: file.location(appID.pointer, entry.appIDIsKey ? .key : .value),
                        related: [RelatedLocation(file.location(earlier.pointer), message: "first listed here")]
                    ))
                }
                listedHere[appID.value] = listedHere[appID.value] ?? appID
            }
            firstEntryListing.merge(listedHere) { first, _ in first }
        }
        for list in [document.webCredentials, document.appClips, document.activityContinuation].compactMap({ $0 }) {
            var listed: [String: Located<String>] = [:]
            for appID in list.apps {
                if let earlier = listed[appID.value] {
                    diagnostics.append(repeatedInList(appID, earlier: earlier, in: file))
                } else {
                    listed[appID.value] = appID
                }
            }
        }
        return diagnostics
    }

    private func repeatedInList(_ appID: Located<String>, earlier: Located<String>, in file: LintFile) -> Diagnostic {
        diagnostic(
            "\"\(appID.value)\" is listed twice in this list; remove the repeat",
            at: file.location(appID.pointer),
            related: [RelatedLocation(file.location(earlier.pointer), message: "first listed here")],
            fix: "remove this item"
        )
    }
}
