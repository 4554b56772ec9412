import AASALintCore

struct APSEnvironmentRule: OptionlessRule {
    static let values = ["development", "production"]

    static let description = RuleDescription(
        id: "aps-environment",
        summary: "An `aps-environment` that is not `development` or `production`; a note for `development` in a release file",
        rationale: """
            `aps-environment` (`com.apple.developer.aps-environment` on macOS) chooses the \
            Apple Push Notification service environment: `development` (the sandbox) or \
            `production`, in lower case. Any other value (`Production`, `prod`, a boolean) is \
            rejected at signing or leaves the app without a push token: an error.

            `development` in a release entitlements file is only a note. Source files of apps \
            that ship usually say `development`: Xcode's distribution export (App Store, Ad Hoc, \
            Enterprise) replaces the value with the distribution provisioning profile's, \
            `production`, so only the signed app shows which environment ships. Check the \
            signed app with `codesign -d --entitlements - --xml App.app`: `development` there \
            means pushes your servers send through production never arrive.
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
        // In a signed app the value is no longer a source value: distribution-signed-development judges it.
        guard value == "development", file.signedBundle == nil,
              let reason = context.releaseFiles.reasonText(for: file.path) else { return [] }
        var note = diagnostic(
            "\(key) is \"development\" in a release entitlements file (\(reason)), as usual in a source file: Xcode's distribution export replaces it with the distribution provisioning profile's value (\"production\"), so only the signed app shows which push environment ships; check it with codesign -d --entitlements - --xml App.app",
            at: location
        )
        note.severity = .note
        return [note]
    }
}
