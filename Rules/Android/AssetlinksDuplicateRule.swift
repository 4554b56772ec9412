import AASALintCore

struct AssetlinksDuplicateRule: Rule, FileCheck {
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
        // Records `fingerprint` in `seen` under `key`; when `key` is there already, reports the
        // repeat (with where the first was written) instead, and answers true.
        func isRepeat(_ fingerprint: Located<String>, _ key: String, in seen: inout [String: Located<String>],
                      _ message: @autoclosure () -> String, firstLabel: String) -> Bool {
            guard let first = seen[key] else {
                seen[key] = fingerprint
                return false
            }
            diagnostics.append(diagnostic(
                message(), at: file.location(fingerprint.pointer),
                related: [RelatedLocation(file.location(first.pointer), message: firstLabel)]))
            return true
        }
        for (statement, target) in document.androidAppTargets {
            guard let packageName = target.packageName?.value else { continue }
            var seenInTarget: [String: Located<String>] = [:]
            for fingerprint in target.fingerprints ?? [] {
                let compared = CertificateFingerprint.normalized(fingerprint.value) ?? fingerprint.value
                if isRepeat(fingerprint, compared, in: &seenInTarget,
                            "this fingerprint repeats an earlier one of \(packageName); the repeat adds nothing; remove it, or put the key that was meant (the upload key, or Play's app signing key)",
                            firstLabel: "first listed here") {
                    continue
                }
                // The same relation for the same package and certificate in an earlier statement.
                for relation in statement.relations ?? [] {
                    let key = relation.value + "\u{0}" + packageName + "\u{0}" + compared
                    if isRepeat(fingerprint, key, in: &grants,
                                "an earlier statement already grants \(packageName) \"\(relation.value)\" with this fingerprint; this repeat adds nothing; remove it, or change it to the package or key that was meant",
                                firstLabel: "granted first here") {
                        break
                    }
                }
            }
        }
        return diagnostics
    }
}
