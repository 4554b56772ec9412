import AASALintCore

struct AssetlinksNumberOrNullRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-number-or-null",
        summary: "A number or `null` inside a statement, which Android's own verifier cannot read",
        rationale: """
            Google's API allows non-standard fields of any type beside the standard ones. AOSP's \
            parser (`JsonParser.java`) keeps strings, arrays, objects and booleans, but throws \
            "Unsupported value type" on a number or `null` anywhere in a statement, and \
            `parseStatementList` does not catch it: on devices that use AOSP's verifier every \
            statement of the file is lost and no app verifies on this host. Write the value as a \
            string, or remove it.
            """,
        severity: .warning,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(members: [#""version": ↓2"#]))),
            RuleExample(triggers: false, AndroidExample.list(AndroidExample.statement(members: [#""version": "2""#]))),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        return document.statements.compactMap { statement in
            guard let value = statement.unsupportedValue else { return nil }
            return diagnostic(
                "a \(value.value) inside a statement: Google's API accepts it, but Android's own verifier (AOSP) fails on it and verifies no app from this file; write it as a string or remove it",
                at: file.location(value.pointer))
        }
    }
}
