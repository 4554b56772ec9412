import AASALintCore

struct ProfileExpiredRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "profile-expired",
        summary: "The provisioning profile's `ExpirationDate` has passed",
        rationale: """
            A provisioning profile is valid until its `ExpirationDate`. Once it has passed, iOS \
            will not install an app signed with it, and apps already installed with a \
            development or ad hoc profile stop launching; App Store Connect rejects uploads \
            signed with it. Renew the profile in the Certificates, Identifiers & Profiles section \
            of the developer account (or let Xcode's automatic signing do so) and sign again. \
            `lint --as-of DATE` judges expiry on another day, such as the planned release day. \
            Only the profile's contents are read: its signature and Apple's certificate chain \
            are not verified.
            """,
        severity: .error,
        fileKinds: [.provisioningProfile],
        examples: [
            RuleExample(triggers: true, "<key>ExpirationDate</key><date>2025-12-22T00:00:00Z</date> (today 2026-01-01)",
                        fixture: "expired.mobileprovision"),
            RuleExample(triggers: false, "<key>ExpirationDate</key><date>2027-01-01T00:00:00Z</date> (today 2026-01-01)",
                        fixture: "current.mobileprovision"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let profile = file.profile, let date = profile.expirationDate, let expiry = profile.expiresAt,
              expiry <= context.now else { return [] }
        return [diagnostic(
            "the provisioning profile \(ProfileRuleSupport.name(of: profile)) expired on \(CalendarDay.text(expiry)); iOS will not install an app signed with it, installed development and ad hoc builds stop launching, and App Store Connect rejects it; renew the profile in your developer account and sign again",
            at: file.location(date.pointer)
        )]
    }
}
