/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: String, CaseIterable, Comparable, Sendable, Codable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}

/// The kinds of file aasalint reads.
public enum FileKind: String, CaseIterable, Sendable, Codable {
    case aasa
    case entitlements
    case provisioningProfile = "provisioning-profile"
    /// A signed app or archive (`.app`, `.ipa`, `.xcarchive`). Each executable's signed
    /// entitlements are linted as an entitlements file (`LintFile.signedBundle` says where they
    /// come from), so rules for `entitlements` check what ships, and rules (built in or custom)
    /// for `artifact` check only those. Read from standard input (`lint - --kind artifact`), it is an `.ipa`.
    /// A built Android app (`.apk`, `.aab`) is one file of this kind, carrying its package name
    /// and signing certificates (`LintFile.androidPackage`).
    case artifact
    /// Android's Digital Asset Links statement list, `.well-known/assetlinks.json`.
    case assetLinks = "assetlinks"
    /// An Android app's `AndroidManifest.xml`: source (`src/<set>/`) or merged.
    case androidManifest = "android-manifest"
}

/// A severity as configured: not set (a default applies), off, or a severity.
package enum SeveritySetting: Sendable, Equatable {
    case notSet
    case off
    case severity(Severity)

    /// The severity in force, `defaultSeverity` when not set; nil when off.
    package func resolved(default defaultSeverity: Severity) -> Severity? {
        switch self {
        case .notSet: defaultSeverity
        case .off: nil
        case .severity(let severity): severity
        }
    }
}
