import AASALintCore

struct WildcardWithoutApexRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "wildcard-without-apex",
        summary: "`*.example.com` without `example.com` for the same service",
        rationale: """
            `applinks:*.example.com` covers the subdomains of `example.com`. Apple's guide says \
            it does not cover `example.com` itself; the system's own code suggests it does. \
            Do not depend on the difference: when links on the bare domain must open the app \
            (or its passwords be offered), list `applinks:example.com` as well, and serve the \
            AASA file on both.
            """,
        severity: .note,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<string>↓applinks:*.example.com</string>"),
            RuleExample(triggers: false, "<string>applinks:*.example.com</string><string>applinks:example.com</string>"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let entries = (context.entitlements(of: file)?.associatedDomains ?? []).filter { $0.value.problem == nil && !$0.value.hasUnresolvedReference }
        let named = Set(entries.filter { !$0.value.isWildcard }.map { ($0.value.service ?? "") + ":" + $0.value.hostName.lowercased() })
        var reported = Set<String>()
        return entries.filter(\.value.isWildcard).compactMap { entry in
            let service = entry.value.service ?? ""
            let apexEntry = service + ":" + entry.value.apex
            guard !named.contains(apexEntry), reported.insert(apexEntry).inserted else { return nil }
            return diagnostic(
                "\"\(entry.value.text)\" covers the subdomains of \(entry.value.apex), but Apple's guide says not \(entry.value.apex) itself; add \"\(apexEntry)\" if it should be associated too",
                at: file.location(entry.pointer)
            )
        }
    }
}
