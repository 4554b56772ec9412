import AASALintCore

struct TeamMismatchRule: Rule, FileCheck {
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
            that owns the App ID and sign again. In an `.app`, `.ipa` or `.xcarchive`, the signed \
            entitlements of each executable are compared with its `embedded.mobileprovision`, \
            and the bundle identifier (`CFBundleIdentifier`) with the profile's \
            application-identifier, which may end in a `*` wildcard.
            """,
        severity: .error,
        fileKinds: [.provisioningProfile, .artifact],
        examples: [
            RuleExample(triggers: true, "application-identifier Q7KX2M9P4L.com.example.shop, TeamIdentifier [\"Z9Y8X7W6V5\"]",
                        fixture: "other-team.mobileprovision"),
            RuleExample(triggers: false, "application-identifier Q7KX2M9P4L.com.example.shop, TeamIdentifier [\"Q7KX2M9P4L\"]",
                        fixture: "appstore.mobileprovision"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        if file.signedBundle != nil { return signedDiagnostics(file, in: context) }
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

    /// The signed entitlements of an executable against the profile embedded beside it.
    private func signedDiagnostics(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let signed = file.entitlements, let (profileFile, profile) = context.embeddedProfile(of: file),
              let team = profile.teamIdentifiers.first else { return [] }
        let related = [RelatedLocation(profileFile.location(team.pointer), message: "the embedded profile's team")]
        var diagnostics: [Diagnostic] = []
        let signedTeam = signed.applicationIdentifier?.value.split(separator: ".", maxSplits: 1).first.map(String.init)
        if let identifier = signed.applicationIdentifier, let signedTeam, signedTeam != team.value {
            diagnostics.append(diagnostic(
                "the app is signed as \"\(identifier.value)\" of team \(signedTeam), but its embedded profile \(ProfileRuleSupport.name(of: profile)) belongs to team \(team.value); the system refuses to install it, and AASA files listing \(signedTeam) do not match it; sign with a profile of team \(signedTeam)",
                at: file.location(identifier.pointer), related: related))
        }
        if let declared = signed.teamIdentifier, declared.value != team.value {
            diagnostics.append(diagnostic(
                "the app is signed with com.apple.developer.team-identifier \(declared.value), but its embedded profile belongs to team \(team.value); the system refuses to install it; sign with a profile of team \(declared.value)",
                at: file.location(declared.pointer), related: related))
        }
        if let bundleIdentifier = file.signedBundle?.bundleIdentifier, let pattern = profile.applicationIdentifier,
           !profile.allows(team: team.value, bundleIdentifier: bundleIdentifier) {
            diagnostics.append(diagnostic(
                "the bundle identifier \"\(bundleIdentifier)\" is not covered by the embedded profile's application-identifier \"\(pattern)\"; the system refuses to install the app; sign it with the profile of its App ID, or one whose identifier ends in a matching \"*\"",
                at: file.fileLocation,
                related: [RelatedLocation(profileFile.location(profile.payloadPointer(ofEntitlement: JSONPointer.root.appending("application-identifier"))),
                                          message: "the profile's application-identifier")]))
        }
        return diagnostics
    }
}
