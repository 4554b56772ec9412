import AASALintCore

struct SignedDomainsNotInProfileRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "signed-domains-not-in-profile",
        summary: "A signed associated domain that the embedded provisioning profile does not allow",
        rationale: """
            An app may use only the entitlements its provisioning profile grants. For Associated \
            Domains the profile's `com.apple.developer.associated-domains` is `*` (any domain) or \
            lists the entries; a signed entry it does not allow makes the system refuse to install \
            the app, and a profile without the entitlement at all means the App ID lacks the \
            Associated Domains capability, so universal links, shared web credentials and App \
            Clips do not work for any domain. Checked on the signed entitlements of each \
            executable in an `.app`, `.ipa` or `.xcarchive` against its `embedded.mobileprovision`. \
            Enable Associated Domains for the App ID in the developer account, regenerate the \
            profile and sign again.
            """,
        severity: .error,
        fileKinds: [.artifact],
        examples: [
            RuleExample(triggers: true, "signed applinks:blog.example.com; the profile lists only applinks:shop.example.com",
                        fixture: "unlisted-domain.ipa"),
            RuleExample(triggers: false, "signed applinks:shop.example.com; the profile lists it", fixture: "listed.ipa"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let signed = file.entitlements, !signed.associatedDomains.isEmpty,
              let (profileFile, profile) = context.embeddedProfile(of: file) else { return [] }
        guard profile.allowedDomains != nil else {
            let value = signed.associatedDomainsValue?.pointer ?? .root
            return [diagnostic(
                "the app is signed with \(EntitlementsDocument.associatedDomainsKey), but its provisioning profile \(ProfileRuleSupport.name(of: profile)) does not have the Associated Domains capability, so the system strips it: no universal links or shared credentials for any domain; enable Associated Domains for the App ID in your developer account, regenerate the profile and sign again",
                at: file.location(value),
                related: [RelatedLocation(profileFile.location(profile.entitlementsPointer), message: "the profile's entitlements")]
            )]
        }
        return signed.associatedDomains.filter { !profile.allowsDomain($0.value.text) }.map { entry in
            diagnostic(
                "\"\(entry.value.text)\" is signed into the app, but its provisioning profile \(ProfileRuleSupport.name(of: profile)) does not allow it (the profile allows \(profile.allowedDomains?.map { "\"\($0)\"" }.joined(separator: ", ") ?? "none")); the system refuses to install the app; add the domain to the App ID's Associated Domains, regenerate the profile and sign again",
                at: file.location(entry.pointer),
                related: [RelatedLocation(profileFile.location(profile.payloadPointer(ofEntitlement: JSONPointer.root.appending(EntitlementsDocument.associatedDomainsKey))),
                                          message: "the domains the profile allows")]
            )
        }
    }
}
