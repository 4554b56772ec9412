import AASALintCore

struct DevelopmentProfileInReleaseRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "development-profile-in-release",
        summary: "A development provisioning profile in a release (`--release`, `release_entitlements` globs)",
        rationale: """
            A development profile (one that allows `get-task-allow`, or lists devices with the \
            `development` push environment) runs the app only on the devices it lists, lets \
            debuggers attach, and sends pushes through the sandbox. App Store Connect rejects a \
            build signed with one, and an ad hoc or enterprise build signed with one does not \
            install on testers' devices. aasalint sorts profiles so: `ProvisionsAllDevices` is \
            enterprise; otherwise `get-task-allow` true, or devices with a `development` \
            aps-environment, is development; devices without either is ad hoc, a distribution \
            profile limited to its devices; no devices is App Store. Checked when the profile \
            is linted as a release file (`--release`, or a `release_entitlements` glob matches \
            its path); sign the release with the distribution profile.
            """,
        severity: .error,
        fileKinds: [.provisioningProfile],
        examples: [
            RuleExample(triggers: true, "a development profile (get-task-allow, devices) linted with --release",
                        fixture: "development-release.mobileprovision"),
            RuleExample(triggers: false, "an App Store profile (no devices) linted with --release",
                        fixture: "appstore-release.mobileprovision"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let profile = file.profile, profile.kind == .development,
              let reason = context.releaseFiles.reasonText(for: file.path) else { return [] }
        let why = profile.entitlements?.getTaskAllow?.value == true
            ? "it allows get-task-allow" : "it lists devices with the development push environment"
        return [diagnostic(
            "\(ProfileRuleSupport.name(of: profile)) is a development provisioning profile (\(why)), in a release (\(reason)); App Store Connect rejects builds signed with it and testers cannot install them; sign the release with an App Store, ad hoc or enterprise profile",
            at: file.location(profile.name?.pointer ?? .root)
        )]
    }
}
