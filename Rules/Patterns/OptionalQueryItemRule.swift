import AASALintCore

struct OptionalQueryItemRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "optional-query-item",
        summary: "A `?` object value that matches the empty string, so the item is not required",
        rationale: """
            In a `?` object, an item that is absent from the URL is matched as the empty \
            string. A value pattern that matches the empty string (`"*"`, `""`, a variable with \
            an empty value) therefore also matches URLs without the item: the component does not \
            require it. Write `"?*"` to require the item with any non-empty value; keep `"*"` \
            only if the item is meant to be optional. `""` matches *only* URLs without the item \
            (or with it empty), never one that gives it a value.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"/": "/search", "?": {"q": ↓"*"}}"#),
            RuleExample(triggers: false, #"{"/": "/search", "?": {"q": "?*"}}"#),
        ]
    )

    var readsMatcher: Bool { true }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let matcher = file.matcher else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        var diagnostics: [Diagnostic] = []
        for (component, item) in matcher.queryItems(where: { $0.pattern.language.matches([]) }) {
            let url = ExampleURL.matching(component, host: host, omittingItem: item.name)
            let example = url.map { " (e.g. \($0))" } ?? ""
            let message = item.pattern.text.isEmpty
                ? "\"\" matches only an empty value, and an absent item counts as empty, so this component matches only URLs without \"\(item.name)\"\(example) or with it empty (?\(item.name)=), never one that gives it a value; write \"?*\" to require a value, or remove the item if it is meant to be optional"
                : "\"\(item.pattern.text)\" matches the empty string and an absent item counts as empty, so this component also matches URLs without \"\(item.name)\"\(example); write \"?*\" to require the item, or keep this if it is meant to be optional"
            diagnostics.append(diagnostic(
                message,
                at: file.location(item.pattern.pointer),
                exampleURL: url,
                fix: requiring(item, of: component, in: file)
            ))
        }
        return diagnostics
    }

    /// `"?*"` for a `"*"`: unsafe, since the item may be meant as optional. URLs without the
    /// item stop matching the component, and fall to the components after it.
    private func requiring(_ item: QueryConstraint.Item, of component: CompiledComponent, in file: LintFile) -> Fix? {
        guard item.pattern.text == "*", let node = file.root?.node(at: item.pattern.pointer),
              let edit = file.edit(replacingString: node, with: "?*")
        else { return nil }
        let change = Fix.DeclaredChange(
            "URLs without \"\(item.name)\" no longer match \(component.isExclude ? "the exclusion" : "the component") at \(item.pattern.pointer.parent?.parent ?? .root)",
            appIDs: file.appIDs(ofEntryContaining: item.pattern.pointer),
            kinds: component.isExclude ? [.startsOpening, .stopsBeingBlocked] : [.stopsOpening, .becomesBlocked])
        return Fix("write \"?*\" to require \"\(item.name)\"", isSafe: false, edits: [edit], effect: .changesMeaning(change))
    }
}
