import AASALintCore

struct AppNotInAssetlinksRule: Rule, ServedFileCrossCheck {
    static let description = RuleDescription(
        id: "app-not-in-assetlinks",
        summary: "A manifest asks Android to verify a host whose `assetlinks.json` does not grant the app",
        rationale: """
            An App Link opens the app only when both sides agree: a verifying intent filter \
            (`android:autoVerify="true"`, `VIEW`, `DEFAULT`, `BROWSABLE`, http/https) claims \
            `example.com`, and the `assetlinks.json` served on `example.com` grants the app's \
            package `delegate_permission/common.handle_all_urls` with the SHA-256 of a \
            certificate the installed app is signed with. When it does not, verification fails: \
            on Android 12 and later links to that host open the browser; up to Android 11 the \
            app is verified for none of its hosts. A wildcard `*.example.com` is verified with \
            `example.com`'s file.

            Needs the configuration's `domains` (`example.com: {assetlinks: \
            web/.well-known/assetlinks.json}`), and the app: in `apps` (`package`, `manifest` \
            or `module`, and `fingerprints`, the release certificates: with Play App Signing, \
            the app signing key from Play Console), or a linted `src/main/AndroidManifest.xml` \
            whose package name the project says (a literal `applicationId` in the module's \
            `build.gradle(.kts)`, else the manifest's `package`, else a literal `namespace`). \
            Without `fingerprints` only the package is checked. The finding appears in the \
            manifest, at the host, and in the `assetlinks.json`, each pointing at the other. A \
            file that includes other lists is not judged: aasalint does not fetch them. With \
            `lint --remote`, the configured apps' manifests are also checked against the \
            `assetlinks.json` each host serves, and the finding points at the download.
            """,
        severity: .error,
        fileKinds: [.androidManifest, .assetLinks],
        examples: [
            RuleExample(triggers: true, """
                AndroidManifest.xml: <data android:scheme="https" android:host="example.com"/> in a verifying filter (app com.example.shop)
                example.com's assetlinks.json grants only com.example.blog
                """, fixture: "package-not-granted"),
            RuleExample(triggers: false, """
                AndroidManifest.xml: <data android:scheme="https" android:host="example.com"/> in a verifying filter (app com.example.shop)
                example.com's assetlinks.json grants com.example.shop with its release certificate
                """, fixture: "granted"),
        ]
    )

    /// A claimed host whose file does not grant the app.
    private struct Mismatch {
        let app: AndroidProjectApp
        let packageName: String
        let manifestFile: LintFile
        let claim: ClaimedHost
        let assetLinksFile: LintFile
        /// The statements that grant the package with other certificates.
        let otherCertificates: [AssetLinkTarget]
        /// The packages the file grants App Links instead, for a name that differs (a flavour's suffix, the namespace).
        let otherPackages: [Located<String>]

