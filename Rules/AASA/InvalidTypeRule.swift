import AASALintCore

struct InvalidTypeRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-type",
        summary: "A value of the wrong JSON type",
        rationale: """
            The system does not reject a value of the wrong type: it coerces or drops it, \
            sometimes into "matches everything". `"exclude": "true"` is read as true, but \
            `"exclude": "no"` as false; a number `/` counts as absent, so the component matches every \
            path; a `?` object with one non-string value is discarded whole, so the component loses \
            every query constraint; an `appIDs` string instead of an array is ignored. Write each \
            value with the type the format defines.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"/": "/admin/*", "exclude": ↓"true"}"#),
            RuleExample(triggers: true, #"{"/": "/search", "?": {"page": ↓1}}"#),
            RuleExample(triggers: false, #"{"/": "/admin/*", "exclude": true}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        // A root of another type is `invalid-json`'s finding.
        guard file.schemaDeviations?.contains(.wrongType) == true, let root = file.root else { return [] }
        var diagnostics: [Diagnostic] = []
        AASASchema.file.walk(root) { node, path, schema in
            guard !schema.accepts(node) else { return }
            let pointer = path.pointer
            let expected = schema.types.map(\.rawValue).sorted().joined(separator: " or ")
            diagnostics.append(diagnostic(
                "\(name(of: pointer, schema: schema)) must be \(withArticle(expected)), not \(withArticle(node.typeName)); \(schema.consequence(node))",
                at: file.location(pointer)
            ))
        }
        return diagnostics
    }

    private func name(of pointer: JSONPointer, schema: AASASchema) -> String {
        guard let last = pointer.lastToken else { return "the root" }
        if Int(last) != nil, let parent = pointer.parent?.lastToken { return "each item of \"\(parent)\"" }
        if let meaning = schema.keyMeaning { return "the value of \(meaning) \"\(last)\"" }
        return "\"\(last)\""
    }

    private func withArticle(_ noun: String) -> String {
        if noun == "null" { return noun }
        return "aeiou".contains(noun.first ?? "x") ? "an \(noun)" : "a \(noun)"
    }
}
