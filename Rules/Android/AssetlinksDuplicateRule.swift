import AASALintCore

struct AssetlinksDuplicateRule: OptionlessRule {
    static let description = RuleDescription(
        id: "assetlinks-duplicate",
        summary: "A fingerprint listed twice for one app, or a statement that repeats an earlier one",
        rationale: """
            Repeats are harmless to the verifiers (AOSP sorts and de-duplicates fingerprints), \
            but they are usually a sign of a copy-paste that meant something else: the release \
            key pasted twice where the upload key and the app signing key should both be, or a \
            statement duplicated where a second package (a `.debug` flavour) was meant. Remove \
            the repeat, or put the value that was intended.
            """,
        severity: .note,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, """
                [{
                  "relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example.app",
                             "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
                                                          ↓"14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}
                }]
                """),
            RuleExample(triggers: false, """
                [{
                  "relation": ["delegate_permission/common.handle_all_urls"],
                  "target": {"namespace": "android_app", "package_name": "com.example.app",
                             "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}
                }]
                """),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        var diagnostics: [Diagnostic] = []
        var grants: [String: Located<String>] = [:]
        for (statement, target) in document.androidAppTargets {
            guard let packageName = target.packageName?.value else { continue }
            var seenInTarget: [String: Located<String>] = [:]
            for fingerprint in target.fingerprints ?? [] {
                let compared = CertificateFingerprint.normalized(fingerprint.value) ?? fingerprint.value
                if let first = seenInTarget[compared] {
                    diagnostics.append(diagnostic(
                        "this fingerprint repeats an earlier one of \(packageName); the repeat adds nothing; remove it, or put the key that was meant (the upload key, or Play's app signing key)",
                        at: file.location(fingerprint.pointer),
                        related: [RelatedLocation(file.location(first.pointer), message: "first listed here")]))
                    continue
                }
                seenInTarget[compared] = fingerprint
                // The same relation for the same package and certificate in an earlier statement.
                for relation in statement.relations ?? [] {
                    let key = relation.value + "\u{0}" + packageName + "\u{0}" + compared
                    if let first = grants[key] {
                        diagnostics.append(diagnostic(
                            "an earlier statement already grants \(packageName) \"\(relation.value)\" with this fingerprint; this repeat adds nothing; remove it, or change it to the package or key that was meant",
                            at: file.location(fingerprint.pointer),
                            related: [RelatedLocation(file.location(first.pointer), message: "granted first here")]))
                        break
                    }
                    grants[key] = fingerprint
                }
            }
        }
        return diagnostics
    }
}
