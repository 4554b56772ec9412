import AASALintCore

struct InvalidAppIDRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-app-id",
        summary: "An appID that is not `<team ID>.<bundle ID>`",
        rationale: """
            The system compares each appID exactly with the signed app's application \
            identifier: a 10-character team ID of upper-case letters and digits, a dot, and the \
            bundle ID. An appID with a 9-character team ID, a lower-case team ID, whitespace, a \
            wildcard (wildcards exist only in provisioning profiles) or a placeholder left from a \
            template (`DEVELOPMENT_TEAM.PRODUCT_BUNDLE_IDENTIFIER`, `appid_placeholder`, \
            Apple's sample `ABCDE12345`) matches no app, so links silently open the browser.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"details": [{"appIDs": [↓"W7JAY4CE8.com.example.app"]}]}}"#),
            RuleExample(triggers: true, #"{"webcredentials": {"apps": [↓"DEVELOPMENT_TEAM.PRODUCT_BUNDLE_IDENTIFIER"]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["W7JAY4CE8X.com.example.app"]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.aasa else { return [] }
        var appIDs: [(Located<String>, isKey: Bool)] = []
        for entry in document.applinks?.details ?? [] {
            appIDs += (entry.appIDs?.value ?? []).map { ($0, false) }
            if let appID = entry.appID { appIDs.append((appID, entry.appIDIsKey)) }
        }
        for list in [document.webCredentials, document.appClips, document.activityContinuation].compactMap({ $0 }) {
            appIDs += list.apps.map { ($0, false) }
        }
        return appIDs.compactMap { appID, isKey -> Diagnostic? in
            do throws(AppID.Problem) {
                _ = try AppID(appID.value)
                return nil
            } catch {
                return diagnostic("invalid appID \"\(appID.value)\": \(error.explanation)",
                                  at: file.location(appID.pointer, isKey ? .key : .value))
            }
        }
    }
}
