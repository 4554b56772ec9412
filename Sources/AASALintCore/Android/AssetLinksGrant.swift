/// Whether a statement list grants an app a relation, as each verifier decides it (ANDROID.md
/// 1.2-1.4): Android's own verifier (AOSP StatementService) loses the whole file over one
/// statement it cannot parse; Google's API drops only that statement. Includes are not followed.
package struct AssetLinksGrant: Sendable {
    package let packageName: String
    package let fingerprint: String
    package let relation: String
    /// The statement that grants it, as each verifier reads the file; nil when it does not.
    package let aospGrant: AssetLinkStatement?
    package let googleGrant: AssetLinkStatement?
    /// Why AOSP reads no statement of the file, when it does not.
    package let aospFailure: String?
    /// Why neither grants it, for a person: the nearest miss.
    package let reason: String?
    package let includes: [String]

    package init(document: AssetLinksDocument, packageName: String, fingerprint: String, relation: String) {
        self.packageName = packageName
        self.fingerprint = fingerprint
        self.relation = relation
        includes = document.statements.compactMap { $0.include?.value }
        let valid = document.statements.filter { statement in
            statement.aospRejection == nil && !statement.isInclude && statement.relations?.contains { $0.value == relation } == true
                && statement.target?.namespace?.value == "android_app"
        }
        let granting = valid.first { statement in
            statement.target?.packageName?.value == packageName && statement.target?.fingerprints?.contains { $0.value == fingerprint } == true
        }
        googleGrant = granting
        let failure = document.aospFailure
        aospFailure = failure
        aospGrant = failure == nil ? granting : nil
        guard granting == nil else {
            reason = nil
            return
        }
        let forPackage = document.androidAppTargets.filter { $0.target.packageName?.value == packageName }
        if forPackage.isEmpty {
            let packages = Array(Set(document.androidAppTargets.compactMap { $0.target.packageName?.value })).sorted()
            reason = "no android_app statement names \(packageName)" + (packages.isEmpty ? "" : " (it names \(packages.joined(separator: ", ")))")
        } else if !forPackage.contains(where: { $0.statement.relations?.contains { $0.value == relation } == true }) {
            reason = "the statements for \(packageName) do not have the relation \(relation)"
        } else {
            let listed = forPackage.flatMap { $0.target.fingerprints ?? [] }.map(\.value)
            let nearly = listed.first { CertificateFingerprint.normalized($0) == fingerprint }
            reason = nearly.map { "the file lists this certificate as \"\($0)\", which Android compares as a different string; write \(fingerprint)" }
                ?? (listed.isEmpty ? "the statements for \(packageName) list no certificate" : "the statements for \(packageName) list other certificates: \(listed.joined(separator: ", "))")
        }
    }

    /// Android's own verifier's answer, which `match` exits with.
    package var isGranted: Bool { aospGrant != nil }
}
