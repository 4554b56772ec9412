import AASALintCore

struct SignedAASARule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "signed-aasa",
        summary: "The AASA file is CMS-signed, as only iOS 8 required",
        rationale: """
            iOS 8 read the AASA file only when it was signed (a CMS/PKCS #7 SignedData message \
            around the JSON, served as `application/pkcs7-mime`). Since iOS 9, the system fetches \
            the file over HTTPS and the TLS certificate vouches for it: Apple's "Supporting \
            associated domains" says to host the file unsigned, as JSON, at \
            `https://<domain>/.well-known/apple-app-site-association` with the content type \
            `application/json`, and the CDN that serves it to devices since iOS 14 expects JSON \
            too. A signed file is bytes that no JSON reader takes, and its certificate expiring \
            breaks it for no benefit. aasalint reads the JSON inside the signature (without \
            verifying it), so the other rules' positions are lines of that JSON, not of the \
            signed file. Serve the JSON itself: \
            `openssl cms -verify -noverify -inform DER -in apple-app-site-association -out apple-app-site-association.json`.
            A signed file whose structure is broken is `invalid-signed-aasa`'s.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, "a CMS SignedData file around {\"applinks\": ...}", fixture: "signed"),
            RuleExample(triggers: false, #"{"applinks": {"details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard case .success? = file.signature else { return [] }
        return [diagnostic(
            "this AASA file is CMS-signed JSON, as only iOS 8 required; iOS 9 and later and Apple's CDN read the unsigned JSON over HTTPS, and the signature only adds a certificate that can expire; serve the JSON inside (openssl cms -verify -noverify -inform DER -in FILE -out FILE.json); positions in the other findings are lines of that JSON",
            at: file.fileLocation
        )]
    }
}
