import AASALintCore

struct AssetlinksHostingRule: Rule, RemoteCheck {
    static let description = RuleDescription(
        id: "assetlinks-hosting",
        summary: "The host does not serve its `assetlinks.json` the way Android's verifier reads it",
        rationale: """
            Android verifies an App Link host by downloading \
            `https://HOST/.well-known/assetlinks.json`. Only a 200 answer counts, and the \
            verifier follows no redirects (AOSP records a 301 or 302 as a failure; Google's API \
            reports `ERROR_CODE_REDIRECT`): a redirect, even to `www.` or to HTTPS, is the same \
            as no file, and the host's links open in the browser. Google asks for the media type \
            `application/json` and reports any other (`ERROR_CODE_WRONG_CONTENT_TYPE`); whether \
            its verifier then rejects the file is not published, so aasalint treats it as an \
            error. A host whose `assetlinks.json` the configuration names (`domains:`) must serve \
            it; any other host is checked only when it serves an `assetlinks.json` or redirects \
            the request for one, since most hosts are iOS only. The size limit is \
            `assetlinks-too-large`'s, and the served file gets the file rules.
            """,
        severity: .error,
        isOptIn: true,
        examples: [
            RuleExample(triggers: true, "HTTP/1.1 301 Moved Permanently\nLocation: https://www.example.com/.well-known/assetlinks.json"),
            RuleExample(triggers: true, "HTTP/1.1 200 OK\nContent-Type: text/plain\n\n[]"),
            RuleExample(triggers: false, "HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8\n\n[]"),
        ]
    )

    static let expectedType = "application/json"
    static let consequence = "Android's verifier rejects this host, so its App Links open in the browser instead of the app"

    func check(_ fetch: HostFetch) -> [Diagnostic] {
        guard let download = fetch.assetLinks, let message = problem(with: download, in: fetch) else { return [] }
        return [diagnostic(message, at: download.file.fileLocation)]
    }

    private func problem(with download: Download, in fetch: HostFetch) -> String? {
        switch download.outcome {
        case .failure(let failure):
            guard fetch.requiresAssetLinks else { return nil }
            return "the assetlinks.json configured for \(fetch.host) could not be downloaded: \(failure.reason); \(Self.consequence); serve it at this address, over HTTPS with a valid certificate, with status 200"
        case .success(let response) where response.isRedirect:
            let target = response.header("Location")
            guard fetch.requiresAssetLinks || target?.hasSuffix(RemoteAddresses.assetLinksPath) == true else { return nil }
            let redirect = target.map { "a redirect to \($0)" } ?? "a redirect that names no target"
            return "the server answers \(response.statusDescription), \(redirect); Android's verifier follows no redirects, so it rejects this host and its App Links open in the browser instead of the app; serve the file at this address itself, with status 200"
        case .success(let response) where response.status != 200:
            guard fetch.requiresAssetLinks else { return nil }
            return "the server answers \(response.statusDescription) instead of 200 for the assetlinks.json configured for \(fetch.host); \(Self.consequence); serve the file at this address with status 200"
        case .success(let response):
            guard fetch.servedAssetLinks != nil, response.mediaType != Self.expectedType else { return nil }
            let served = response.header("Content-Type").map { "as \($0)" } ?? "without a Content-Type"
            return "the file is served \(served), not as \(Self.expectedType); Google's verifier reports this as a wrong content type and may reject the file, so the host's App Links may open in the browser; serve it with Content-Type: \(Self.expectedType)"
        }
    }
}
