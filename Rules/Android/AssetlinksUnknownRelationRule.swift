import AASALintCore

struct AssetlinksUnknownRelationRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-unknown-relation",
        summary: "A relation whose kind is not `delegate_permission`, or a near miss of `common.handle_all_urls`",
        rationale: """
            Google's protocol defines one kind of relation, `delegate_permission`. Its API \
            accepts other well-formed kinds (its compatibility suite accepts \
            `navigate/yellow_brick_road`), so an unknown kind is a warning, not an error: it \
            grants nothing any Android verifier asks for. A near miss of the App Links relation \
            (`delegate_permission/common.handle_all_url`, `delegate_permission/handle_all_urls`, \
            `common.handle_all_urls` without its kind) is well formed, so nothing rejects it, but \
            App Links verification looks for `delegate_permission/common.handle_all_urls` exactly \
            and does not find it.
            """,
        severity: .warning,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(relation: #"[↓"delegate_permission/common.handle_all_url"]"#))),
            RuleExample(triggers: false, AndroidExample.list()),
        ]
    )

    /// The relations Google documents, which near misses are compared with.
    static let knownRelations = [AssetLinksDocument.handleAllURLs, "delegate_permission/common.get_login_creds"]

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        return document.statements.flatMap { statement in
            (statement.relations ?? []).compactMap { relation -> Diagnostic? in
                let text = relation.value
                guard !Self.knownRelations.contains(text), AssetLinkRelation.problem(of: text) == nil || !text.contains("/") else { return nil }
                if let intended = Self.intendedRelation(text) {
                    return diagnostic(
                        "\"\(text)\" is not \"\(intended)\"; verification looks for that relation exactly, so this statement grants nothing; write \"\(intended)\"",
                        at: file.location(relation.pointer)
                    )
                }
                guard let kind = text.split(separator: "/").first, kind != Substring(AssetLinkRelation.definedKind) else { return nil }
                return diagnostic(
                    "the relation kind \"\(kind)\" is not one Google's protocol defines (only \"\(AssetLinkRelation.definedKind)\"); no Android verifier asks for it, so it grants nothing",
                    at: file.location(relation.pointer)
                )
            }
        }
    }

    /// The documented relation `text` is a near miss of: a detail without its kind, or one or
    /// two edits away.
    static func intendedRelation(_ text: String) -> String? {
        if let known = knownRelations.first(where: { $0.hasSuffix("/" + text) }) { return known }
        return knownRelations.first { candidate in
            let detail = candidate.split(separator: "/").last.map(String.init) ?? candidate
            return text.hasSuffix("/" + detail.dropFirst("common.".count)) || Suggestion.editDistance(text, candidate) <= 2
        }
    }
}
