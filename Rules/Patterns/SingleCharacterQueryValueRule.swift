import AASALintCore

struct SingleCharacterQueryValueRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "single-character-query-value",
        summary: "A `?` object value that is `\"?\"` alone, which matches values of exactly one character",
        rationale: """
            In a pattern `?` matches exactly one character, so the value pattern `"?"` accepts \
            `?id=7` but rejects `?id=42`: written alone it almost always meant `"?*"`, any \
            non-empty value. Write `"?*"` to require the item with any value, or `"*"` to accept \
            it with any value or without it.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"/": "/product", "?": {"id": ↓"?"}}"#),
            RuleExample(triggers: false, #"{"/": "/product", "?": {"id": "?*"}}"#),
        ]
    )

    /// A value the pattern rejects, for the example URL.
    private static let longerValue = "42"

    var readsMatcher: Bool { true }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let matcher = file.matcher else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        var diagnostics: [Diagnostic] = []
        for (component, item) in matcher.queryItems(where: { $0.pattern.text == "?" }) {
            let url = ExampleURL.matching(component, host: host, replacingItem: (item.name, Self.longerValue))
            let rejected = url.map { ", such as \($0)" } ?? ""
            diagnostics.append(diagnostic(
                "\"?\" matches exactly one character, so this component rejects every URL whose \"\(item.name)\" is longer\(rejected); write \"?*\" for any non-empty value",
                at: file.location(item.pattern.pointer),
                exampleURL: url,
                fix: anyValue(item, of: component, in: file)
            ))
        }
        return diagnostics
    }

    /// `"?*"` for `"?"`: unsafe, since a one-character value may be meant. URLs with a longer
    /// value start matching the component.
    private func anyValue(_ item: QueryConstraint.Item, of component: CompiledComponent, in file: LintFile) -> Fix? {
        guard let node = file.root?.node(at: item.pattern.pointer), let edit = file.edit(replacingString: node, with: "?*") else { return nil }
        let change = Fix.DeclaredChange(
            "URLs whose \"\(item.name)\" has more than one character match \(component.isExclude ? "the exclusion" : "the component") at \(item.pattern.pointer.parent?.parent ?? .root)",
            appIDs: file.appIDs(ofEntryContaining: item.pattern.pointer),
            kinds: component.isExclude ? [.stopsOpening, .becomesBlocked] : [.startsOpening, .stopsBeingBlocked])
        return Fix("write \"?*\" for any non-empty value of \"\(item.name)\"", isSafe: false, edits: [edit], effect: .changesMeaning(change))
    }
}
