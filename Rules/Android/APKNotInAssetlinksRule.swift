import AASALintCore

struct APKNotInAssetlinksRule: Rule, ServedFileCrossCheck {
    static let description = RuleDescription(
        id: "apk-not-in-assetlinks",
        summary: "A signed APK's certificate is not among those an `assetlinks.json` grants its package",
        rationale: """
            Android verifies an app's App Links hosts by comparing the SHA-256 of the \
            certificates the installed APK is signed with (with key rotation, every certificate of \
            its lineage) against the `sha256_cert_fingerprints` the host's `assetlinks.json` grants \
            the app's package. An APK whose certificate is not listed is not verified: on a device \
            that installs it, links to those hosts open the browser (up to Android 11, no host of \
            the app verifies). When a file lists only an older key of a rotated APK's lineage, the \
            app verifies, and the rule adds a note: list the current certificate too.

            The rule reads the APK's signing certificates (the v1 JAR signature and the APK \
            Signing Block's v2, v3 and v3.1 signers) and its package (the binary manifest's; when \
            that cannot be read, the one package the configuration's `apps` name), and checks every \
            `assetlinks.json` of the run that grants that package: found in the linted paths, or \
            configured under `domains`. A file that does not mention the package is not judged \
            here (`app-not-in-assetlinks` checks the hosts the manifest claims), nor a file that \
            includes other lists. The message gives the fingerprint to add, as Android writes it.

            A warning, not an error: an APK built and signed locally is often not what users \
            install. With Play App Signing, Play delivers APKs signed with the app signing key \
            from Play Console, and that is the key the file must list; the upload key, or a local \
            release key, only matters for builds installed outside Play.
            """,
        severity: .warning,
        fileKinds: [.artifact],
        examples: [
            RuleExample(triggers: true, """
                build/shop.apk: com.example.shop signed with the certificate "CN=Example Shop"
                shop.example.com's assetlinks.json grants com.example.shop only the upload key's SHA-256
                """, fixture: "not-granted"),
            RuleExample(triggers: false, """
                build/shop.apk: com.example.shop signed with the certificate "CN=Example Shop"
                shop.example.com's assetlinks.json grants com.example.shop that certificate's SHA-256 and the app signing key's
                """, fixture: "granted"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let app = file.androidPackage, app.format == .apk, let certificate = app.currentCertificate,
              let package = AndroidPackageSupport.packageName(of: app, in: context) else { return [] }
        let offered = app.fingerprints
        return AndroidPackageSupport.grants(of: package.name, in: context).compactMap { grant in
            let granted = grant.fingerprints
            let grantedOffered = granted.compactMap(\.normalized).filter(offered.contains)
            guard !grantedOffered.contains(certificate.fingerprint) else { return nil }
            if let older = grantedOffered.first {
                // ANDROID.md 4.2: the device offers the whole signing history, so this verifies.
                var note = diagnostic(
                    "\(grant.shownFile) grants \(package.name) only \(older), an older key of this APK's rotation lineage, not its current "
                        + "certificate \(certificate.fingerprint): devices verify the app through the lineage, which Android offers whole, but "
                        + "Google's Digital Asset Links API is not documented to; add \"\(certificate.fingerprint)\" beside it",
                    at: file.fileLocation, related: [RelatedLocation(grant.location, message: "the fingerprints granted to \(package.name)")])
                note.severity = .note
                return note
            }
            let listed = granted.isEmpty ? "no certificate" : "other certificates (\(granted.map(\.written.value).joined(separator: ", ")))"
            let hosts = grant.hosts.isEmpty ? "the hosts that serve it" : grant.hosts.joined(separator: ", ")
            return diagnostic(
                "this APK of \(package.name)\(package.origin) is signed with \(AndroidPackageSupport.describe(certificate)), SHA-256 \(certificate.fingerprint), "
                    + "but \(grant.shownFile) grants \(package.name) App Links only for \(listed): on a device with this APK, Android does not verify "
                    + "\(hosts) and links open the browser; if this build must open links, add \"\(certificate.fingerprint)\" to the package's "
                    + "sha256_cert_fingerprints (a build from Play is signed with the app signing key from Play Console instead)",
                at: file.fileLocation, related: [RelatedLocation(grant.location, message: "the fingerprints granted to \(package.name)")])
        }
    }
}
