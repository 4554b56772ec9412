import AASALintCore

struct HTTPStatusRule: Rule, RemoteCheck {
    static let description = RuleDescription(
        id: "http-status",
        summary: "The host does not answer the request for its file with status 200",
        rationale: """
            Apple's CDN (and devices before iOS 14) download \
            `https://HOST/.well-known/apple-app-site-association` and use it only when the answer \
            is 200 OK. Any other status (a 404, a 403 from a firewall that blocks Apple's crawler, \
            a 500), or no answer at all (a timeout, a TLS or DNS error), means there is no file: \
            once the CDN's copy expires, no link on the host opens the app. Serve the file at that \
            address, over HTTPS with a valid certificate, to any client and IP address, with status \
            200. The file is asked for as Apple's crawler asks (User-Agent `AASA-Bot/1.0.0`, no \
            cookies, no redirects followed); when that fails, once more as a browser: when the \
            browser gets the file, the site treats the crawler differently (a firewall, bot \
            protection such as a challenge page, geo or IP filtering). A missing file is also \
            looked for at `/.well-known/apple-app-site-association.json` (which no system \
            reads) and `/apple-app-site-association` (read by iOS 9 to 12 only). Redirects are \
            reported by `redirect`.
            """,
        severity: .error,
        isOptIn: true,
        examples: [
            RuleExample(triggers: true, "HTTP/1.1 404 Not Found"),
            RuleExample(triggers: false, "HTTP/1.1 200 OK\nContent-Type: application/json"),
        ]
    )

    func check(_ fetch: HostFetch) -> [Diagnostic] {
        let origin = fetch.origin
        let what: String
        switch origin.outcome {
        case .failure(let failure):
            what = "the file could not be downloaded as Apple's crawler asks for it: \(failure.reason)"
        case .success(let response) where response.status == 200:
            guard let page = response.botProtectionPage else { return [] }
            what = "the server answers Apple's crawler (User-Agent: \(FetchClient.appleCrawler.userAgent)) with \(page) instead of the file, which the crawler cannot pass"
        case .success(let response) where !response.isRedirect:
            let page = response.botProtectionPage.map { ", \($0)," } ?? ""
            what = "the server answers Apple's crawler (User-Agent: \(FetchClient.appleCrawler.userAgent)) with \(response.statusDescription)\(page) instead of 200"
        case .success:
            return []
        }
        let comparison = fetch.browserComparison.map { "; \($0)" } ?? ""
        let cdn = fetch.cdn.response.flatMap { CDNAnswer($0, receivedAt: fetch.cdn.receivedAt).failureExplanation }
            .map { "; Apple's CDN has no copy: \($0)" } ?? ""
        return [diagnostic("\(what)\(comparison)\(cdn); \(Self.consequence); \(Self.fix(for: fetch))", at: origin.file.fileLocation)]
    }

    static let consequence = "Apple's CDN cannot refresh its copy from this address, and once that copy expires no link on this host opens the app"

    /// What to do: let the crawler through, move a file served elsewhere, or serve it.
    static func fix(for fetch: HostFetch) -> String {
        if let page = fetch.origin.response?.botProtectionPage {
            return "exempt /.well-known/apple-app-site-association from the bot protection that answers with \(page), so that Apple's crawler gets the file without a challenge"
        }
        if fetch.blocksAppleCrawler {
            return "let Apple's crawler through for this path: allow the User-Agent \(FetchClient.appleCrawler.userAgent) and requests from any country and IP address, without a challenge"
        }
        let found = fetch.alternateLocations.filter { $0.1.response?.carriesFile == true }
        if !found.isEmpty {
            return found.map { "the host serves a file at \($0.0.rawValue), \($0.0.readers)" }.joined(separator: "; ")
        }
        return "serve the file at this address with status 200"
    }
}
