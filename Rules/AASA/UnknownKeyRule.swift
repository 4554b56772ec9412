import AASALintCore

struct UnknownKeyRule: Rule, FileCheck {
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
            RuleExample(triggers: true, #"{"applinks": {"details": [{↓"appIds": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard file.schemaDeviations?.contains(.unknownKey) == true, let root = file.root else { return [] }
        var diagnostics: [Diagnostic] = []
        AASASchema.file.walk(root) { node, path, schema in
            guard let properties = schema.properties, schema.accepts(node), let members = node.members else { return }
            for member in members where schema.schema(forKey: member.key) == nil {
                let pointer = path.pointer
                let memberPointer = pointer.appending(member.key)
                let suggestion = schema.suggestedKey(for: member.key)
                let fix = suggestion.map { "did you mean \"\($0)\"?" } ?? "valid keys here: \(properties.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))"
                diagnostics.append(diagnostic(
                    "unknown key \"\(member.key)\" in \(schema.place ?? "\"\(pointer.lastToken ?? "")\""); the system ignores it; \(fix)",
                    at: file.location(span: member.keySpan, pointer: memberPointer),
                    fix: suggestion.map { rename(member, in: node, at: pointer, to: $0, schema: schema, file: file) }
                ))
            }
        }
        return diagnostics
    }

    /// The rename is made only when nothing else is as likely and the key is not already
    /// there: a second `appIDs` would make the file's meaning hang on which duplicate wins.
    private func rename(_ member: PositionedMember, in object: PositionedValue, at pointer: JSONPointer, to key: String,
                        schema: AASASchema, file: LintFile) -> Fix {
        let message = "rename \"\(member.key)\" to \"\(key)\""
        let others = (schema.properties ?? [:]).keys.filter { $0 != key }
        let rival = Suggestion.nearest(to: member.key, in: others)
        let distance = { (candidate: String) in Suggestion.editDistance(member.key.lowercased(), candidate.lowercased()) }
        guard rival.map({ distance($0) > distance(key) }) ?? true, object.member(key) == nil,
              let edit = file.edit(renaming: member, to: key)
        else { return Fix(message) }
        let change = Fix.DeclaredChange(
            "the system reads \"\(key)\", which it ignored as \"\(member.key)\"",
            appIDs: file.appIDs(ofEntryContaining: pointer.appending(member.key), renamed: entryRenames(around: pointer, in: file)))
        return Fix(message, edits: [edit], effect: .changesMeaning(change))
    }

    /// The misspelt keys of the details entry at or above `pointer`, as their fixes rename
    /// them: a misspelt `appIds` names the apps that a fix of a sibling key affects once both are made.
    private func entryRenames(around pointer: JSONPointer, in file: LintFile) -> [String: String] {
        let entry = JSONPointer(tokens: Array(pointer.tokens.prefix(3)))
        var renames: [String: String] = [:]
        for member in file.root?.node(at: entry)?.members ?? [] {
            renames[member.key] = AASASchema.detailsEntry.misspelling(of: member.key)
        }
        return renames
    }
}
