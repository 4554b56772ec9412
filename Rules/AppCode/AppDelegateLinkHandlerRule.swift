import AASALintCore

struct AppDelegateLinkHandlerRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-delegate-link-handler",
        summary: "An app with scenes handles links only in its app delegate, which the system does not call for them",
        rationale: """
            Once an app adopts scenes (its Info.plist declares `UIApplicationSceneManifest`, or \
            it is a SwiftUI `App`), the system delivers a universal link to the scene: \
            `scene(_:willConnectTo:options:)` and `scene(_:continue:)`, or SwiftUI's \
            `onOpenURL`. It no longer calls the app delegate's \
            `application(_:continue:restorationHandler:)` (Objective-C: \
            `application:continueUserActivity:restorationHandler:`), so a handler there, often \
            left from before the app adopted scenes or added with `@UIApplicationDelegateAdaptor`, \
            never runs and links open the app on its first screen. Move the handling to the \
            scene delegate (both methods) or to `onOpenURL`.

            The finding is at the app delegate's method. Apps without scenes, whose app \
            delegate does receive links, are left alone, and so are apps that do not import \
            UIKit or that import AppKit (a Mac app's delegate is another matter).

            \(LinkHandlerSupport.readerLimits)
            """,
        severity: .warning,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, """
                Info.plist: <key>UIApplicationSceneManifest</key>
                AppDelegate.swift: func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: ...) -> Bool
                """, fixture: "scene-app"),
            RuleExample(triggers: false, """
                Info.plist without UIApplicationSceneManifest
                AppDelegate.swift: func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: ...) -> Bool
                """, fixture: "pre-scene-app"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let (_, exampleURL) = LinkHandlerSupport.applinksEntry(of: file) else { return [] }
        return context.appCode(claimedBy: file).flatMap { app -> [Diagnostic] in
            // A Mac app's delegate is another protocol, whose calls with scenes are not the iPhone's.
            guard app.isSceneBased == true, app.incompleteness == nil, app.imports("UIKit"), !app.imports("AppKit"), !app.imports("Cocoa"),
                  app.delegatesAreOwn,
                  !app.mentions(anyOf: LinkHandlerSupport.swiftUIHandlers + ["userActivities"]),
                  app.declarations(named: LinkHandlerSupport.warmSceneHandler).isEmpty,
                  app.declarations(named: LinkHandlerSupport.coldSceneHandler).allSatisfy(readsItsOptionsItself)
            else { return [] }
            return app.declarations(named: LinkHandlerSupport.appDelegateHandler).filter(\.hasBody).map { handler in
                diagnostic(
                    "\(handler.typeName ?? "the app delegate") handles universal links in \(handler.name), which the system does not call in an app "
                        + "with scenes: \(exampleURL) opens the app and this code never runs; handle the link in the scene delegate's "
                        + "scene(_:willConnectTo:options:) and scene(_:continue:), or in onOpenURL (SwiftUI)",
                    at: handler.location, exampleURL: exampleURL)
            }
        }
    }

    /// Whether a launch method keeps `connectionOptions` to itself (or ignores it), rather than
    /// passing it to code that might read its activities.
    private func readsItsOptionsItself(_ launch: AppCode.Declaration) -> Bool {
        guard let options = launch.parameterName(labeled: "options") else { return false }
        return options == "_" || launch.membersRead(fromParameter: options) != nil
    }
}
