import AASALintCore

struct NoLinkHandlerRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "no-link-handler",
        summary: "The app claims `applinks:`, but none of its code receives a link",
        rationale: """
            A universal link that the server and the entitlements get right opens the app, and \
            then the app must read it: an `NSUserActivity` of type `NSUserActivityTypeBrowsingWeb` \
            whose `webpageURL` is the link. It arrives in `scene(_:willConnectTo:options:)` \
            (`connectionOptions.userActivities`, a cold start) and `scene(_:continue:)` (a warm \
            one) in a UIKit app with scenes, in `application(_:continue:restorationHandler:)` \
            in an app without scenes, and in SwiftUI's `onOpenURL` or \
            `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`. When no source of the app \
            has any of these, every link opens the app on whatever screen it shows and the page \
            is lost. Handle the link in one of them, or remove the `applinks:` entry.

            The finding is at the `applinks:` entry, with the app's entry point (`@main`) as the \
            related place.

            \(LinkHandlerSupport.readerLimits)
            """,
        severity: .warning,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, """
                App.entitlements: <string>applinks:example.com</string>
                ShopApp.swift: @main struct ShopApp: App { var body: some Scene { WindowGroup { ContentView() } } }
                """, fixture: "no-handler"),
            RuleExample(triggers: false, """
                App.entitlements: <string>applinks:example.com</string>
                ShopApp.swift: WindowGroup { ContentView().onOpenURL { url in router.open(url) } }
                """, fixture: "swiftui-on-open-url"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let (pointer, exampleURL) = LinkHandlerSupport.applinksEntry(of: file) else { return [] }
        return context.appCode(claimedBy: file).compactMap { app in
            guard app.incompleteness == nil, app.delegatesAreOwn, !app.mentions(anyOf: LinkHandlerSupport.linkNames),
                  app.declarations(named: LinkHandlerSupport.warmSceneHandler + LinkHandlerSupport.coldSceneHandler
                      + LinkHandlerSupport.appDelegateHandler).isEmpty
            else { return nil }
            let related = app.entryPoint.map { [RelatedLocation($0, message: "the app starts here")] } ?? []
            return diagnostic(
                "none of \(app.origin) receives a universal link: \(exampleURL) opens the app and nothing shows the page; "
                    + "read the NSUserActivity's webpageURL in onOpenURL (SwiftUI), in scene(_:willConnectTo:options:) and scene(_:continue:) "
                    + "(UIKit with scenes) or in application(_:continue:restorationHandler:) (no scenes)",
                at: file.location(pointer), related: related, exampleURL: exampleURL)
        }
    }
}
