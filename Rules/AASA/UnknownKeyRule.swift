import AASALintCore

struct UnknownKeyRule: OptionlessRule {
    static let description = RuleDescription(
        id: "unknown-key",
        summary: "A key that is not valid where it is written",
        rationale: """
            The system ignores keys it does not know, without a word. A misspelt key \
            (`appIds`, `component`, `excluded`, `caseSensitve`) therefore silently removes what \
            it was meant to say: an app that never opens links, or an exclusion that excludes \
            nothing. The finding suggests the nearest valid key.

            Valid keys: at the top level `applinks`, `webcredentials`, `appclips`, \
            `activitycontinuation`; in `applinks` `details`, `defaults`, `substitutionVariables`, \
            `apps`; in a details entry `appIDs`, `appID`, `components`, `paths`, `defaults`; in a \
            component `/`, `?`, `#`, `exclude`, `caseSensitive`, `percentEncoded`, `comment`.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"details": [{"appIds": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let root = file.root, root.members != nil else { return [] }
        var diagnostics: [Diagnostic] = []
        AASASchema.file.walk(root) { node, pointer, schema in
            guard let properties = schema.properties, schema.accepts(node), let members = node.members else { return }
            for member in members where properties[member.key] == nil {
                let memberPointer = pointer.appending(member.key)
                let suggestion = schema.suggestedKey(for: member.key)
                let fix = suggestion.map { "did you mean \"\($0)\"?" } ?? "valid keys here: \(properties.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))"
                diagnostics.append(diagnostic(
                    "unknown key \"\(member.key)\" in \(place(of: pointer)); the system ignores it; \(fix)",
                    at: file.location(span: member.keySpan, pointer: memberPointer),
                    fix: suggestion.map { "rename \"\(member.key)\" to \"\($0)\"" }
                ))
            }
        }
        return diagnostics
    }

    private func place(of pointer: JSONPointer) -> String {
        let tokens = pointer.tokens
        switch tokens.count {
        case 0: return "the top level"
        case 1: return "\"\(tokens[0])\""
        default:
            if tokens.count >= 2, tokens[tokens.count - 2] == "components" { return "a component" }
            if tokens.last == "defaults" { return "defaults" }
            if tokens.count == 3, tokens[1] == "details" { return "a details entry" }
            return "\"\(tokens.last ?? "")\""
        }
    }
}
