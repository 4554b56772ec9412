import AASALintCore

struct DistributionSignedDevelopmentRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "distribution-signed-development",
        summary: "An app signed with a distribution profile carries development entitlements",
        rationale: """
            A build signed with a distribution profile (App Store, ad hoc or enterprise: \
            aasalint counts ad hoc, which lists devices, as distribution too) is what users or \
            testers run. Its signed entitlements are what ships, whatever the project's \
            `.entitlements` say (Xcode rewrites some on export). `aps-environment` other than \
            `production` sends push tokens to the sandbox, so pushes from production servers \
            never arrive; `get-task-allow` true lets debuggers attach and App Store Connect \
            rejects it; a `?mode=developer` domain is fetched from your server directly and only \
            on devices in developer mode, so users' devices ignore it. Each is an error in the \
            signed app (in a source `.entitlements` file `aps-environment: development` is only a \
            note, see `aps-environment`). Fix the build settings or the entitlements file of the \
            release configuration and export again.
            """,
        severity: .error,
        fileKinds: [.artifact],
        examples: [
            RuleExample(triggers: true, "signed aps-environment development, App Store profile", fixture: "push-sandbox.ipa"),
            RuleExample(triggers: false, "signed aps-environment production, App Store profile", fixture: "distribution.ipa"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let signed = file.entitlements, let (profileFile, profile) = context.embeddedProfile(of: file),
              profile.kind.isDistribution else { return [] }
        let signing = "the app is signed with the \(profile.kind.rawValue) profile \(ProfileRuleSupport.name(of: profile))"
        let related = [RelatedLocation(profileFile.location(profile.name?.pointer ?? .root), message: "the distribution profile")]
        var diagnostics: [Diagnostic] = []
        if let environment = signed.apsEnvironment, let value = environment.value.stringValue, value != "production" {
            diagnostics.append(diagnostic(
                "\(signing), but its signed aps-environment is \"\(value)\": push tokens come from the sandbox, so notifications your production servers send never arrive; set aps-environment to production for the release configuration and export again",
                at: file.location(environment.pointer), related: related))
        }
        if let getTaskAllow = signed.getTaskAllow, getTaskAllow.value {
            diagnostics.append(diagnostic(
                "\(signing), but get-task-allow is true: debuggers can attach and App Store Connect rejects the build; export with the distribution method so Xcode signs it false",
                at: file.location(getTaskAllow.pointer), related: related))
        }
        for entry in signed.associatedDomains where entry.value.isDeveloperMode {
            diagnostics.append(diagnostic(
                "\(signing), but \"\(entry.value.text)\" asks for developer mode: users' devices ignore the entry, so links to \(entry.value.hostName) open the browser; drop \"?mode=developer\" from the release entitlements",
                at: file.location(entry.pointer), related: related))
        }
        return diagnostics
    }
}
