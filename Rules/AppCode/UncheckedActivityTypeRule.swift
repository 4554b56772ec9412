import AASALintCore

struct UncheckedActivityTypeRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "unchecked-activity-type",
        summary: "A link handler reads `webpageURL` without checking the activity's type",
        rationale: """
            `scene(_:continue:)`, `scene(_:willConnectTo:options:)` and \
            `application(_:continue:restorationHandler:)` receive every `NSUserActivity` the \
            app takes part in: Handoff from another device, Spotlight results, Siri shortcuts, \
            as well as universal links. Some of them carry a `webpageURL` too (a Handoff \
            activity from a browser does). A handler that reads `webpageURL` without checking \
            that `activityType` is `NSUserActivityTypeBrowsingWeb` treats them all as links \
            (OWASP MASTG checks the same). Check the type first, as SwiftUI's \
            `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)` does.

            The note is at the first `webpageURL` the handler reads. A handler that passes the \
            activity to other code (which may check its type) is left alone.

            \(LinkHandlerSupport.readerLimits)
            """,
        severity: .note,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, """
                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { guard let url = userActivity.webpageURL else { return } ... }
                """, fixture: "unchecked"),
            RuleExample(triggers: false, """
                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                    guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return } ... }
                """, fixture: "checked"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        context.appCode(claimedBy: file).flatMap { app in
            app.declarations(named: LinkHandlerSupport.warmSceneHandler + LinkHandlerSupport.coldSceneHandler + LinkHandlerSupport.appDelegateHandler)
                .compactMap { handler -> Diagnostic? in
                    guard handler.isJudgeable, let read = handler.bodyMention(of: "webpageURL"),
                          !handler.bodyMentions("activityType"), !handler.bodyMentions("NSUserActivityTypeBrowsingWeb"),
                          Self.keepsItsArgument(handler)
                    else { return nil }
                    return diagnostic(
                        "\(handler.name) reads webpageURL without checking the activity's type: Handoff and Spotlight activities arrive here too, "
                            + "and are taken for links; check activityType == NSUserActivityTypeBrowsingWeb first",
                        at: read)
                }
        }
    }

    /// Labels of the argument that carries the activity (or the launch's options) in Swift and Objective-C.
    static let argumentLabels = ["continue", "continueUserActivity", "options"]

    /// Whether the handler only reads members of its activity (or options), rather than passing
    /// it to code that may check its type (`guard isLink(userActivity)`), which the reader cannot follow.
    private static func keepsItsArgument(_ handler: AppCode.Declaration) -> Bool {
        guard let name = argumentLabels.lazy.compactMap(handler.parameterName(labeled:)).first else { return false }
        return name == "_" || handler.membersRead(fromParameter: name) != nil
    }
}
