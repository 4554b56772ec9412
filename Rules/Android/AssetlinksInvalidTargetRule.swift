import AASALintCore

struct AssetlinksInvalidTargetRule: OptionlessRule {
    static let description = RuleDescription(
        id: "assetlinks-invalid-target",
        summary: "A `target` without a known `namespace`, or whose package name, fingerprint list or site is invalid",
        rationale: """
            A target names an app (`"namespace": "android_app"` with a non-empty, valid \
            `package_name` and a non-empty `sha256_cert_fingerprints` array of strings) or a \
            site (`"namespace": "web"` with `site`, an `http` or `https` origin: no user, path, \
            query or fragment). Google's Digital Asset Links API drops a statement whose target \
            breaks these rules.

            An unknown namespace costs more: AOSP's verifier (`AssetFactory.java`) throws on it \
            and loses every statement of the file, while Google drops only that statement. \
            `ios_app`, which Google's protocol describes, is not read by AOSP either: keep iOS \
            apps in `apple-app-site-association`. A site of `https://example.com/` (with the \
            slash) is accepted by AOSP but rejected by Google.

            The package name must be the app's `applicationId` exactly (compared case-sensitively).
            """,
        severity: .error,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(namespace: #"↓"android""#))),
            RuleExample(triggers: false, AndroidExample.list()),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        return document.statements.compactMap { statement in
            guard let target = statement.target else { return nil }
            return problem(of: target).map { message, pointer, part in diagnostic(message, at: file.location(pointer, part)) }
        }
    }

    private func problem(of target: AssetLinkTarget) -> (String, JSONPointer, JSONPointerPart)? {
        let pointer = target.pointer
        guard let namespaceMember = target.node.member("namespace") else {
            return ("this target has no \"namespace\"; \(AssetLinksVerifiers.statementDropped); add \"namespace\": \"android_app\"", pointer, .value)
        }
        guard let namespace = target.namespace else {
            return ("\"namespace\" is a \(namespaceMember.value.typeName), not a string; \(AssetLinksVerifiers.statementDropped)", pointer.appending("namespace"), .value)
        }
        switch namespace.value {
        case "android_app":
            return androidAppProblem(of: target)
        case "web":
            return webProblem(of: target)
        case "ios_app":
            return ("the namespace \"ios_app\" is not read by Android's own verifier (AOSP), which fails on it and verifies no app from this file; Google's API accepts it; keep iOS apps in apple-app-site-association",
                    namespace.pointer, .value)
        default:
            let suggestion = Suggestion.nearest(to: namespace.value, in: AssetLinkTarget.aospNamespaces).map { "; did you mean \"\($0)\"?" } ?? ""
            return ("the namespace \"\(namespace.value)\" is unknown (\"android_app\" or \"web\"); \(AssetLinksVerifiers.statementDroppedFileLost)\(suggestion)",
                    namespace.pointer, .value)
        }
    }

    private func androidAppProblem(of target: AssetLinkTarget) -> (String, JSONPointer, JSONPointerPart)? {
        let pointer = target.pointer
        guard let packageMember = target.node.member("package_name") else {
            return ("this android_app target has no \"package_name\"; \(AssetLinksVerifiers.statementDropped); add the app's applicationId", pointer, .value)
        }
        guard let packageName = target.packageName else {
            return ("\"package_name\" is a \(packageMember.value.typeName), not a string; \(AssetLinksVerifiers.statementDropped)", pointer.appending("package_name"), .value)
        }
        if let problem = AndroidPackageName.problem(of: packageName.value) {
            return ("the package name \"\(packageName.value)\" is invalid: \(problem); \(AssetLinksVerifiers.statementDropped); write the app's applicationId, such as com.example.app",
                    packageName.pointer, .value)
        }
        guard let fingerprintsMember = target.node.member("sha256_cert_fingerprints") else {
            let singular = target.node.member("sha256_cert_fingerprint") == nil ? "" : " (the key is plural: \"sha256_cert_fingerprints\")"
            return ("this android_app target has no \"sha256_cert_fingerprints\"\(singular); \(AssetLinksVerifiers.statementDropped); add the SHA-256 of the app signing key from Play Console", pointer, .value)
        }
        guard let elements = fingerprintsMember.value.elements else {
            let wrap = fingerprintsMember.value.stringValue == nil ? "" : ": wrap it in [...]"
            return ("\"sha256_cert_fingerprints\" is a \(fingerprintsMember.value.typeName), not an array of strings; \(AssetLinksVerifiers.statementDropped)\(wrap)",
                    pointer.appending("sha256_cert_fingerprints"), .value)
        }
        if elements.isEmpty {
            return ("\"sha256_cert_fingerprints\" is empty, so no signed app matches; \(AssetLinksVerifiers.statementDropped); add the SHA-256 of the app signing key from Play Console (Setup > App integrity)",
                    pointer.appending("sha256_cert_fingerprints"), .value)
        }
        if let element = elements.enumerated().first(where: { $0.element.stringValue == nil }) {
            return ("this fingerprint is a \(element.element.typeName), not a string; \(AssetLinksVerifiers.statementDropped)",
                    pointer.appending("sha256_cert_fingerprints").appending(element.offset), .value)
        }
        return nil
    }

    private func webProblem(of target: AssetLinkTarget) -> (String, JSONPointer, JSONPointerPart)? {
        guard let site = target.site else {
            return ("this web target has no \"site\" string; \(AssetLinksVerifiers.statementDropped); add \"site\": \"https://example.com\"", target.pointer, .value)
        }
        guard let parts = AssetLinkURL.parts(of: site.value) else {
            return ("the site \"\(site.value)\" is not an http or https origin with a domain name; \(AssetLinksVerifiers.statementDropped); write it as https://example.com",
                    site.pointer, .value)
        }
        if parts.hasUserInfo {
            return ("the site \"\(site.value)\" has a user name; \(AssetLinksVerifiers.statementDropped); write only the scheme, host and port", site.pointer, .value)
        }
        if parts.rest == "/" {
            return ("the site \"\(site.value)\" ends with \"/\": Android's own verifier (AOSP) accepts it, but Google's API rejects the path and drops this statement; remove the slash",
                    site.pointer, .value)
        }
        if !parts.rest.isEmpty {
            return ("the site \"\(site.value)\" has a path, query or fragment, and a site is an origin: \(AssetLinksVerifiers.statementDropped); write only the scheme, host and port",
                    site.pointer, .value)
        }
        return nil
    }
}
