import AASALintCore

struct AssetlinksInvalidRelationRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-invalid-relation",
        summary: "A relation string is not `kind/detail` in lower-case letters, digits, `_` and `.`",
        rationale: """
            A relation is split at its first `/`; the kind and the detail must each be one or \
            more of `a-z`, `0-9`, `_` and `.`. Upper case, a space (also a leading or trailing \
            one), `+`, `*`, an empty part or a second `/` make it malformed.

            The two verifiers disagree on what that costs. Google's Digital Asset Links API drops \
            the statement and keeps the others. Android's own verifier (AOSP StatementService, \
            `Relation.java`) throws while parsing, and the exception is not caught per \
            statement: every statement of the file is lost, so no app verifies on this host on \
            devices that use it. App Links need exactly \
            `delegate_permission/common.handle_all_urls`.
            """,
        severity: .error,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(relation: #"[↓"delegate_permission/common.handle_all_URLs"]"#))),
            RuleExample(triggers: false, AndroidExample.list(AndroidExample.statement(relation: #"["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"]"#))),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        return document.statements.flatMap { statement in
            (statement.relations ?? []).compactMap { relation -> Diagnostic? in
                guard let problem = AssetLinkRelation.problem(of: relation.value) else { return nil }
                let lowered = relation.value.lowercased().filter { !$0.isWhitespace }
                let hint = AssetLinkRelation.problem(of: lowered) == nil ? "; write \"\(lowered)\"" : ""
                return diagnostic(
                    "the relation \"\(relation.value)\" is malformed: \(problem); \(AssetLinksVerifiers.statementDroppedFileLost)\(hint)",
                    at: file.location(relation.pointer)
                )
            }
        }
    }
}
