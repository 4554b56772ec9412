import AASALintCore

struct BackslashInPatternRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "backslash-in-pattern",
        summary: "`\\` in a pattern, where no escape syntax exists",
        rationale: """
            Patterns have no escape syntax: `\\*` is a backslash followed by a wildcard, not a \
            literal asterisk, and `\\?` still matches any one character. The backslash itself \
            must then appear in the URL, where clients send it as `%5C`, so such patterns \
            rarely match what was meant. Remove the backslash; there is no way to match a \
            literal `*` or `?` other than with the wildcards themselves.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"/": "/faq/what↓\\?"}"#),
            RuleExample(triggers: false, #"{"/": "/faq/what?"}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        // Most files have no pattern with it: their occurrences are not gone through.
        guard file.patternCatalog.heldScalars.mayContain("\\") else { return [] }
        return file.patternCatalog.occurrences.filter { $0.patternContains("\\") }.flatMap { occurrence in
            let tokens = occurrence.pattern.tokens
            return tokens.indices.filter { tokens[$0].kind == .literal("\\") }.map { index in
                let next = index + 1 < tokens.count ? tokens[index + 1].kind : nil
                let consequence = switch next {
                case .anyRun?: "the \"*\" after it is still a wildcard, and the backslash must appear in the URL (sent as \"%5C\")"
                case .anyScalar?: "the \"?\" after it is still a one-character wildcard, and the backslash must appear in the URL (sent as \"%5C\")"
                default: "it matches only a literal backslash, which clients send as \"%5C\""
                }
                return diagnostic(
                    "patterns have no escape syntax: \(consequence); remove the backslash",
                    at: file.location(of: tokens[index].range, in: occurrence)
                )
            }
        }
    }
}
