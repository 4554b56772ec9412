import AASALintCore

struct URLExpectationRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "url-expectation",
        summary: "A configured URL that does not open the app, or opens it but should not",
        rationale: """
            The configuration's `expectations` list URLs that must open an app (`opens`) and \
            URLs that must stay on the web (`stays_on_web`), written out or taken from a sitemap \
            or a file of URLs (`opens_from`, `stays_on_web_from`, with `paths` to keep only some \
            paths, such as every product page of the sitemap); a failing URL of such a file is \
            reported on the line that names the file. Each is decided the way the system \
            decides it, with the AASA file served on the URL's host (from `domains`, or the only \
            AASA file of the run): the first details entry that lists the app decides, and in it \
            the first rule whose parts all match. A failure names the rule that decided, or says \
            that none did; fix the rules, or the expectation if the site changed on purpose. When \
            the app's entitlements are known (`apps` in the configuration, or a signed app), a URL \
            that must open it on a host it does not claim with `applinks:` is reported: email \
            click tracking and link shorteners rewrite links to their own host \
            (`click.example.com`), which needs both the claim and its own AASA file.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, """
                expectations:
                  - app: ABCDE12345.com.example.shop
                    opens: ["https://example.com/account/orders"]
                # with the AASA rules [{"/": "/account/*", "exclude": true}, {"/": "*"}]
                """, fixture: "fails"),
            RuleExample(triggers: false, """
                expectations:
                  - app: ABCDE12345.com.example.shop
                    opens: ["https://example.com/product/42"]
                    stays_on_web: ["https://example.com/account/orders"]
                """, fixture: "passes"),
            RuleExample(triggers: true, """
                expectations:
                  - app: ABCDE12345.com.example.shop
                    opens_from: web/sitemap.xml
                    paths: ["/product/*"]
                # web/sitemap.xml lists https://example.com/product/42/reviews, and the AASA file
                # excludes /product/*/reviews
                """, fixture: "sitemap"),
            RuleExample(triggers: true, """
                expectations:
                  - app: ABCDE12345.com.example.shop
                    opens: ["https://example.com/product/42", "https://click.example.com/ls/click?upn=42"]
                # the app's entitlements claim only applinks:example.com; example.com lists the app for /product/*
                """, fixture: "unclaimed-host"),
        ]
    )

    var readsMatcher: Bool { true }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard !context.configuration.expectations.isEmpty else { return [] }
        let aasaFiles = context.files.filter { $0.kind == .aasa }
        // Findings that belong to no AASA file are reported once, with the first one.
        let reportsUnplaced = aasaFiles.first?.path == file.path
        // Through the index: a sitemap's thousands of URLs each try the few components they meet.
        let matcher = file.matcher.map(BulkMatcher.init)
        var diagnostics: [Diagnostic] = []
        for set in context.configuration.expectations {
            let urls = set.opens.map { ($0, true) } + set.staysOnWeb.map { ($0, false) }
            for (text, mustOpen) in urls {
                let place = set.document.location(text.pointer)
                let url: LinkURL
                do {
                    url = try LinkURL(text.value)
                } catch {
                    if reportsUnplaced {
                        diagnostics.append(diagnostic("\(error.description), so this expectation cannot be checked", at: place))
                    }
                    continue
                }
                if mustOpen, let unclaimed = unclaimedHost(of: url, for: set.app?.value, in: context) {
                    if reportsUnplaced {
                        diagnostics.append(diagnostic("\"\(text.value)\" must open \(unclaimed)", at: place, exampleURL: text.value))
                    }
                    continue
                }
                switch servingFile(of: url, among: aasaFiles, in: context) {
                case .found(let target) where target.path == file.path:
                    let check = ExpectationCheck(url: url, mustOpen: mustOpen, app: set.app?.value, file: file, place: place)
                    diagnostics += check.failures(with: matcher, rule: self)
                case .found:
                    continue
                case .missing(let explanation):
                    if reportsUnplaced {
                        diagnostics.append(diagnostic("\"\(text.value)\" cannot be checked: \(explanation)", at: place, exampleURL: text.value))
                    }
                }
            }
        }
        return diagnostics
    }

    /// The rest of a sentence when the apps that `appID` names (every app, without one) are
    /// known by their entitlements and none claims the URL's host with `applinks:`; nil when
    /// one does, or when no entitlements are known. Click-tracking and link-shortening domains
    /// (`click.example.com`) are the usual case: the links are rewritten to a host the app
    /// never claimed.
    private func unclaimedHost(of url: LinkURL, for appID: String?, in context: LintContext) -> String? {
        let apps = (context.projectApps + context.signedApps).filter { app in
            app.entitlements != nil && (appID == nil || app.appID == appID)
        }
        guard !apps.isEmpty else { return nil }
        let claims = apps.flatMap(\.checkableDomains).map(\.value).filter { $0.service == "applinks" }
        guard !claims.contains(where: { $0.covers(host: url.host) }) else { return nil }
        let files = Set(apps.compactMap { $0.entitlementsFile?.path }).sorted().joined(separator: ", ")
        let claimed = claims.isEmpty ? "no applinks: domain" : "only " + claims.map(\.text).joined(separator: ", ")
        return "\(appID ?? "an app"), but the app does not claim \(url.host): its entitlements (\(files)) list \(claimed), and the system opens an app only for the hosts it claims; add applinks:\(url.host) to the entitlements, and serve an AASA file that lists the app on \(url.host) itself (a click-tracking or link-shortening domain needs both)"
    }

    private enum ServingFile {
        case found(LintFile)
        case missing(String)
    }

    /// The AASA served on the URL's host: the configured one, or the run's only AASA file.
    private func servingFile(of url: LinkURL, among aasaFiles: [LintFile], in context: LintContext) -> ServingFile {
        if let domain = context.configuration.domains.first(where: { url.isOnHost($0.host.value) }) {
            guard let file = context.file(atConfiguredPath: domain.aasaPath.value) else {
                return .missing("the AASA file configured for \(domain.host.value), \(domain.aasaPath.value), is not among the files read")
            }
            return .found(file)
        }
        if aasaFiles.count == 1, let only = aasaFiles.first { return .found(only) }
        return .missing("no AASA file is configured for \(url.host); add it under \"domains\"")
    }
}

/// One URL of an expectation, decided and explained.
private struct ExpectationCheck {
    let url: LinkURL
    let mustOpen: Bool
    let app: String?
    let file: LintFile
    let place: Location

    func failures(with matcher: BulkMatcher?, rule: URLExpectationRule) -> [Diagnostic] {
        guard let matcher else {
            guard mustOpen else { return [] }
            return [rule.diagnostic(
                "\"\(url.string)\" must open \(app ?? "an app"), but \(file.path) is not a valid AASA file, so the system opens no app for any URL of this host",
                at: place, exampleURL: url.string
            )]
        }
        let everyApp = matcher.matcher.appIDs.map { matcher.decide(url, appID: $0) }
        let decisions = app.map { [matcher.decide(url, appID: $0)] } ?? everyApp
        let opening = everyApp.filter { $0.outcome == .match }
        if mustOpen {
            guard !decisions.contains(where: { $0.outcome == .match }) else { return [] }
            let others = opening.map(\.appID).filter { $0 != app }
            let instead = others.isEmpty ? "" : "; it opens \(others.joined(separator: ", ")) instead"
            guard let decision = decisions.first else {
                return [rule.diagnostic("\"\(url.string)\" must open an app, but \(file.path) lists no app", at: place, exampleURL: url.string)]
            }
            return [notOpened(decision, instead: instead, matcher: matcher, rule: rule)]
        }
        return decisions.filter { $0.outcome == .match }.compactMap { decision in
            guard let decider = decision.decidingComponent else { return nil }
            return rule.diagnostic(
                "\"\(url.string)\" must stay on the web, but it opens \(decision.appID): the component \(decider.summary) matches it first; add an exclusion for it before that component, or narrow that component",
                at: place,
                related: [RelatedLocation(file.location(decider.pointer), message: "this component opens the app for the URL")],
                exampleURL: url.string
            )
        }
    }

    private func notOpened(_ decision: Decision, instead: String, matcher: BulkMatcher, rule: URLExpectationRule) -> Diagnostic {
        let subject = "\"\(url.string)\" must open \(decision.appID)"
        guard let entry = decision.entry else {
            return rule.diagnostic("\(subject), but no details entry of \(file.path) lists the app\(instead); add it to \"appIDs\"",
                                   at: place, exampleURL: url.string)
        }
        if let decider = decision.decidingComponent {
            return rule.diagnostic(
                "\(subject), but the exclusion \(decider.summary) matches it first and keeps it on the web\(instead); narrow that exclusion, or put a component for this URL before it",
                at: place,
                related: [RelatedLocation(file.location(decider.pointer), message: "this component blocks the URL")],
                exampleURL: url.string
            )
        }
        let count = matcher.decide(url, appID: decision.appID, tracing: true).trace.count
        return rule.diagnostic(
            "\(subject), but none of the \(count) component\(count == 1 ? "" : "s") of the details entry that lists the app matches it (path \"\(url.path.encoded)\")\(instead); add a component that matches it",
            at: place,
            related: [RelatedLocation(file.location(entry), message: "this details entry decides for \(decision.appID)")],
            exampleURL: url.string
        )
    }
}
