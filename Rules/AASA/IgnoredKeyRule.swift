import AASALintCore

struct IgnoredKeyRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "ignored-key",
        summary: "A key the system ignores because of its sibling",
        rationale: """
            Newer keys replace older ones when both are present: when `appIDs` is an array the \
            system ignores `appID` (even if `appIDs` is empty), when `components` is an array it \
            ignores `paths`, and when `details` exists it ignores `apps`. Whatever the ignored \
            key says has no effect on iOS 13 and later. Move what is still needed into the newer \
            key and delete the other.

            iOS 12 and earlier know only `appID` and `paths`, so an entry with `appID`, `paths` \
            and the newer keys is also the fallback for old devices: that works, and is not \
            reported here (the opt-in `legacy-format` notes which versions read which keys). It \
            is a warning when no version reads the old key: `paths` in an entry without `appID` \
            (iOS 12 and earlier skip it), or `appID` in an entry without `paths`.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"appIDs": ["ABCDE12345.com.example.app"], ↓"appID": "ABCDE12345.com.example.old", "components": [{"/": "/*"}]}"#),
            RuleExample(triggers: false, #"{"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.old"], "components": [{"/": "/*"}]}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let applinks = file.aasa?.applinks else { return [] }
        var diagnostics: [Diagnostic] = []
        if applinks.detailsForm != .absent, applinks.legacyApps?.value.isEmpty == false {
            diagnostics.append(diagnostic(
                "\"apps\" is ignored because \"details\" is present; move these apps into \"details\" and leave \"apps\": [] (or remove it)",
                at: file.location(applinks.pointer.appending("apps"), .key)
            ))
        }
        let precedence = applinks.precedence
        for (index, entry) in applinks.details.enumerated() where !entry.appIDIsKey {
            // What iOS 12 and earlier read beside the newer keys is the fallback for old devices.
            let readByOldDevices = precedence.readersApplying(index).contains(.iOS12AndEarlier)
            if let appIDs = entry.appIDs, let appID = entry.appID {
                let listed = appIDs.value.contains { $0.value == appID.value }
                if let finding = ignoredAppID(appID, listed: listed, readByOldDevices: readByOldDevices, entry: entry, in: file) {
                    diagnostics.append(finding)
                }
            }
            // The fallback for old devices works: the opt-in legacy-format describes it.
            if entry.components != nil, let paths = entry.paths, !readByOldDevices {
                diagnostics.append(ignoredPaths(paths.pointer, entry: entry, in: file))
            }
        }
        return diagnostics
    }

    /// Nil for the fallback `appID` of an entry whose `paths` finding says so for both keys.
    private func ignoredAppID(_ appID: Located<String>, listed: Bool, readByOldDevices: Bool, entry: DetailsEntry,
                              in file: LintFile) -> Diagnostic? {
        let message: String
        switch (readByOldDevices, listed) {
        case (true, true):
            return nil
        case (true, false):
            message = "\"appID\" is ignored by iOS 13 and later because \"appIDs\" is present, so \"\(appID.value)\", which is not in \"appIDs\", opens links only on iOS 12 and earlier; add it to \"appIDs\""
        case (false, true):
            let oldDevices = entry.paths == nil ? "find no \"paths\" in this entry" : "use an earlier entry for the app"
            message = "\"appID\" is ignored because \"appIDs\" is present, and iOS 12 and earlier, which read it, \(oldDevices); remove \"appID\""
        case (false, false):
            message = "\"appID\" is ignored because \"appIDs\" is present; \"\(appID.value)\" is not in \"appIDs\", so it opens nothing: add it there; remove \"appID\""
        }
        return diagnostic(message, at: file.location(appID.pointer, .key))
    }

    private func ignoredPaths(_ paths: JSONPointer, entry: DetailsEntry, in file: LintFile) -> Diagnostic {
        let oldDevices = entry.appID == nil ? "skip this entry, which has no \"appID\"" : "use an earlier entry for the app"
        return diagnostic(
            "\"paths\" is ignored on every version: iOS 13 and later read only \"components\", and iOS 12 and earlier, which read \"paths\", \(oldDevices); make sure \"components\" covers the same URLs, then remove \"paths\"",
            at: file.location(paths, .key)
        )
    }
}
