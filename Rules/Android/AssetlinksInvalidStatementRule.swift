import AASALintCore

struct AssetlinksInvalidStatementRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-invalid-statement",
        summary: "A statement of `assetlinks.json` is not a `relation` array with a `target` object, nor an include",
        rationale: """
            Each element of the list is a statement: an object with `relation` (an **array** of \
            relation strings) and `target` (an object describing the app or site), or an include \
            statement `{"include": "https://..."}` with neither of those beside it. Google's \
            Digital Asset Links API drops a statement of any other shape (a string for \
            `relation`, a string for `target`, a missing key, `relation`/`target` beside \
            `include`), so it grants nothing; a file of only such statements verifies no host.

            An empty object `{}` is skipped by both verifiers, but Google's API then reports \
            "Could not parse statement list" for the whole file: remove it.
            """,
        severity: .error,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(relation: #"↓"delegate_permission/common.handle_all_urls""#))),
            RuleExample(triggers: false, AndroidExample.list()),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        return document.statements.compactMap { statement in
            problem(of: statement).map { problem, pointer, part in
                diagnostic(problem, at: file.location(pointer, part))
            }
        }
    }

    private func problem(of statement: AssetLinkStatement) -> (String, JSONPointer, JSONPointerPart)? {
        let pointer = statement.pointer
        guard let members = statement.node.members else {
            return ("this statement is \(article(statement.node.typeName)), not an object; \(AssetLinksVerifiers.statementDropped); write {\"relation\": [...], \"target\": {...}}", pointer, .value)
        }
        if members.isEmpty {
            return ("an empty statement {}: both verifiers skip it, but Google's API reports \"Could not parse statement list\" for this file; remove it", pointer, .value)
        }
        if statement.isInclude {
            if let beside = members.first(where: { $0.key == "relation" || $0.key == "target" }) {
                return ("\"\(beside.key)\" beside \"include\": an include statement holds only the URL of another list; \(AssetLinksVerifiers.statementDropped); move \"\(beside.key)\" into a statement of its own",
                        pointer.appending(beside.key), .key)
            }
            if let include = statement.node.member("include"), include.value.stringValue == nil {
                return ("\"include\" is \(article(include.value.typeName)), not a URL string; \(AssetLinksVerifiers.statementDropped)", pointer.appending("include"), .value)
            }
            return nil
        }
        guard let relation = statement.node.member("relation") else {
            return ("this statement has no \"relation\"; \(AssetLinksVerifiers.statementDropped); add \"relation\": [\"\(AssetLinksDocument.handleAllURLs)\"]", pointer, .value)
        }
        if relation.value.elements == nil {
            let wrap = relation.value.stringValue.map { ": write [\"\($0)\"]" } ?? ""
            return ("\"relation\" is \(article(relation.value.typeName)), not an array of strings; \(AssetLinksVerifiers.statementDropped)\(wrap)", pointer.appending("relation"), .value)
        }
        if let element = relation.value.elements?.enumerated().first(where: { $0.element.stringValue == nil }) {
            return ("this relation is \(article(element.element.typeName)), not a string; \(AssetLinksVerifiers.statementDropped)", pointer.appending("relation").appending(element.offset), .value)
        }
        if relation.value.elements?.isEmpty == true {
            return ("\"relation\" is empty, so this statement grants nothing; add \"\(AssetLinksDocument.handleAllURLs)\"", pointer.appending("relation"), .value)
        }
        guard let target = statement.node.member("target") else {
            return ("this statement has no \"target\"; \(AssetLinksVerifiers.statementDropped); add the app as {\"namespace\": \"android_app\", \"package_name\": ..., \"sha256_cert_fingerprints\": [...]}", pointer, .value)
        }
        if target.value.members == nil {
            return ("\"target\" is \(article(target.value.typeName)), not an object; \(AssetLinksVerifiers.statementDropped); write {\"namespace\": \"android_app\", \"package_name\": ..., \"sha256_cert_fingerprints\": [...]}", pointer.appending("target"), .value)
        }
        if let extensions = statement.node.member("relation_extensions"), extensions.value.members == nil {
            return ("\"relation_extensions\" is \(article(extensions.value.typeName)), not an object keyed by relation; Android 15's Dynamic App Links ignore it", pointer.appending("relation_extensions"), .value)
        }
        return nil
    }

    private func article(_ typeName: String) -> String {
        typeName == "array" || typeName == "object" ? "an \(typeName)" : "a \(typeName)"
    }
}
