import AASALintCore

struct AssetlinksUnknownKeyRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-unknown-key",
        summary: "A key of a statement or target that neither verifier reads",
        rationale: """
            Google's protocol allows non-standard fields, and both verifiers ignore them, so an \
            unknown key is harmless in itself. It is often a misspelt standard key \
            (`relations`, `targets`, `sha256_cert_fingerprint`, `packageName`), and then the \
            value the key should carry is missing: the statement grants nothing. The finding \
            suggests the key it resembles.
            """,
        severity: .note,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(packageKey: #"↓"packageName""#))),
            RuleExample(triggers: false, AndroidExample.list()),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        var diagnostics: [Diagnostic] = []
        for statement in document.statements {
            diagnostics += unknownKeys(of: statement.node, at: statement.pointer, known: AssetLinkStatement.knownKeys, in: file)
            if let target = statement.target {
                diagnostics += unknownKeys(of: target.node, at: target.pointer, known: AssetLinkTarget.knownKeys, in: file)
            }
        }
        return diagnostics
    }

    private func unknownKeys(of node: PositionedValue, at pointer: JSONPointer, known: [String], in file: LintFile) -> [Diagnostic] {
        (node.members ?? []).filter { !known.contains($0.key) }.map { member in
            let intended = Suggestion.nearest(to: member.key, in: known) ?? Self.spelledOtherwise(member.key, in: known)
            let hint = intended.map { "; did you mean \"\($0)\"? Until it is renamed, the statement lacks that key" } ?? ""
            return diagnostic(
                "\"\(member.key)\" is not a key either verifier reads; it is ignored\(hint)",
                at: file.location(span: member.keySpan, pointer: pointer.appending(member.key)))
        }
    }

    /// A known key written in camel case (`packageName` for `package_name`).
    private static func spelledOtherwise(_ key: String, in known: [String]) -> String? {
        let flattened = key.lowercased().filter { $0 != "_" && $0 != "-" }
        return known.first { $0.filter { $0 != "_" } == flattened }
    }
}
