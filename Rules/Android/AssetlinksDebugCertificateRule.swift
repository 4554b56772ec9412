import AASALintCore

struct AssetlinksDebugCertificateRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-debug-certificate",
        summary: "A release `assetlinks.json` grants an app signed with a public debug certificate",
        rationale: """
            React Native's and Expo's app templates commit a debug keystore \
            (`android/app/debug.keystore`, `CN=Android Debug`), whose SHA-256 is \
            `FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C`. \
            The key is public: anyone can sign an app with your package name with it and, on a \
            device where your app is not installed, receive your site's verified links (and, \
            with `get_login_creds`, your users' credentials). It is also not the key Play \
            delivers your app with, so it does not make the store build verify.

            The rule checks release files only: every file with `--release`, or the files \
            `release_entitlements` names. Other debug keys differ per machine \
            (`~/.android/debug.keystore`) and cannot be recognised by value. Replace the value \
            with the SHA-256 of the app signing key from Play Console (Setup > App integrity).
            """,
        severity: .error,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(fingerprints: [#"↓"FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C""#]))),
            RuleExample(triggers: false, AndroidExample.list()),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks, let reason = context.releaseFiles.reasonText(for: file.path) else { return [] }
        return document.androidAppTargets.flatMap { _, target in
            (target.fingerprints ?? []).compactMap { fingerprint -> Diagnostic? in
                guard CertificateFingerprint.normalized(fingerprint.value) == CertificateFingerprint.publicDebugKeystore else { return nil }
                return diagnostic(
                    "this is the SHA-256 of the public debug keystore of React Native's and Expo's templates, in a release file (\(reason)); anyone can sign an app with that key and receive this host's verified links; list the app signing key from Play Console (Setup > App integrity) instead",
                    at: file.location(fingerprint.pointer))
            }
        }
    }
}
