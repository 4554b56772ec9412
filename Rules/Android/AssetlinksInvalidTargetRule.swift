import AASALintCore

struct AssetlinksInvalidTargetRule: Rule, FileCheck {
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
            return problem(of: target).map { message, pointer in diagnostic(message, at: file.location(pointer)) }
        }
    }

    /// What is wrong with a target, and the value it is reported at.
    private typealias Problem = (message: String, pointer: JSONPointer)

    /// A problem for which Google drops the statement: `problem`, then that, then `fix` (with
    /// its own separator, or empty).
    private func dropped(_ problem: String, at pointer: JSONPointer, fix: String = "") -> Problem {
        ("\(problem); \(AssetLinksVerifiers.statementDropped)\(fix)", pointer)
    }

    /// For a member that should be a string and is not: absent (`missing`, then `fix`), or of
    /// another type.
    private func missingOrNotString(_ key: String, of target: AssetLinkTarget, missing: String, fix: String) -> Problem {
        guard let member = target.node.member(key) else { return dropped(missing, at: target.pointer, fix: fix) }
        return dropped("\"\(key)\" is a \(member.value.typeName), not a string", at: target.pointer.appending(key))
    }

    private func problem(of target: AssetLinkTarget) -> Problem? {
        guard let namespace = target.namespace else {
            return missingOrNotString("namespace", of: target, missing: "this target has no \"namespace\"", fix: "; add \"namespace\": \"android_app\"")
        }
        switch namespace.value {
        case "android_app":
            return androidAppProblem(of: target)
        case "web":
            return webProblem(of: target)
        case "ios_app":
            return ("the namespace \"ios_app\" is not read by Android's own verifier (AOSP), which fails on it and verifies no app from this file; Google's API accepts it; keep iOS apps in apple-app-site-association",
                    namespace.pointer)
        default:
            let suggestion = Suggestion.nearest(to: namespace.value, in: AssetLinkTarget.aospNamespaces).map { "; did you mean \"\($0)\"?" } ?? ""
            return ("the namespace \"\(namespace.value)\" is unknown (\"android_app\" or \"web\"); \(AssetLinksVerifiers.statementDroppedFileLost)\(suggestion)",
                    namespace.pointer)
        }
    }

    private func androidAppProblem(of target: AssetLinkTarget) -> Problem? {
        let pointer = target.pointer
        guard let packageName = target.packageName else {
            return missingOrNotString("package_name", of: target, missing: "this android_app target has no \"package_name\"", fix: "; add the app's applicationId")
        }
        if let problem = AndroidPackageName.problem(of: packageName.value) {
            return dropped("the package name \"\(packageName.value)\" is invalid: \(problem)", at: packageName.pointer,
                           fix: "; write the app's applicationId, such as com.example.app")
        }
        let fingerprintsPointer = pointer.appending("sha256_cert_fingerprints")
        guard let fingerprintsMember = target.node.member("sha256_cert_fingerprints") else {
            let singular = target.node.member("sha256_cert_fingerprint") == nil ? "" : " (the key is plural: \"sha256_cert_fingerprints\")"
            return dropped("this android_app target has no \"sha256_cert_fingerprints\"\(singular)", at: pointer,
                           fix: "; add the SHA-256 of the app signing key from Play Console")
        }
        guard let elements = fingerprintsMember.value.elements else {
            let wrap = fingerprintsMember.value.stringValue == nil ? "" : ": wrap it in [...]"
            return dropped("\"sha256_cert_fingerprints\" is a \(fingerprintsMember.value.typeName), not an array of strings", at: fingerprintsPointer, fix: wrap)
        }
        if elements.isEmpty {
            return dropped("\"sha256_cert_fingerprints\" is empty, so no signed app matches", at: fingerprintsPointer,
                           fix: "; add the SHA-256 of the app signing key from Play Console (Setup > App integrity)")
        }
        if let element = elements.enumerated().first(where: { $0.element.stringValue == nil }) {
            return dropped("this fingerprint is a \(element.element.typeName), not a string", at: fingerprintsPointer.appending(element.offset))
        }
        return nil
    }

    private func webProblem(of target: AssetLinkTarget) -> Problem? {
        guard let site = target.site else {
            return dropped("this web target has no \"site\" string", at: target.pointer, fix: "; add \"site\": \"https://example.com\"")
        }
        guard let parts = AssetLinkURL.parts(of: site.value) else {
            return dropped("the site \"\(site.value)\" is not an http or https origin with a domain name", at: site.pointer, fix: "; write it as https://example.com")
        }
        if parts.hasUserInfo {
            return dropped("the site \"\(site.value)\" has a user name", at: site.pointer, fix: "; write only the scheme, host and port")
        }
        if parts.rest == "/" {
            return ("the site \"\(site.value)\" ends with \"/\": Android's own verifier (AOSP) accepts it, but Google's API rejects the path and drops this statement; remove the slash",
                    site.pointer)
        }
        if !parts.rest.isEmpty {
            return ("the site \"\(site.value)\" has a path, query or fragment, and a site is an origin: \(AssetLinksVerifiers.statementDropped); write only the scheme, host and port",
                    site.pointer)
        }
        return nil
    }
}
