import AASALintCore

struct MissingAppIDRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "missing-app-id",
        summary: "A details entry names no app",
        rationale: """
            A details entry applies only to the apps it lists. An entry with neither `appIDs` \
            nor `appID`, or with `"appIDs": []`, opens nothing: its components are dead. When \
            `appIDs` is an array, even an empty one, the system ignores `appID`. List the apps \
            in `appIDs` as `<team ID>.<bundle ID>` (in `appID`, for a legacy entry with `paths`).

            An entry whose `appID` or `appIDs` has the wrong type is left to `invalid-type`, and \
            one with a misspelt key (`appId`, `appIds`) to `unknown-key`, which names the key \
            meant: one mistake, one finding.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"details": [{"appIDs": ↓[], "components": [{"/": "/*"}]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let applinks = file.aasa?.applinks, applinks.detailsForm == .array else { return [] }
        return applinks.details.compactMap { entry in
            if let appIDs = entry.appIDs {
                guard appIDs.value.isEmpty else { return nil }
                let ignored = entry.appID.map { appID in
                    DetailsReader.iOS12AndEarlier.findsComponents(in: entry)
                        ? " on iOS 13 and later (only iOS 12 and earlier read \"\(appID.value)\" in \"appID\", with \"paths\")"
                        : " (\"\(appID.value)\" in \"appID\" is ignored beside it)"
                } ?? ""
                return diagnostic(
                    "\"appIDs\" lists no app, so this details entry opens nothing\(ignored); add the app as \"<team ID>.<bundle ID>\"",
                    at: file.location(appIDs.pointer)
                )
            }
            guard entry.appID == nil, !namesAppInAnotherWay(entry, in: file) else { return nil }
            // A legacy entry is fixed in its own format; `legacy-format` suggests the newer one.
            let addition = entry.components == nil && entry.paths != nil
                ? "\"appID\": \"<team ID>.<bundle ID>\"" : "\"appIDs\": [\"<team ID>.<bundle ID>\"]"
            return diagnostic(
                "this details entry names no app (no \"appIDs\" or \"appID\"), so its components open nothing; add \(addition)",
                at: file.location(entry.pointer)
            )
        }
    }

    /// An `appID` or `appIDs` of the wrong type is `invalid-type`'s finding, and a misspelt one
    /// (`appId`) `unknown-key`'s, whose "did you mean" is the fix.
    private func namesAppInAnotherWay(_ entry: DetailsEntry, in file: LintFile) -> Bool {
        entry.object.members.contains { member in
            let key = member.key
            let meant = AASASchema.detailsEntry.schema(forKey: key) == nil ? AASASchema.detailsEntry.suggestedKey(for: key) : key
            return meant.flatMap(DetailsEntryKey.init(rawValue:)).map { [.appID, .appIDs].contains($0) } ?? false
        }
    }
}
