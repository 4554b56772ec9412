import AASALintCore

struct ColdStartLinkIgnoredRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "cold-start-link-ignored",
        summary: "A scene handles links when the app runs, but not when a link launches it",
        rationale: """
            In an app with scenes (`UIApplicationSceneManifest`), a universal link tapped while \
            the app runs arrives in `scene(_:continue:)`. A link that launches the app arrives \
            once, in `scene(_:willConnectTo:options:)`, as `connectionOptions.userActivities`, \
            and `scene(_:continue:)` is not called for it. A scene delegate that implements \
            the first and never reads the second opens the app on its home screen for every \
            link tapped while the app is not running: the classic bug of apps with links, \
            invisible while testing with the app in memory. Read \
            `connectionOptions.userActivities` in `scene(_:willConnectTo:options:)` and hand \
            the web-browsing activity to the same code.

            The same holds for custom URL schemes when the Info.plist declares \
            `CFBundleURLTypes`: `scene(_:openURLContexts:)` receives a URL while the app runs, \
            `connectionOptions.urlContexts` on a launch.

            The finding is at the `scene(_:continue:)` (or `scene(_:openURLContexts:)`) \
            declaration, with `scene(_:willConnectTo:options:)` of the same type as the related \
            place. The rule stays silent when that method passes `connectionOptions` on \
            (to a coordinator, a stored property, `super`), when any source reads \
            `userActivities` (or `urlContexts`) or uses SwiftUI's `onOpenURL`, or when another \
            type declares the method.

            \(LinkHandlerSupport.readerLimits)
            """,
        severity: .warning,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, """
                SceneDelegate.swift: func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) { guard let _ = (scene as? UIWindowScene) else { return } }
                func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { router.open(userActivity.webpageURL) }
                """, fixture: "warm-path-only"),
            RuleExample(triggers: false, """
                SceneDelegate.swift: func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) { connectionOptions.userActivities.forEach(handle) }
                """, fixture: "both-paths"),
        ]
    )

    /// A pair of entry points: the one a running app gets, and the launch's member that carries the same.
    private struct Pair {
        let warm: [String]
        let launchMember: String
        let what: String
        let warmName: String
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let (_, exampleURL) = LinkHandlerSupport.applinksEntry(of: file) else { return [] }
        return context.appCode(claimedBy: file).flatMap { app -> [Diagnostic] in
            // SwiftUI's modifiers receive launches too, whatever a UIKit scene delegate beside them does.
            guard app.isSceneBased == true, !app.mentions(anyOf: LinkHandlerSupport.swiftUIHandlers) else { return [] }
            var pairs = [Pair(warm: LinkHandlerSupport.warmSceneHandler, launchMember: "userActivities", what: "a universal link such as \(exampleURL)",
                              warmName: "scene(_:continue:)")]
            if app.declaresURLTypes == true {
                pairs.append(Pair(warm: LinkHandlerSupport.warmURLContextsHandler, launchMember: "urlContexts", what: "a custom-scheme URL",
                                  warmName: "scene(_:openURLContexts:)"))
            }
            let launches = app.declarations(named: LinkHandlerSupport.coldSceneHandler)
            return pairs.flatMap { pair in findings(for: pair, launches: launches, in: app, exampleURL: exampleURL) }
        }
    }

    private func findings(for pair: Pair, launches: [AppCode.Declaration], in app: AppCode, exampleURL: String) -> [Diagnostic] {
        guard !app.mentions(anyOf: [pair.launchMember]) else { return [] }
        return app.declarations(named: pair.warm).compactMap { warm in
            guard let type = warm.typeName, warm.isJudgeable, warm.hasBody else { return nil }
            let sameType = launches.filter { $0.typeName == type && $0.isSwift == warm.isSwift }
            // Another type's launch method may be the one the app uses: the reader cannot tell which.
            guard sameType.count == 1, launches.count == 1, let launch = sameType.first, launch.isJudgeable, launch.hasBody, !launch.bodyHasConditional,
                  let options = launch.parameterName(labeled: "options")
            else { return nil }
            if options != "_" {
                guard let members = launch.membersRead(fromParameter: options), !members.contains(pair.launchMember) else { return nil }
            }
            let read = launch.isSwift ? "\(options).\(pair.launchMember)" : "[\(options) \(pair.launchMember)]"
            return diagnostic(
                "\(type) receives \(pair.what) in \(pair.warmName) only while the app runs: when it launches the app, it arrives in "
                    + "scene(_:willConnectTo:options:) as \(read), which that method never reads, so the app opens on its first screen; "
                    + "handle \(read) there too",
                at: warm.location, related: [RelatedLocation(launch.location, message: "the launch arrives here")],
                exampleURL: pair.launchMember == "userActivities" ? exampleURL : nil)
        }
    }
}
