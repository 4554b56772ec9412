import AASALintCore

struct HTTPStatusRule: RemoteCheck, OptionlessCheck {
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
            200. Redirects are reported by `redirect`.
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
        switch origin.outcome {
        case .failure(let failure):
            return [diagnostic(
                "the file could not be downloaded: \(failure.reason); Apple's CDN cannot refresh its copy from an address that fails, and once that copy expires no link on this host opens the app",
                at: origin.file.fileLocation
            )]
        case .success(let response) where response.status != 200 && !response.isRedirect:
            return [diagnostic(
                "the server answers \(response.statusDescription) instead of 200, so Apple's CDN finds no file and no link on this host opens the app; serve the file at this address with status 200",
                at: origin.file.fileLocation
            )]
        case .success:
            return []
        }
    }
}