        var assetLinksLocation: Location {
            assetLinksFile.location(otherCertificates.first.map { $0.packageName?.pointer ?? $0.pointer } ?? otherPackages.first?.pointer ?? .root)
        }
    }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        let mismatches = mismatches(in: context)
        switch file.kind {
        case .androidManifest:
            return mismatches.filter { $0.manifestFile.isSameFile(as: file) }.map(manifestDiagnostic)
        case .assetLinks:
            return mismatches.filter { $0.assetLinksFile.path == file.path }.map(assetLinksDiagnostic)
        case .aasa, .entitlements, .provisioningProfile, .artifact:
            return []
        }
    }

    private func mismatches(in context: LintContext) -> [Mismatch] {
        guard !context.configuration.assetLinksDomains.isEmpty else { return [] }
        var mismatches: [Mismatch] = []
        for app in context.androidApps {
            guard let packageName = app.packageName, let manifestFile = app.manifestFile else { continue }
            for claim in app.claimedHosts {
                for (_, assetLinksFile) in context.assetLinksFiles(for: claim.verifiedHost) {
                    guard let document = assetLinksFile.assetLinks, !document.hasIncludes else { continue }
                    let targets = document.appLinkTargets(for: packageName)
                    let granted = !targets.isEmpty && (app.releaseFingerprints.isEmpty || targets.contains { target in
                        target.fingerprints?.contains { app.releaseFingerprints.contains($0.value) } == true
                    })
                    guard !granted else { continue }
                    mismatches.append(Mismatch(app: app, packageName: packageName, manifestFile: manifestFile, claim: claim,
                                               assetLinksFile: assetLinksFile, otherCertificates: targets,
                                               otherPackages: Self.packages(grantedBy: document).filter { $0.value != packageName }))
                }
            }
        }
        return mismatches
    }

    private func manifestDiagnostic(_ mismatch: Mismatch) -> Diagnostic {
        let file = "the assetlinks.json for \(mismatch.claim.verifiedHost) (\(mismatch.assetLinksFile.path))"
        let message = "\"\(mismatch.claim.host.value)\": \(file) \(Self.problem(mismatch, app: "\(mismatch.packageName)\(mismatch.app.packageOrigin)")), "
            + "so Android does not verify \(mismatch.claim.shownHost) and its links open the browser (up to Android 11, no host of the app verifies); \(Self.fix(mismatch))"
        return diagnostic(message, at: mismatch.manifestFile.location(of: mismatch.claim.host),
                          related: [RelatedLocation(mismatch.assetLinksLocation, message: "the assetlinks.json for \(mismatch.claim.verifiedHost)")])
    }

    private func assetLinksDiagnostic(_ mismatch: Mismatch) -> Diagnostic {
        let claim = "\"\(mismatch.claim.host.value)\" in a verifying intent filter of \(mismatch.manifestFile.path)"
        let message = "the app \(mismatch.packageName)\(mismatch.app.packageOrigin) claims \(claim), but this file \(Self.problem(mismatch, app: "it")), "
            + "so Android does not verify \(mismatch.claim.shownHost) for the app and its links open the browser; \(Self.fix(mismatch))"
        return diagnostic(message, at: mismatch.assetLinksLocation,
                          related: [RelatedLocation(mismatch.manifestFile.location(of: mismatch.claim.host), message: "the host claimed in the app's manifest")])
    }

    private static func problem(_ mismatch: Mismatch, app: String) -> String {
        guard !mismatch.otherCertificates.isEmpty else {
            let others = mismatch.otherPackages.isEmpty ? "" : " (it grants \(mismatch.otherPackages.map(\.value).joined(separator: ", ")))"
            return "does not grant \(app) delegate_permission/common.handle_all_urls\(others)"
        }
        let listed = mismatch.otherCertificates.flatMap { $0.fingerprints ?? [] }.map(\.value)
        return "grants \(app) only for " + (listed.isEmpty ? "no certificate" : "other certificates (\(listed.joined(separator: ", ")))")
            + ", not for its release certificate\(mismatch.app.releaseFingerprints.count == 1 ? "" : "s") \(mismatch.app.releaseFingerprints.joined(separator: ", "))"
    }

    /// The packages the file grants App Links, each at its first `package_name`.
    private static func packages(grantedBy document: AssetLinksDocument) -> [Located<String>] {
        var seen = Set<String>()
        return document.androidAppTargets.compactMap { statement, target in
            guard statement.relations?.contains(where: { $0.value == AssetLinksDocument.handleAllURLs }) == true,
                  let name = target.packageName, seen.insert(name.value).inserted else { return nil }
            return name
        }
    }

    private static func fix(_ mismatch: Mismatch) -> String {
        let fingerprint = mismatch.app.releaseFingerprints.first ?? "<the SHA-256 of the app signing key from Play Console>"
        if mismatch.otherCertificates.isEmpty {
            return #"add {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "\#(mismatch.packageName)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}"#
        }
        return "add \"\(fingerprint)\" to its sha256_cert_fingerprints (with Play App Signing, devices see the app signing key from Play Console, not the upload key)"
    }
}
