import AASALintCore

struct AppLinksFilterIncompleteRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-filter-incomplete",
        summary: "An `autoVerify` intent filter that Android does not collect for verification",
        rationale: """
            Android verifies the hosts of an intent filter only when it has \
            `android:autoVerify="true"`, the action `android.intent.action.VIEW`, **both** \
            categories `android.intent.category.BROWSABLE` and `android.intent.category.DEFAULT`, \
            and an `http` or `https` scheme (AOSP's `DomainVerificationCollector`). Without one \
            of them the filter is not collected: its hosts are never verified, and on Android 12 \
            and later their links open the browser (or ask the user) instead of the app. \
            Without `DEFAULT` the filter does not even receive links the browser hands on.

            A `mimeType` in a web filter makes it miss every link: a browser's intent carries no \
            type, and a filter with types matches only intents that have one.
            """,
        severity: .error,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(start: "↓", categories: ["BROWSABLE"], data: #"android:scheme="https" android:host="example.com""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (activity, filter) in manifest.filters {
            if filter.requestsVerification {
                var missing: [String] = []
                if !filter.hasViewAction { missing.append("<action android:name=\"\(IntentFilter.viewAction)\"/>") }
                if !filter.hasCategory(IntentFilter.defaultCategory) { missing.append("<category android:name=\"\(IntentFilter.defaultCategory)\"/>") }
                if !filter.hasCategory(IntentFilter.browsableCategory) { missing.append("<category android:name=\"\(IntentFilter.browsableCategory)\"/>") }
                if filter.webSchemes.isEmpty { missing.append("<data android:scheme=\"https\"/>") }
                if !missing.isEmpty {
                    diagnostics.append(diagnostic(
                        "this filter of \(activity.shownName) asks for verification (autoVerify) but lacks \(missing.joined(separator: " and ")); Android does not collect it, so its hosts are never verified and their links open the browser on Android 12 and later; add \(missing.count == 1 ? "it" : "them")",
                        at: file.location(of: filter)))
                }
            }
            if filter.handlesWebURLs, let mimeType = filter.mimeTypes.first {
                diagnostics.append(diagnostic(
                    "android:mimeType in a filter for web links: a browser's intent has no type, so this filter matches no link; move the mimeType to a filter of its own",
                    at: file.location(of: mimeType)))
            }
        }
        return diagnostics
    }
}
