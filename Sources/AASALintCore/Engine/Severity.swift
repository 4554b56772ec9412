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
}
