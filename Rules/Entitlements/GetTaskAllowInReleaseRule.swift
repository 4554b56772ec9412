import AASALintCore

struct GetTaskAllowInReleaseRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "get-task-allow-in-release",
        summary: "`get-task-allow` is true in an entitlements file that ships",
        rationale: """
            `get-task-allow` (`com.apple.security.get-task-allow` on macOS) lets a debugger \
            attach to the app. Xcode adds it to development-signed builds on its own; in a \
            release entitlements file it makes App Store Connect reject the upload (and a \
            build distributed another way can be attached to and inspected). Remove the key or \
            set it to false.
            """,
        severity: .error,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, "<key>get-task-allow</key>↓<true/>"),
            RuleExample(triggers: false, "<key>get-task-allow</key><false/>"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let reason = context.releaseFiles.reasonText(for: file.path),
              let getTaskAllow = file.entitlements?.getTaskAllow, getTaskAllow.value
        else { return [] }
        return [diagnostic(
            "\(getTaskAllow.pointer.lastToken ?? "get-task-allow") is true in a release entitlements file (\(reason)); it lets debuggers attach, and App Store Connect rejects builds that carry it; remove the key or set it to <false/>",
            at: file.location(getTaskAllow.pointer)
        )]
    }
}
