import AASALintCore

struct ContentTypeRule: RemoteCheck, OptionlessCheck {
    static let expectedType = "application/json"

    static let description = RuleDescription(
        id: "content-type",
        summary: "The host serves its file with a Content-Type other than application/json",
        rationale: """
            Apple's documentation asks for `application/json` (iOS 9, for instance, required it \
            for a file that is not signed), and proxies, CDNs and security filters treat \
            `text/html` or `application/octet-stream` differently (rewriting, compressing or \
            blocking the body), so the file that arrives may not be the file you wrote. Serve it \
            with `Content-Type: application/json`; usually one line in the web server's \
            configuration for this path, since the file name has no extension.
            """,
        severity: .warning,
        isOptIn: true,
        examples: [
            RuleExample(triggers: true, "HTTP/1.1 200 OK\nContent-Type: application/octet-stream"),
            RuleExample(triggers: false, "HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8"),
        ]
    )

    func check(_ fetch: HostFetch) -> [Diagnostic] {
        guard let response = fetch.origin.response, response.status == 200, response.mediaType != Self.expectedType else { return [] }
        let served = response.header("Content-Type").map { "as \($0)" } ?? "without a Content-Type"
        return [diagnostic(
            "the file is served \(served), not as \(Self.expectedType); proxies and older systems may treat the body differently or reject it; serve it with Content-Type: \(Self.expectedType)",
            at: fetch.origin.file.fileLocation
        )]
    }
}
