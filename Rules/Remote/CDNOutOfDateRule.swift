import AASALintCore

struct CDNOutOfDateRule: Rule, RemoteCheck {
    static let description = RuleDescription(
        id: "cdn-out-of-date",
        summary: "Apple's CDN serves a copy of the file that differs in meaning from the host's",
        rationale: """
            Since iOS 14, devices do not download the file from the host: they read Apple's CDN \
            copy at `https://app-site-association.cdn-apple.com/a/v1/HOST`, which Apple refreshes \
            within about a day and which cannot be purged. The CDN's `Cache-Control: max-age` and \
            `Age` tell how old its copy is and when it expires at the latest; when it has no copy, \
            its `Apple-Failure-Reason` (such as `SWCERR00101 Bad HTTP Response: 403 Forbidden`, \
            the status the host gave Apple's crawler), `Apple-Failure-Details`, `Apple-From` and \
            `Apple-Try-Direct` headers say why, and the finding repeats them. Until it refreshes, devices decide with \
            the old rules: URLs you just excluded still open the app, new paths do not. The copies \
            are compared by meaning (which URLs open, stay on the web or are blocked, per app), so \
            reformatting is not reported. After a deploy this is expected for a day; if it lasts, \
            Apple's crawler cannot read the host's file (a firewall, a geo or bot filter, a \
            redirect): let it through.
            """,
        severity: .warning,
        isOptIn: true,
        examples: [
            RuleExample(triggers: true, "the host serves {\"/\": \"/account/*\", \"exclude\": true} first; the CDN's copy does not have it yet", fixture: "stale-copy"),
            RuleExample(triggers: false, "the CDN's copy has the same rules with other whitespace or key order", fixture: "reformatted-copy"),
        ]
    )

    func check(_ fetch: HostFetch) -> [Diagnostic] {
        guard let origin = fetch.origin.servedFile else { return [] }
        let cdn = fetch.cdn
        let location = cdn.file.fileLocation
        switch cdn.outcome {
        case .failure(let failure):
            return [diagnostic(
                "Apple's CDN copy could not be downloaded: \(failure.reason); devices on iOS 14 and later read that copy, so what they see was not checked",
                at: location
            )]
        case .success(let response) where response.status != 200:
            let answer = CDNAnswer(response, receivedAt: cdn.receivedAt)
            let why = answer.failureExplanation.map { ": \($0)" } ?? ""
            let retry = answer.retrySentence.map { "; the CDN keeps this answer and asks the host again \($0)" } ?? ""
            return [diagnostic(
                "Apple's CDN has no copy of this host's file: it answers \(response.statusDescription)\(why); devices on iOS 14 and later read only that copy, so no link on this host opens the app until Apple's crawler downloads the file, usually within a day\(retry); if this lasts, let Apple's crawler reach the file",
                at: location
            )]
        case .success(let response) where response.body == origin.bytes:
            return []
        case .success(let response):
            let answer = CDNAnswer(response, receivedAt: cdn.receivedAt)
            guard let served = AASAMatcher(file: origin) else { return [] }
            guard let copy = AASAMatcher(file: cdn.file) else {
                return [stale("the CDN's copy is not a valid AASA file, unlike the host's", answer: answer, at: location, origin: origin)]
            }
            let difference = SemanticDiff(old: copy, new: served, host: fetch.host)
            guard !difference.isEquivalent else { return [] }
            return [stale(Self.summary(of: difference, copy: copy, served: served), answer: answer, at: location, origin: origin,
                          exampleURL: difference.changes.lazy.flatMap(\.exampleURLs).first)]
        }
    }

    private func stale(_ what: String, answer: CDNAnswer, at location: Location, origin: LintFile, exampleURL: String? = nil) -> Diagnostic {
        let until = answer.refreshSentence.map { "the CDN will serve the old file \($0), and devices on iOS 14 and later decide with it (it cannot be purged); if it is not refreshed by then" }
            ?? "devices on iOS 14 and later decide with the CDN's copy until Apple refreshes it, usually within a day (it cannot be purged); if it does not"
        return diagnostic(
            "Apple's CDN copy differs in meaning from the host's file: \(what); \(until), let Apple's crawler reach the file",
            at: location,
            related: [RelatedLocation(origin.fileLocation, message: "the host's file")],
            exampleURL: exampleURL
        )
    }

    /// The first change, as the CDN's copy and the host's file decide it, and how many more.
    private static func summary(of difference: SemanticDiff, copy: AASAMatcher, served: AASAMatcher) -> String {
        guard let first = difference.changes.first else {
            let reasons = difference.incompleteApps.map { app in difference.incompleteReasons[app].map { "\(app) (\($0))" } ?? app }
            return "may differ for \(reasons.joined(separator: ", ")), which could not be compared completely"
        }
        let more = difference.changes.count - 1
        return sentence(for: first, copy: copy, served: served) + (more > 0 ? " (and \(more) more change\(more == 1 ? "" : "s"))" : "")
    }

    private static func sentence(for change: BehaviourChange, copy: AASAMatcher, served: AASAMatcher) -> String {
        switch change.kind {
        case .becomesListed:
            return "the CDN's copy does not list \(change.appID) for \(change.service), and the host's file does"
        case .stopsBeingListed:
            return "the CDN's copy lists \(change.appID) for \(change.service), and the host's file no longer does"
        case .startsOpening, .stopsOpening, .becomesBlocked, .stopsBeingBlocked:
            break
        }
        guard let example = change.exampleURLs.first, let url = try? LinkURL(example) else {
            return "the CDN's copy and the host's file decide some URLs differently for \(change.appID)"
        }
        func effect(of matcher: AASAMatcher) -> String {
            switch matcher.decide(url, appID: change.appID, tracing: false).outcome {
            case .match: "opens the app"
            case .blocked: "blocks it"
            case .noMatch: "matches no component"
            }
        }
        return "for \(example) and \(change.appID), the CDN's copy \(effect(of: copy)) and the host's file \(effect(of: served))"
    }
}
