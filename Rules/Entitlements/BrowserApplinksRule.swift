import AASALintCore

struct BrowserApplinksRule: Rule, FileCheck {
    static let webBrowserKey = "com.apple.developer.web-browser"

    static let description = RuleDescription(
        id: "browser-applinks",
        summary: "An app registered as a web browser declares `applinks:` entries, which the system does not honour",
        rationale: """
            An app with the `com.apple.developer.web-browser` entitlement can be chosen as the \
            default browser. Apple's technote TN3155 (Debugging universal links) says that web \
            browsers, and apps registered as browsers, may not register universal links with the \
            `applinks` service: links to the declared hosts do not open the app, whatever the \
            AASA file says. Open those URLs in the app as a browser would (it receives every \
            http and https link once it is the default), or keep the universal links in an app \
            that is not a browser, and remove the `applinks:` entries. `webcredentials:` entries \
            are not affected.
            """,
        severity: .warning,
        fileKinds: [.entitlements],
        examples: [
            RuleExample(triggers: true, """
                <key>com.apple.developer.web-browser</key><true/>
                <key>com.apple.developer.associated-domains</key><array><string>↓applinks:example.com</string></array>
                """),
            RuleExample(triggers: false, """
                <key>com.apple.developer.web-browser</key><true/>
                <key>com.apple.developer.associated-domains</key><array><string>webcredentials:example.com</string></array>
                """),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let browser = file.root?.member(Self.webBrowserKey), browser.value.boolValue == true,
              let entitlements = context.entitlements(of: file)
        else { return [] }
        let browserLocation = file.location(JSONPointer.root.appending(Self.webBrowserKey), .key)
        return entitlements.associatedDomains.filter { $0.value.service == "applinks" && $0.value.problem == nil }.map { entry in
            diagnostic(
                "\"\(entry.value.text)\": this app is registered as a web browser (\(Self.webBrowserKey)), and browsers may not register universal links (Apple's TN3155), so links to \(entry.value.hostName) will not open the app through this entry; handle them as the browser, or move the universal links to an app that is not a browser and remove this entry",
                at: file.location(entry.pointer),
                related: [RelatedLocation(browserLocation, message: "registered as a web browser here")]
            )
        }
    }
}
