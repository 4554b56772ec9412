import AASALintCore

struct LinkEntryPointRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "link-entry-point",
        summary: "Where in the app's code each expected URL arrives",
        rationale: """
            When the configuration lists URLs that must open the app (`expectations:` with \
            `opens`), this note says, for each URL on a host the entitlements claim with \
            `applinks:`, which of the app's methods receives it: SwiftUI's `onOpenURL` (or \
            `onContinueUserActivity`), the scene delegate's `scene(_:continue:)` while the app \
            runs and `scene(_:willConnectTo:options:)` when the link launches it, or the app \
            delegate's `application(_:continue:restorationHandler:)` in an app without scenes. \
            It is the place to start when a link opens the app on the wrong screen, and to \
            review the code that parses each URL. The note is at the URL in the configuration, \
            with the entry points as related places; it names no entry point it is not sure of.

            \(LinkHandlerSupport.readerLimits)
            """,
        severity: .note,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, """
                expectations: [{opens: ["https://example.com/product/42"]}]
                SceneDelegate.swift: scene(_:willConnectTo:options:) reads connectionOptions.userActivities; scene(_:continue:) reads webpageURL
                """, fixture: "scene-delegate"),
            RuleExample(triggers: false, """
                (no expectations in the configuration)
                """, fixture: "without-expectations"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let expectations = context.configuration.expectations
        guard !expectations.isEmpty, let claims = file.entitlements?.associatedDomains.filter({ $0.value.service == "applinks" }) else { return [] }
        let apps = context.appCode(claimedBy: file)
        guard !apps.isEmpty else { return [] }
        let appIDs = Set(context.apps(signedWith: file).compactMap(\.appID))
        var diagnostics: [Diagnostic] = []
        for set in expectations where set.app.map({ appIDs.contains($0.value) }) ?? true {
            for text in set.opens {
                guard let url = try? LinkURL(text.value), claims.contains(where: { $0.value.covers(host: url.host) }) else { continue }
                for app in apps {
                    guard let entry = Self.entryPoint(of: app) else { continue }
                    diagnostics.append(diagnostic("\(text.value) reaches the app in \(entry.description)", at: set.document.location(text.pointer),
                                                  related: entry.places, exampleURL: text.value))
                }
            }
        }
        return diagnostics
    }

    /// The methods a link reaches, in words and places; nil when the reader cannot be sure.
    private static func entryPoint(of app: AppCode) -> (description: String, places: [RelatedLocation])? {
        guard app.incompleteness == nil, app.delegatesAreOwn else { return nil }
        if let swiftUI = app.firstMention(ofAnyOf: LinkHandlerSupport.swiftUIHandlers) {
            return ("\(swiftUI.name) (SwiftUI), on a launch and while it runs", [RelatedLocation(swiftUI.location, message: "the link arrives here")])
        }
        switch app.isSceneBased {
        case true?:
            let warm = app.declarations(named: LinkHandlerSupport.warmSceneHandler)
            let cold = app.declarations(named: LinkHandlerSupport.coldSceneHandler)
            guard warm.count == 1, cold.count == 1, let running = warm.first, let launch = cold.first,
                  let options = launch.parameterName(labeled: "options"), let members = launch.membersRead(fromParameter: options)
            else { return nil }
            let type = running.typeName.map { $0 + "." } ?? ""
            var places = [RelatedLocation(running.location, message: "while the app runs")]
            let launchPart: String
            if members.contains("userActivities") {
                launchPart = "and in \(launch.name) (\(options).userActivities) when the link launches it"
                places.append(RelatedLocation(launch.location, message: "when the link launches the app"))
            } else {
                launchPart = "but nowhere when the link launches it (see cold-start-link-ignored)"
            }
            return ("\(type)\(running.name) while it runs, \(launchPart)", places)
        case false?:
            let handlers = app.declarations(named: LinkHandlerSupport.appDelegateHandler)
            guard handlers.count == 1, let handler = handlers.first else { return nil }
            let type = handler.typeName.map { $0 + "." } ?? ""
            return ("\(type)\(handler.name), on a launch and while it runs", [RelatedLocation(handler.location, message: "the link arrives here")])
        case nil:
            return nil
        }
    }
}
