import AASALintCore

struct ContentTypeRule: Rule, RemoteCheck {
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
            configuration for this path, since the file name has no extension. A charset \
            parameter (`application/json; charset=utf-8`) is fine. A signed file (CMS, as iOS 8 \
            required for Handoff) goes with `application/pkcs7-mime`, which Apple's archived \
            Handoff guide asked for; a JSON file served with that type is reported.
            """,
        severity: .warning,
        isOptIn: true,
        examples: [
            RuleExample(triggers: true, "HTTP/1.1 200 OK\nContent-Type: application/octet-stream"),
            RuleExample(triggers: false, "HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8"),
        ]
    )

    static let signedType = "application/pkcs7-mime"

    func check(_ fetch: HostFetch) -> [Diagnostic] {
        guard let response = fetch.origin.response, response.status == 200 else { return [] }
        let served = response.header("Content-Type").map { "as \($0)" } ?? "without a Content-Type"
        // A signed file is CMS in DER, which starts with a SEQUENCE; JSON starts with `{`.
        let isSigned = response.body.first == 0x30
        let message: String
        switch (isSigned, response.mediaType) {
        case (true, Self.signedType?), (false, Self.expectedType?):
            return []
        case (true, _):
            message = "the file is signed (CMS) and served \(served); systems that read signed files (iOS 8, for Handoff) read them only as \(Self.signedType), and iOS 9 and later read unsigned JSON over HTTPS: serve the JSON unsigned as \(Self.expectedType), or keep it signed and serve it as \(Self.signedType)"
        case (false, Self.signedType?):
            message = "the file is JSON but served as \(Self.signedType), the type of a signed file (iOS 8), which it is not; proxies and security filters may treat the body as binary; serve it with Content-Type: \(Self.expectedType)"
        case (false, _):
            message = "the file is served \(served), not as \(Self.expectedType); proxies and older systems may treat the body differently or reject it; serve it with Content-Type: \(Self.expectedType)"
        }
        return [diagnostic(message, at: fetch.origin.file.fileLocation)]
    }
}
