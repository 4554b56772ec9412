import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the profile rules say about dates and names.
enum ProfileRuleSupport {
    /// Whole days from `now` to `date`, rounded down; negative once it has passed.
    static func days(from now: Date, to date: Date) -> Int {
        Int((date.timeIntervalSince(now) / 86_400).rounded(.down))
    }

    static func name(of profile: ProvisioningProfile) -> String {
        profile.name.map { "\"\($0.value)\"" } ?? "this profile"
    }
}

extension LintContext {
    /// The profile embedded beside the executable whose signed entitlements `file` holds, read
    /// as a file of its own (`Shop.ipa!Payload/Shop.app/embedded.mobileprovision`).
    func embeddedProfile(of file: LintFile) -> (file: LintFile, profile: ProvisioningProfile)? {
        guard let bundle = file.signedBundle,
              let profileFile = files.first(where: { $0.path == bundle.embeddedProfilePath }),
              let profile = profileFile.profile else { return nil }
        return (profileFile, profile)
    }
}
