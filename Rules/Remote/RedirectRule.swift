import AASALintCore

struct RedirectRule: Rule, RemoteCheck {
    static let description = RuleDescription(
        id: "redirect",
        summary: "The host answers the request for its file with a redirect",
        rationale: """
            The system does not follow redirects when it downloads \
            `/.well-known/apple-app-site-association`: a 301 or 302, even to the same file on \
            `www.` or over HTTPS, is the same as no file, so no link on the host opens the app. \
            Redirects often come from a rule meant for web pages (adding `www.`, a trailing slash, \
            or a language prefix). Exempt this path from such rules and serve the file directly, \
            with status 200, on every host the app names.
            """,
        severity: .error,
        isOptIn: true,
        examples: [
            RuleExample(triggers: true, "HTTP/1.1 301 Moved Permanently\nLocation: https://www.example.com/.well-known/apple-app-site-association"),
            RuleExample(triggers: false, "HTTP/1.1 200 OK\nContent-Type: application/json"),
        ]
    )

    func check(_ fetch: HostFetch) -> [Diagnostic] {
        guard let response = fetch.origin.response, response.isRedirect else { return [] }
        let target = response.header("Location").map { "a redirect to \($0)" } ?? "a redirect that names no target"
        let comparison = fetch.browserComparison.map { "; \($0)" } ?? ""
        return [diagnostic(
            "the server answers Apple's crawler with \(response.statusDescription), \(target)\(comparison); the system does not follow redirects for this file, so no link on this host opens the app; serve the file at this address itself, with status 200",
            at: fetch.origin.file.fileLocation
        )]
    }
}
