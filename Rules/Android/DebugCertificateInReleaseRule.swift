import AASALintCore

struct DebugCertificateInReleaseRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "debug-certificate-in-release",
        summary: "An APK or app bundle linted as a release is signed with the Android debug certificate",
        rationale: """
            Gradle signs debug builds with the machine's debug key (`~/.android/debug.keystore`, \
            alias `androiddebugkey`), or with the debug keystore React Native's and Expo's \
            templates commit, whose key is public. Its certificate's subject is \
            `CN=Android Debug,O=Android,C=US`, which is how aasalint recognises it: the fingerprint \
            differs per machine. Such a build is not a release: Play Console refuses APKs and \
            bundles signed in debug mode, and its links verify only against an `assetlinks.json` \
            that lists that debug key, which a release file must not (see \
            `assetlinks-debug-certificate`).

            The rule checks release artifacts only: every one with `--release`, or those a \
            `release_entitlements` glob names (`build/outputs/**/*-release.apk`), as for an iOS app \
            signed for development. Sign the release build type with your release or upload key \
            (`signingConfigs.release` in `build.gradle`).
            """,
        severity: .error,
        fileKinds: [.artifact],
        examples: [
            RuleExample(triggers: true, "app-release.apk signed with CN=Android Debug, linted with --release", fixture: "debug-signed-release.apk"),
            RuleExample(triggers: false, "app-release.apk signed with the release key, linted with --release", fixture: "release-signed-release.apk"),
            RuleExample(triggers: false, "app-debug.apk signed with CN=Android Debug, not a release file", fixture: "debug-signed.apk"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let app = file.androidPackage, let debug = app.signers.first(where: \.certificate.isAndroidDebug),
              let reason = context.releaseFiles.reasonText(for: file.path) else { return [] }
        return [diagnostic(
            "this \(app.format.rawValue) is a release file (\(reason)) but its \(debug.scheme.rawValue) signer is the Android debug certificate "
                + "(CN=Android Debug, SHA-256 \(debug.certificate.fingerprint)): Play Console refuses builds signed in debug mode, and its links verify "
                + "only where assetlinks.json lists a debug key; sign the release build type with your release or upload key (signingConfigs.release)",
            at: file.fileLocation)]
    }
}
