import AASALintCore

struct IgnoredKeyRule: OptionlessRule {
    static let description = RuleDescription(
        id: "ignored-key",
        summary: "A key the system ignores because of its sibling",
        rationale: """
            Newer keys replace older ones when both are present: when `appIDs` is an array the \
            system ignores `appID` (even if `appIDs` is empty), when `components` is an array it \
            ignores `paths`, and when `details` exists it ignores `apps`. Whatever the ignored \
            key says has no effect on iOS 13 and later, which is easy to miss when both are kept \
            "for old devices". Move what is still needed into the newer key and delete the other.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"appIDs": ["ABCDE12345.com.example.app"], "appID": "ABCDE12345.com.example.old", "components": [{"/": "/*"}]}"#),
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
        for entry in applinks.details where !entry.appIDIsKey {
            if entry.appIDs != nil, let appID = entry.appID {
                let extra = entry.appIDs?.value.contains { $0.value == appID.value } == true
                    ? "" : "; \"\(appID.value)\" is not in \"appIDs\", so it opens nothing: add it there"
                diagnostics.append(diagnostic(
                    "\"appID\" is ignored because \"appIDs\" is present\(extra); remove \"appID\"",
                    at: file.location(appID.pointer, .key)
                ))
            }
            if entry.components != nil, let paths = entry.paths {
                diagnostics.append(diagnostic(
                    "\"paths\" is ignored because \"components\" is present (iOS 13 and later read only \"components\"); make sure \"components\" covers the same URLs, then remove \"paths\"",
                    at: file.location(paths.pointer, .key)
                ))
            }
        }
        return diagnostics
    }
}
