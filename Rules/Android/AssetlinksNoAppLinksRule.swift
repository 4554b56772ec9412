import AASALintCore

struct AssetlinksNoAppLinksRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-no-app-links",
        summary: "No statement of `assetlinks.json` grants an app `delegate_permission/common.handle_all_urls`",
        rationale: """
            A host verifies an app for Android App Links only when a statement of its list has \
            the relation `delegate_permission/common.handle_all_urls` and an `android_app` target \
            with the app's package name and signing-certificate fingerprint. An empty list \
            (`[]`, "No statements were found"), or a list that only shares credentials \
            (`delegate_permission/common.get_login_creds`, for Smart Lock, Credential Manager and \
            passkeys) verifies no app, so the host's links open the browser.

            A file that only includes other lists is not reported: the included lists may grant it.
            """,
        severity: .warning,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, "↓" + AndroidExample.list(AndroidExample.statement(relation: #"["delegate_permission/common.get_login_creds"]"#))),
            RuleExample(triggers: false, AndroidExample.list(AndroidExample.statement(relation: #"["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"]"#))),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks, !document.statements.contains(where: \.isInclude) else { return [] }
        let grantsAppLinks = document.androidAppTargets.contains { statement, _ in
            statement.relations?.contains { $0.value == AssetLinksDocument.handleAllURLs } ?? false
        }
        guard !grantsAppLinks else { return [] }
        let reason = document.statements.isEmpty
            ? "the list is empty"
            : "no statement has the relation \"\(AssetLinksDocument.handleAllURLs)\" with an \"android_app\" target"
        return [diagnostic(
            "\(reason), so this host verifies no Android app and its links open the browser; add a statement with that relation and the app's package name and SHA-256 fingerprints",
            at: file.location(.root)
        )]
    }
}
