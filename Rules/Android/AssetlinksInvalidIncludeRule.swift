import AASALintCore

struct AssetlinksInvalidIncludeRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-invalid-include",
        summary: "An include statement whose URL is not an https URL",
        rationale: """
            `{"include": "https://..."}` pulls the statements of another list into this one. The \
            URL must be a valid `http` or `https` URL, and a list served over https (as \
            `assetlinks.json` is for App Links) may include only https lists: Google's API \
            refuses an http include (`ERROR_CODE_SECURE_ASSET_INCLUDES_INSECURE`).

            Android's own verifier (AOSP) follows includes one level deep only \
            (`MAX_INCLUDE_LEVEL = 1`): an include inside an included list is ignored there, while \
            Google follows it until its fetch budget ends. Keep the statements App Links need in \
            the host's own file or in a list it includes directly. aasalint does not download \
            included lists when linting files.
            """,
        severity: .error,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, #"[{"include": ↓"http://example.com/shared/assetlinks.json"}]"#),
            RuleExample(triggers: false, #"[{"include": "https://example.com/shared/assetlinks.json"}]"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        return document.statements.compactMap { statement in
            guard let include = statement.include else { return nil }
            guard let parts = AssetLinkURL.parts(of: include.value), !parts.hasUserInfo else {
                return diagnostic(
                    "the include \"\(include.value)\" is not a valid http or https URL; Google's API ignores it, so the statements it should add grant nothing; write a URL such as https://example.com/shared/assetlinks.json",
                    at: file.location(include.pointer))
            }
            guard parts.scheme == "https" else {
                return diagnostic(
                    "the include \"\(include.value)\" is http, and a list served over https may include only https lists (Google: ERROR_CODE_SECURE_ASSET_INCLUDES_INSECURE), so its statements are not added; use https",
                    at: file.location(include.pointer))
            }
            return nil
        }
    }
}
