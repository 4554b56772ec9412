import AASALintCore

struct ProfileExpiringRule: Rule, FileCheck {
    static let days = RuleOptionDescription(
        name: "days",
        defaultValue: .integer(30),
        help: "How many days ahead an expiry is reported."
    )

    static let description = RuleDescription(
        id: "profile-expiring",
        summary: "The provisioning profile expires within `days` days (30 by default)",
        rationale: """
            When a provisioning profile expires, development and ad hoc builds signed with it \
            stop launching and the profile can no longer sign uploads (see `profile-expired`). \
            A release signed with a profile that expires next week leaves testers with a dead \
            app soon after. Renew it before it runs out; `days` sets how far ahead to look, and \
            `lint --as-of DATE` judges expiry on another day.
            """,
        severity: .warning,
        fileKinds: [.provisioningProfile],
        options: [days],
        examples: [
            RuleExample(triggers: true, "<key>ExpirationDate</key><date>2026-01-11T00:00:00Z</date> (today 2026-01-01)",
                        fixture: "expiring.mobileprovision"),
            RuleExample(triggers: false, "<key>ExpirationDate</key><date>2027-01-01T00:00:00Z</date> (today 2026-01-01)",
                        fixture: "current.mobileprovision"),
        ]
    )

    let days: Int

    init() {
        days = Self.days.defaultInteger
    }

    init(options: RuleOptions) throws(RuleOptionError) {
        days = try options.integer(Self.days)
        guard days >= 0 else { throw RuleOptionError(option: Self.days.name, message: "must be a number of days, 0 or more") }
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let profile = file.profile, let date = profile.expirationDate, let expiry = profile.expiresAt,
              expiry > context.now else { return [] }
        let left = ProfileRuleSupport.days(from: context.now, to: expiry)
        guard left < days else { return [] }
        let when = left == 0 ? "within a day" : "in \(left) day\(left == 1 ? "" : "s")"
        return [diagnostic(
            "the provisioning profile \(ProfileRuleSupport.name(of: profile)) expires on \(CalendarDay.text(expiry)), \(when); after that, builds signed with it stop installing and development and ad hoc builds stop launching; renew it in your developer account before then",
            at: file.location(date.pointer)
        )]
    }
}
