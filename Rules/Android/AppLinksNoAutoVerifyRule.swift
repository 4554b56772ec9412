import AASALintCore

struct AppLinksNoAutoVerifyRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-no-auto-verify",
        summary: "An intent filter for https links of a host that does not ask for verification",
        rationale: """
            Since Android 12 a web link opens a non-browser app only when the app is verified \
            for the link's host (or the user approved it in the settings); otherwise the default \
            browser takes it. A filter with `VIEW`, `BROWSABLE`, an `http`/`https` scheme and a \
            host but without `android:autoVerify="true"` asks for no verification, so its links \
            open the browser. Add `android:autoVerify="true"`, and serve the host's \
            `/.well-known/assetlinks.json`.

            Apps targeting API 30 or lower are the exception that makes this surprising: there, \
            if any filter asks for verification, the hosts of every web filter are verified \
            (and one failing host fails them all before Android 12).
            """,
        severity: .warning,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(autoVerify: false, start: "↓", data: #"android:scheme="https" android:host="example.com""#)),
            RuleExample(triggers: false, AndroidExample.filter(autoVerify: false, data: #"android:scheme="myapp" android:host="open""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        return manifest.filters.compactMap { activity, filter in
            guard filter.autoVerify == nil, filter.handlesWebURLs, let host = filter.authorities.first?.host else { return nil }
            return diagnostic(
                "this filter of \(activity.shownName) handles https links of \(host.value) but has no android:autoVerify=\"true\"; on Android 12 and later the app is not verified for the host, so its links open the browser; add android:autoVerify=\"true\"",
                at: file.location(of: filter))
        }
    }
}
