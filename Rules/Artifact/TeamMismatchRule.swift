import AASALintCore

struct TeamMismatchRule: OptionlessRule {
    static let description = RuleDescription(
        id: "team-mismatch",
        summary: "The team in `application-identifier`, `com.apple.developer.team-identifier` and the profile's `TeamIdentifier` disagree",
        rationale: """
            An app belongs to one developer team: its `application-identifier` is \
            `<team ID>.<bundle ID>`, `com.apple.developer.team-identifier` names the team, and \
            the provisioning profile's `TeamIdentifier` lists it. When they disagree, the profile \
            was made for another team's App ID (often after moving an app between accounts or \
            copying a profile), and installation fails with "A valid provisioning profile for \
            this executable was not found"; an AASA file listing `<team ID>.<bundle ID>` of \
            one team does not match an app signed by another. Select the profile of the team \
            that owns the App ID and sign again.
            """,
        severity: .error,
        fileKinds: [.provisioningProfile],
        examples: [
            RuleExample(triggers: true, "application-identifier Q7KX2M9P4L.com.example.shop, TeamIdentifier [\"Z9Y8X7W6V5\"]",
                        fixture: "other-team.mobileprovision"),
            RuleExample(triggers: false, "application-identifier Q7KX2M9P4L.com.example.shop, TeamIdentifier [\"Q7KX2M9P4L\"]",
                        fixture: "appstore.mobileprovision"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let profile = file.profile, let team = profile.teamIdentifiers.first else { return [] }
        var diagnostics: [Diagnostic] = []
        if let identifier = profile.entitlements?.applicationIdentifier,
           let prefix = identifier.value.split(separator: ".", maxSplits: 1).first.map(String.init), prefix != team.value {
            diagnostics.append(diagnostic(
                "the application-identifier \"\(identifier.value)\" belongs to team \(prefix), but the profile's TeamIdentifier is \(team.value); the system refuses to install an app signed with it; select the profile made for team \(prefix)'s App ID",
                at: file.location(profile.payloadPointer(ofEntitlement: identifier.pointer)),
                related: [RelatedLocation(file.location(team.pointer), message: "the profile's team")]
            ))
        }
        if let declared = profile.entitlements?.teamIdentifier, declared.value != team.value {
            diagnostics.append(diagnostic(
                "com.apple.developer.team-identifier is \(declared.value), but the profile's TeamIdentifier is \(team.value); the system refuses to install an app signed with it; select the profile of the team that owns the App ID",
                at: file.location(profile.payloadPointer(ofEntitlement: declared.pointer)),
                related: [RelatedLocation(file.location(team.pointer), message: "the profile's team")]
            ))
        }
        return diagnostics
    }
}
