import AASALintCore

struct DuplicateDomainRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "duplicate-domain",
        summary: "The same associated-domains entry twice",
        rationale: """
            Listing the same `service:host` twice (hosts compared without regard to case, with \
            the same `?mode=`) changes nothing: the system reads it once. The repeat is usually \
            a merge slip, and it hides whether the list says what was meant. Remove it. The \
            same host with a different mode (`applinks:example.com` and \
            `applinks:example.com?mode=developer`) is not a repeat.
            """,
        severity: .warning,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<string>applinks:example.com</string><string>↓applinks:Example.com</string>"),
            RuleExample(triggers: false, "<string>applinks:example.com</string><string>webcredentials:example.com</string>"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        var first: [String: Located<AssociatedDomain>] = [:]
        var diagnostics: [Diagnostic] = []
        for entry in context.entitlements(of: file)?.associatedDomains ?? [] {
            guard let earlier = first[entry.value.duplicateKey] else {
                first[entry.value.duplicateKey] = entry
                continue
            }
            diagnostics.append(diagnostic(
                "\"\(entry.value.text)\" repeats \"\(earlier.value.text)\"; the system reads the entry once; remove the repeat",
                at: file.location(entry.pointer),
                related: [RelatedLocation(file.location(earlier.pointer), message: "first listed here")],
                fix: Fix("remove this entry", edits: removal(of: entry, in: file, context: context))
            ))
        }
        return diagnostics
    }

    private func removal(of entry: Located<AssociatedDomain>, in file: LintFile, context: LintContext) -> [TextEdit] {
        guard let array = context.entitlements(of: file)?.associatedDomainsValue?.value,
              let index = entry.pointer.lastToken.flatMap({ Int($0) }),
              let edit = file.edit(removingElement: index, of: array)
        else { return [] }
        return [edit]
    }
}
