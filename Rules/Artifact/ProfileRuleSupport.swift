import AASALintCore
import Foundation

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
