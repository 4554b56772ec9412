import AASALintCore

struct EmptyComponentsRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "empty-components",
        summary: "`components: []`: the details entry opens nothing",
        rationale: """
            A details entry opens the URLs its components match. With an empty `components` \
            array it opens none, and because the array is present the system also ignores any \
            legacy `paths` beside it. If the app should open no links, remove the entry; \
            otherwise add components. An entry whose components are all exclusions opens \
            nothing either: `exclude-only` reports it.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": ↓[]}"#),
            RuleExample(triggers: false, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/product/*"}]}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let applinks = file.aasa?.applinks else { return [] }
        return applinks.details.compactMap { entry in
            guard let components = entry.components, file.root?.node(at: components.pointer)?.elements?.isEmpty == true else {
                return nil
            }
            let paths = entry.paths == nil ? "" : " (and \"paths\" beside it is ignored)"
            return diagnostic(
                "\"components\" is empty, so this details entry opens no URL\(paths); add components or remove the entry",
                at: file.location(components.pointer)
            )
        }
    }
}
