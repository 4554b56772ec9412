import AASALintCore

struct APKSignersDisagreeRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "apk-signers-disagree",
        summary: "An APK's signature schemes are signed with different keys that are not a rotation",
        rationale: """
            An APK carries one signature per scheme it was signed with: the v1 JAR signature and \
            the APK Signing Block's v2, v3 and v3.1 signers. A device verifies the newest scheme it \
            supports (v2 from Android 7, v3 from 9, v3.1 from 13), and App Links verification \
            compares that scheme's certificate, with its rotation lineage, against the \
            `sha256_cert_fingerprints` of each host's `assetlinks.json`. When the schemes are \
            signed with different keys and the newer one is not a rotation of the older (the older \
            certificate is not in its lineage), devices of different Android versions present \
            different certificates: an `assetlinks.json` that lists one of them verifies the app on \
            some devices only, and links open the browser on the others.

            apksigner signs every scheme with the same key, and a key rotation (`apksigner rotate`) \
            records the old certificate in the new one's lineage, which this rule accepts. Different \
            keys usually mean the APK was signed twice with different tools (jarsigner, then \
            apksigner with another keystore). Sign it once, with one key.
            """,
        severity: .warning,
        fileKinds: [.artifact],
        examples: [
            RuleExample(triggers: true, "shop.apk: its v1 signer is the upload key, its v2 signer the release key", fixture: "disagree.apk"),
            RuleExample(triggers: false, "shop.apk: its v1 and v2 signers are the same key", fixture: "same-key.apk"),
            RuleExample(triggers: false, "shop.apk: its v3 signer is a rotation of its v1 signer's key", fixture: "rotated.apk"),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let app = file.androidPackage, app.format == .apk else { return [] }
        var signers: [APKSignatures.Signer] = []
        for signer in app.signers where !signers.contains(where: { $0.scheme == signer.scheme }) { signers.append(signer) }
        signers.sort { Self.firstAndroidVersion(of: $0.scheme) < Self.firstAndroidVersion(of: $1.scheme) }
        guard let newest = signers.last else { return [] }
        let accepted = Set([newest.certificate.fingerprint] + newest.lineage.map(\.fingerprint))
        return signers.dropLast().filter { !accepted.contains($0.certificate.fingerprint) }.map { older in
            diagnostic(
                "this APK's \(older.scheme.rawValue) signer is \(AndroidPackageSupport.describe(older.certificate)) (SHA-256 \(older.certificate.fingerprint)) "
                    + "but its \(newest.scheme.rawValue) signer is \(AndroidPackageSupport.describe(newest.certificate)) (SHA-256 \(newest.certificate.fingerprint)), "
                    + "which is not a rotation of it: \(Self.versions(of: older.scheme, among: signers)) verify the app with the first and "
                    + "\(Self.versions(of: newest.scheme, among: signers)) with the second, so an assetlinks.json that lists one of them opens links "
                    + "on some devices only; sign every scheme with one key (apksigner does), or rotate the key with a lineage (apksigner rotate)",
                at: file.fileLocation)
        }
    }

    /// The first Android version that verifies the scheme.
    private static func firstAndroidVersion(of scheme: APKSignatures.Scheme) -> Int {
        switch scheme {
        case .v1: 1
        case .v2: 7
        case .v3: 9
        case .v31: 13
        }
    }

    /// The Android versions that verify `scheme` among the schemes present (sorted): from its
    /// first version up to the version before the next present scheme's.
    private static func versions(of scheme: APKSignatures.Scheme, among signers: [APKSignatures.Signer]) -> String {
        let first = firstAndroidVersion(of: scheme)
        let next = signers.map { firstAndroidVersion(of: $0.scheme) }.first { $0 > first }
        switch (first, next) {
        case (1, nil): return "every Android version"
        case (1, let next?): return "devices before Android \(next)"
        case (let first, nil): return "Android \(first) and later"
        case (let first, let next?) where next - 1 == first: return "Android \(first)"
        case (let first, let next?) where next - 2 == first: return "Android \(first) and \(next - 1)"
        case (let first, let next?): return "Android \(first) to \(next - 1)"
        }
    }
}
