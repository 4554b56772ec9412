import AASALintCore

struct APSEnvironmentRule: OptionlessRule {
    static let values = ["development", "production"]

    static let description = RuleDescription(
        id: "aps-environment",
        summary: "An `aps-environment` that is not `development` or `production`, or `development` in a release file",
        rationale: """
            `aps-environment` (`com.apple.developer.aps-environment` on macOS) chooses the \
            Apple Push Notification service environment: `development` (the sandbox) or \
            `production`, in lower case. Any other value (`Production`, `prod`, a boolean) is \
            rejected at signing or leaves the app without a push token. A release build with \
            `development` registers with the sandbox, so pushes your servers send through \
            production never arrive. Write `production` in the release entitlements.
            """,
        severity: .error,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<key>aps-environment</key><string>Production</string>"),
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
            let suggestion = Suggestion.nearest(to: value, in: Self.values).map { "write \"\($0)\"" }
                ?? "write \"development\" or \"production\""
            let caseNote = Self.values.contains(value.lowercased()) ? " (the value is case-sensitive)" : ""
            return [diagnostic(
                "\"\(value)\" is not a valid \(key)\(caseNote); signing rejects it or the app gets no push token; \(suggestion)",
                at: location
            )]
        }
        guard value == "development", let reason = context.releaseFiles.reasonText(for: file.path) else { return [] }
        return [diagnostic(
            "\(key) is \"development\" in a release entitlements file (\(reason)); signed as written, the app registers with the push sandbox and notifications sent through production never arrive (Xcode's App Store export may substitute the profile's value; other signing does not); write \"production\"",
            at: location
        )]
    }
}
