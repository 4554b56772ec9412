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
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(fingerprints: [AndroidExample.fingerprint, "↓" + AndroidExample.fingerprint]))),
            RuleExample(triggers: false, AndroidExample.list()),
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
