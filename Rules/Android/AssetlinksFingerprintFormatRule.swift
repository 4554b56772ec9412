import AASALintCore

struct AssetlinksFingerprintFormatRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-fingerprint-format",
        summary: "A certificate fingerprint that is not 32 upper-case hex bytes joined by `:`",
        rationale: """
            `sha256_cert_fingerprints` holds SHA-256 fingerprints of the app's signing \
            certificate as Android prints them: 32 bytes, each as two **upper-case** hex digits, \
            separated by `:` (95 characters). Android's own verifier (AOSP) compares the strings \
            exactly with its own rendering, and Google's API rejects anything else as a \
            "malformed cert", so a fingerprint in lower case, without colons, with spaces, or a \
            placeholder (`REPLACE_WITH_...`) never matches and the app does not verify.

            `keytool` prints a SHA-1 fingerprint (20 bytes) next to the SHA-256 one: a SHA-1 \
            value here is the wrong line. Copy the SHA256 line of `keytool -list -v`, or Play \
            Console's App signing key certificate (Setup > App integrity), which is the key \
            devices see when Play App Signing re-signs the app.

            The fix rewrites a fingerprint whose digits make 32 bytes into the upper-case, \
            colon-separated form; it is unsafe because it makes a statement grant the app links \
            that it did not grant before.
            """,
        severity: .error,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(fingerprints: [#"↓"14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5""#]))),
            RuleExample(triggers: false, AndroidExample.list()),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        return document.statements.flatMap { statement in
            (statement.target?.fingerprints ?? []).compactMap { fingerprint in
                let (problems, normalized) = CertificateFingerprint.problems(of: fingerprint.value)
                guard !problems.isEmpty else { return nil }
                let what = problems.map(Self.describe).joined(separator: ", ")
                let shown = fingerprint.value.count > 120 ? String(fingerprint.value.prefix(117)) + "..." : fingerprint.value
                let message = "the fingerprint \"\(shown)\" \(what); Android compares fingerprints as 32 upper-case hex bytes joined by \":\" and Google rejects it as a malformed cert, so this app does not verify"
                guard let normalized, file.isFixable, let node = file.root?.node(at: fingerprint.pointer),
                      let edit = file.edit(replacingString: node, with: normalized) else {
                    return diagnostic(message + Self.advice(for: problems), at: file.location(fingerprint.pointer))
                }
                return diagnostic(message + "; write \"\(normalized)\"", at: file.location(fingerprint.pointer),
                                  fix: Fix("write the fingerprint as \"\(normalized)\"", isSafe: false,
                                           edits: [edit]))
            }
        }
    }

    private static func describe(_ problem: CertificateFingerprint.Problem) -> String {
        switch problem {
        case .lowerCase: "is in lower case"
        case .missingColons: "has no colons between the bytes"
        case .spaces: "contains spaces"
        case .sha1: "is 20 bytes long: a SHA-1 fingerprint, not SHA-256"
        case .wrongLength(let bytes): "is \(bytes) bytes long, not 32"
        case .malformed: "is not a fingerprint"
        }
    }

    private static func advice(for problems: [CertificateFingerprint.Problem]) -> String {
        if problems.contains(.sha1) {
            return "; copy the SHA256 line of keytool -list -v (or Play Console's app signing key), not the SHA1 line"
        }
        return "; copy the SHA-256 of the app signing key from Play Console (Setup > App integrity) or keytool -list -v"
    }
}
