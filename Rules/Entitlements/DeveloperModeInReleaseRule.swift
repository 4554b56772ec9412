import AASALintCore

struct DeveloperModeInReleaseRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "developer-mode-in-release",
        summary: "`?mode=developer` in an entitlements file that ships",
        rationale: """
            `?mode=developer` lets a development-signed build fetch the AASA file straight from \
            your server instead of Apple's CDN. It works only for development signing and must \
            be removed before App Store submission: a distribution-signed build ignores the \
            entry, so a domain listed only in developer mode is not associated in the shipped \
            app. Keep developer mode in a Debug-only entitlements file.

            A file is a release file with `--release`, when a `release_entitlements` glob of the \
            configuration matches it, or when an Xcode project signs a `Release` configuration \
            with it (`aasalint lint --explain-release` shows which and why).
            """,
        severity: .error,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<string>↓applinks:example.com?mode=developer</string>"),
            RuleExample(triggers: false, "<string>applinks:example.com</string>"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let reason = context.releaseFiles.reasonText(for: file.path),
              let entitlements = context.entitlements(of: file)
        else { return [] }
        return entitlements.associatedDomains.filter(\.value.isDeveloperMode).map { entry in
            diagnostic(
                "\"\(entry.value.text)\" uses developer mode in a release entitlements file (\(reason)); distribution-signed builds ignore developer-mode entries and App Store submission requires removing them; remove \"?\(entry.value.query ?? "")\" here and keep developer mode in the Debug entitlements",
                at: file.location(entry.pointer)
            )
        }
    }
}
