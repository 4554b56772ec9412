import AASALintCore

struct APSEnvironmentRule: Rule, FileCheck {
    static let values = ["development", "production"]

    static let description = RuleDescription(
        id: "aps-environment",
        summary: "An `aps-environment` that is not `development` or `production`",
        rationale: """
            `aps-environment` (`com.apple.developer.aps-environment` on macOS) chooses the \
            Apple Push Notification service environment: `development` (the sandbox) or \
            `production`, in lower case. Any other value (`Production`, `prod`, a boolean) is \
            rejected at signing or leaves the app without a push token: an error.

            `development` in a release entitlements file is not reported: source files of apps \
            that ship usually say `development`, and Xcode's distribution export (App Store, Ad \
            Hoc, Enterprise) replaces the value with the distribution provisioning profile's, \
            `production`. Only the signed app shows which environment ships: lint it (the \
            `.ipa` or `.app`), where `distribution-signed-development` reports `development` \
            signed with a distribution profile, so pushes your servers send through production \
            never arrive.
            """,
        severity: .error,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<key>aps-environment</key><string>↓Production</string>"),
            RuleExample(triggers: false, "<key>aps-environment</key><string>production</string>"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let environment = context.entitlements(of: file)?.apsEnvironment else { return [] }
        let key = environment.pointer.lastToken ?? "aps-environment"
        let location = file.location(environment.pointer)
        guard let value = environment.value.stringValue else {
            return [diagnostic(
                "\(key) is \(environment.value.plistElementName), not the <string> \"development\" or \"production\"; the app gets no push token; write <string>production</string>",
                at: location
            )]
        }
        guard !BuildSettings.containsReference(value) else { return [] }
        guard Self.values.contains(value) else {
            let suggestion = Suggestion.nearest(to: value, in: Self.values)
            let advice = suggestion.map { "write \"\($0)\"" } ?? "write \"development\" or \"production\""
            let isCaseSlip = Self.values.contains(value.lowercased())
            let caseNote = isCaseSlip ? " (the value is case-sensitive)" : ""
            // Only a slip of case is certain; another near value might be meant as the other environment.
            let fix = suggestion.map { meant in
                Fix(advice, isSafe: isCaseSlip, edits: file.edit(replacingString: environment.value, with: meant).map { [$0] } ?? [])
            }
            return [diagnostic(
                "\"\(value)\" is not a valid \(key)\(caseNote); signing rejects it or the app gets no push token; \(advice)",
                at: location,
                fix: fix
            )]
        }
        // `development` in a source file is what Xcode's distribution export replaces; in a signed
        // app, distribution-signed-development judges it.
        return []
    }
}
