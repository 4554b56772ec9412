import AASALintCore

struct AppBundleUploadKeyOnlyRule: Rule, ServedFileCrossCheck {
    static let description = RuleDescription(
        id: "app-bundle-upload-key-only",
        summary: "`assetlinks.json` grants an app bundle's package only its upload key, which Play replaces",
        rationale: """
            An app bundle (`.aab`) is signed with the upload key only. With Play App Signing \
            (required for apps created since August 2021), Play re-signs the APKs it delivers \
            with the app signing key, so users' devices offer that key's SHA-256, shown in Play \
            Console under Setup > App integrity > App signing key certificate (with a ready \
            Digital Asset Links snippet). An `assetlinks.json` that grants the package only the \
            upload key's fingerprint, which `keytool` prints from the local keystore, verifies no \
            install from Play: links open the browser. It is the most common App Links mistake.

            The rule reads the bundle's upload certificate (its v1 JAR signature) and package \
            (`base/manifest/AndroidManifest.xml`; else the one package the configuration's `apps` \
            name), and reports each `assetlinks.json` of the run (linted, or under `domains`) \
            that grants the package no other fingerprint, and the configuration's `fingerprints` \
            for the package when they are the upload key alone (the cross-checks take them as the \
            release certificates). A warning: an app that opted out of Play App Signing before \
            2021 is delivered with the key it was uploaded with. Add the app signing key's \
            fingerprint; keep the upload key if builds installed outside Play must verify too.
            """,
        severity: .warning,
        fileKinds: [.artifact],
        examples: [
            RuleExample(triggers: true, """
                build/shop.aab: com.example.shop, uploaded with the certificate "CN=Example Shop Upload"
                shop.example.com's assetlinks.json grants com.example.shop only that certificate's SHA-256
                """, fixture: "upload-key-only"),
            RuleExample(triggers: false, """
                build/shop.aab: com.example.shop, uploaded with the certificate "CN=Example Shop Upload"
                shop.example.com's assetlinks.json grants com.example.shop the app signing key from Play Console and the upload key
                """, fixture: "app-signing-key"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let app = file.androidPackage, app.format == .appBundle, let upload = app.currentCertificate,
              let package = AndroidPackageSupport.packageName(of: app, in: context) else { return [] }
        let consequence = "Play App Signing re-signs the APKs it delivers with the app signing key, so on devices that install the app from Play"
        let fix = "add the SHA-256 of the app signing key from Play Console (Setup > App integrity > App signing key certificate), and keep the upload key only if builds installed outside Play must verify"
        var diagnostics = AndroidPackageSupport.grants(of: package.name, in: context).compactMap { grant -> Diagnostic? in
            let granted = grant.fingerprints
            guard !granted.isEmpty, granted.allSatisfy({ $0.normalized == upload.fingerprint }) else { return nil }
            let hosts = grant.hosts.isEmpty ? "its hosts" : grant.hosts.joined(separator: ", ")
            return diagnostic(
                "\(grant.shownFile) grants \(package.name)\(package.origin) App Links only for this app bundle's upload key "
                    + "(\(AndroidPackageSupport.describe(upload)), SHA-256 \(upload.fingerprint)): \(consequence), Android does not verify \(hosts) "
                    + "and links open the browser; \(fix)",
                at: file.fileLocation, related: [RelatedLocation(grant.location, message: "the upload key, granted alone")])
        }
        let configured = context.configuration.androidApps.filter { $0.packageName?.value == package.name }
        for app in configured where !app.releaseFingerprints.isEmpty && app.releaseFingerprints.allSatisfy({ $0.value == upload.fingerprint }) {
            let related = context.configuration.document.map { [RelatedLocation($0.location(app.releaseFingerprints[0].pointer), message: "the configured fingerprint")] } ?? []
            diagnostics.append(diagnostic(
                "the configuration's fingerprints for \(package.name) are only this app bundle's upload key (SHA-256 \(upload.fingerprint)), "
                    + "which the App Links cross-checks take as the release certificate: \(consequence), Android checks another key, so the cross-checks "
                    + "judge assetlinks.json against the wrong one; set fingerprints to the SHA-256 of the app signing key from Play Console (Setup > App integrity > App signing key certificate)",
                at: file.fileLocation, related: related))
        }
        return diagnostics
    }
}
