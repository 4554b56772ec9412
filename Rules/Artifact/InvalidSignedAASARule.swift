import AASALintCore

struct InvalidSignedAASARule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "invalid-signed-aasa",
        summary: "The AASA file starts as a CMS-signed message whose structure is broken",
        rationale: """
            A file that starts like a CMS/PKCS #7 SignedData message (what iOS 8 required, see \\
            `signed-aasa`) but does not hold one whole, such as a SignedData without \\
            `signerInfos` or without its content, is read by no version of the system: not as \\
            a signed file, and not as JSON either. The finding says what is broken; when the \\
            JSON inside can still be found, aasalint lints it (positions are then lines of that \\
            JSON). Serve the unsigned JSON: \\
            `openssl cms -verify -noverify -inform DER -in apple-app-site-association -out apple-app-site-association.json` \\
            extracts it from a message that is whole.
            """,
        severity: .error,
        examples: [
            RuleExample(triggers: true, "a SignedData message without signerInfos around {\"applinks\": ...}", fixture: "without-signer-infos"),
            RuleExample(triggers: false, #"{"applinks": {"details": []}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard file.kind == .aasa, case .failure(let error)? = file.signature else { return [] }
        let inside = file.json == nil
            ? "no JSON could be found inside, so no link on this host opens the app; serve the unsigned JSON file"
            : "the JSON inside was found and is linted (positions in the other findings are lines of that JSON); serve it unsigned"
        return [diagnostic(
            "this AASA file looks CMS-signed (a PKCS #7 SignedData message, as iOS 8 required), but its structure is broken at byte \(error.offset): \(error.message); no version of the system reads it; \(inside)",
            at: file.fileLocation
        )]
    }
}
