import AASALintCore

struct LegacyFormatRule: OptionlessRule {
    static let description = RuleDescription(
        id: "legacy-format",
        summary: "A shape of the file from iOS 12 and earlier",
        rationale: """
            iOS 13 introduced `appIDs` and `components`; the older `appID`, `paths` (with \
            `NOT ` exclusions), the dictionary form of `details` keyed by appID, and a non-empty \
            `applinks.apps` still work only as fallbacks. They cannot express query or fragment \
            rules, case-insensitive matching or substitution variables, and the dictionary form \
            leaves the order of entries undefined. Findings where a newer sibling already makes the \
            legacy key ignored are left to `ignored-key`.
            """,
        severity: .note,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["NOT /admin/*", "*"]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/admin/*", "exclude": true}, {"/": "*"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let applinks = file.aasa?.applinks else { return [] }
        var diagnostics: [Diagnostic] = []
        if applinks.detailsForm == .dictionary {
            diagnostics.append(diagnostic(
                "legacy \"details\" keyed by appID: the order of its entries is undefined; write an array of entries, each with \"appIDs\"",
                at: file.location(applinks.pointer.appending("details"), .key)
            ))
        }
        if applinks.detailsForm == .absent, applinks.legacyApps?.value.isEmpty == false {
            diagnostics.append(diagnostic(
                "legacy non-empty \"apps\" (iOS 9-12); list the apps in \"details\" entries and leave \"apps\": []",
                at: file.location(applinks.pointer.appending("apps"), .key)
            ))
        }
        for entry in applinks.details {
            let legacyAppID = entry.appIDs == nil && !entry.appIDIsKey ? entry.appID : nil
            let legacyPaths = entry.components == nil ? entry.paths : nil
            var advice: [String] = []
            if let legacyAppID {
                advice.append("\"appID\" becomes \"appIDs\": [\"\(legacyAppID.value)\"]")
            }
            if let legacyPaths {
                let exclusions = legacyPaths.value.filter(\.isExclusion).count
                advice.append("each path becomes a component {\"/\": \"...\"}"
                    + (exclusions == 0 ? "" : " and each \"NOT \" path (\(exclusions) here) one with \"exclude\": true"))
            }
            guard let first = [legacyAppID?.pointer, legacyPaths?.pointer].compactMap({ $0 }).first else { continue }
            diagnostics.append(diagnostic(
                "legacy details entry (iOS 12 and earlier); iOS 13 and later also read \"appIDs\" and \"components\", which can match queries and fragments: \(advice.joined(separator: "; "))",
                at: file.location(first, .key)
            ))
        }
        return diagnostics
    }
}
