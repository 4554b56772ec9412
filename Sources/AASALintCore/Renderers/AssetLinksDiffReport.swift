/// The diff of two `assetlinks.json` files (`aasalint diff`), as text or JSON, shaped like the
/// AASA diff's report.
package struct AssetLinksDiffReport {
    let oldPath: String
    let newPath: String
    let difference: AssetLinksDiff

    package init(oldPath: String, newPath: String, difference: AssetLinksDiff) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.difference = difference
    }

    package func text() -> String {
        guard !difference.isEquivalent else {
            return TerminalText.lines(["no change in what is granted: \(oldPath) and \(newPath) grant the same apps the same relations with the same certificates"])
        }
        return TerminalText.lines(difference.changes.map(Self.line))
    }

    package func json() -> String {
        JSONWriter.prettyPrinted(.object([
            ("changes", .array(difference.changes.map { change in
                .object([
                    ("change", .string(change.kind.rawValue)),
                    ("detail", change.detail.map(JSONWriter.Value.string) ?? .null),
                    ("fingerprints", .array(change.fingerprints.map(JSONWriter.Value.string))),
                    ("package", change.packageName.map(JSONWriter.Value.string) ?? .null),
                    ("relation", change.relation.map(JSONWriter.Value.string) ?? .null),
                ])
            })),
            ("equivalent", .bool(difference.isEquivalent)),
            ("new", .string(newPath)),
            ("old", .string(oldPath)),
        ]))
    }

    /// A note on the fingerprints not written as Android compares them, which match no certificate.
    static func miswritten(_ fingerprints: [String]) -> String {
        let miswritten = fingerprints.filter { CertificateFingerprint.normalized($0) != $0 }
        guard !miswritten.isEmpty else { return "" }
        return " (but \(miswritten.joined(separator: ", ")) \(miswritten.count == 1 ? "is" : "are") not 32 upper-case hex bytes joined by \":\", "
            + "so Android matches no certificate with \(miswritten.count == 1 ? "it" : "them"))"
    }

    static func line(for change: AssetLinksDiff.Change) -> String {
        let app = "\(change.packageName ?? "") (\(change.relation ?? ""))"
        let certificates = change.fingerprints.joined(separator: ", ")
        switch change.kind {
        case .appGranted:
            return "\(app): now granted, to apps signed with \(certificates)" + miswritten(change.fingerprints)
        case .appNoLongerGranted:
            return "\(app): no longer granted (it was, to apps signed with \(certificates)); the app stops verifying for this host when Android next verifies it"
        case .certificatesAdded:
            return "\(app): certificates added: \(certificates)" + miswritten(change.fingerprints)
        case .certificatesRemoved:
            return "\(app): certificates removed: \(certificates); builds signed only with them stop verifying"
        case .includeAdded:
            return "now includes \(change.detail ?? "") (its statements are not compared here)"
        case .includeRemoved:
            return "no longer includes \(change.detail ?? "") (what it granted is not compared here)"
        case .aospFailureStarts:
            return "Android's own verifier (AOSP) now fails on \(change.detail ?? "") and reads no statement of the new file, so no app verifies for this host on devices that use it; Google's verifier still reads the file"
        case .aospFailureEnds:
            return "Android's own verifier (AOSP) no longer fails on the file (the old file had \(change.detail ?? ""))"
        }
    }
}
