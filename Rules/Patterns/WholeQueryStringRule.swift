import AASALintCore

struct WholeQueryStringRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "whole-query-string",
        summary: "A string `?` shaped like `name=value`",
        rationale: """
            A string `?` is matched against the entire query string. `"?": "ref=mail"` matches \
            `?ref=mail` but not `?ref=mail&utm_source=x`, nor the same items in another order, \
            which links gathered by trackers and share sheets often have. The object form \
            `"?": {"ref": "mail"}` requires the item and allows any others.
            """,
        severity: .note,
        examples: [
            RuleExample(triggers: true, #"{"/": "/promo", "?": ↓"ref=mail"}"#),
            RuleExample(triggers: false, #"{"/": "/promo", "?": {"ref": "mail"}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let host = ExampleURL.host(of: file, in: context)
        // A loop rather than a compactMap: see QueryInPathRule.
        var diagnostics: [Diagnostic] = []
        for occurrence in file.patternCatalog.occurrences {
            guard case .query = occurrence.role, let items = Self.items(of: occurrence.pattern.text) else { continue }
            let withExtra = ExampleURL.make(host: host, path: "/", query: occurrence.pattern.text.replacingWildcards() + "&utm_source=x",
                                            percentEncoded: true)
            let object = "{" + items.map { "\"\($0.name)\": \"\($0.value == "*" ? "?*" : $0.value)\"" }.joined(separator: ", ") + "}"
            diagnostics.append(diagnostic(
                "a string \"?\" must equal the entire query, so \"\(occurrence.pattern.text)\" does not match \(withExtra); to require \(items.count == 1 ? "the item" : "the items") and allow others, write \"?\": \(object)",
                at: file.location(occurrence.pointer),
                exampleURL: withExtra
            ))
        }
        return diagnostics
    }

    /// The `name=value` items of a query pattern, or nil when it is not shaped like one.
    private static func items(of text: String) -> [(name: String, value: String)]? {
        var items: [(name: String, value: String)] = []
        for piece in text.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(where: { "*?$".contains($0) }) else { return nil }
            items.append((String(parts[0]), String(parts[1])))
        }
        return items
    }
}

private extension String {
    func replacingWildcards() -> String {
        String(compactMap { $0 == "*" ? nil : $0 == "?" ? "x" : $0 })
    }
}
