/// `<prefix>.<bundle ID>`, the identity of an app in an AASA file (AASA.md section 6).
public struct AppID: Hashable, Sendable, CustomStringConvertible {
    public static let prefixLength = 10

    public let prefix: String
    public let bundleID: String

    public var description: String { prefix + "." + bundleID }

    /// What is wrong with a string that should be an appID, in words for the user.
    public enum Problem: Error, Equatable, Sendable {
        case empty
        case whitespace
        case placeholder(String)
        case wildcard
        case missingBundleID
        case prefixLength(prefix: String)
        case prefixCharacters(prefix: String)
        case bundleIDCharacters(bundleID: String)

        public var explanation: String {
            switch self {
            case .empty:
                "the appID is empty"
            case .whitespace:
                "the appID contains whitespace, and the system compares appIDs exactly, so it matches no app"
            case .placeholder(let text) where text.hasPrefix(AppID.documentationSampleTeamID + "."):
                "\"\(AppID.documentationSampleTeamID)\" is the sample team ID from Apple's documentation, not a real one; write the app's \"<team ID>.<bundle ID>\""
            case .placeholder(let text):
                "\"\(text)\" is a placeholder, not a real team ID or bundle ID; write the app's \"<team ID>.<bundle ID>\""
            case .wildcard:
                "wildcard appIDs exist only in provisioning profiles; in this file \"*\" is a literal character and matches no app; list each app"
            case .missingBundleID:
                "an appID is \"<team ID>.<bundle ID>\" (e.g. \"ABCDE12345.com.example.app\"); this one has no bundle ID"
            case .prefixLength(let prefix):
                "the team ID \"\(prefix)\" has \(prefix.count) characters, but team IDs have \(AppID.prefixLength), so this appID matches no app; copy it from the Membership page of your Apple developer account"
            case .prefixCharacters(let prefix):
                "the team ID \"\(prefix)\" may only hold upper-case letters and digits, so this appID matches no app"
            case .bundleIDCharacters(let bundleID):
                "the bundle ID \"\(bundleID)\" may only hold letters, digits, \"-\" and \".\" (without empty parts), so this appID matches no app"
            }
        }
    }

    // Seen in real files: Xcode build settings, template text, and the sample from Apple's documentation.
    private static let placeholderMarkers = [
        "DEVELOPMENT_TEAM", "PRODUCT_BUNDLE_IDENTIFIER", "PLACEHOLDER", "YOUR_", "YOURCOMPANY", "$(", "${", "<",
    ]
    static let documentationSampleTeamID = "ABCDE12345"
    private static let placeholderTeamIDs: Set = ["TEAMID", "TEAM_ID", "XXXXXXXXXX", documentationSampleTeamID]

    /// ASCII text is searched byte by byte: Foundation's `contains`, needed for text where
    /// canonical equivalence may matter, costs more than the rest of reading an AASA file's appIDs.
    private static func holdsPlaceholderMarker(_ upper: String) -> Bool {
        guard upper.utf8.allSatisfy({ $0 < 0x80 }) else { return placeholderMarkers.contains { upper.contains($0) } }
        let bytes = Array(upper.utf8)
        return placeholderMarkers.contains { marker in
            let markerBytes = Array(marker.utf8)
            return bytes.indices.contains { bytes[$0...].starts(with: markerBytes) }
        }
    }

    public init(_ text: String) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else { throw .whitespace }
        let upper = text.uppercased()
        let upperPrefix = upper.prefix { $0 != "." }
        if Self.holdsPlaceholderMarker(upper) || Self.placeholderTeamIDs.contains(String(upperPrefix)) {
            throw .placeholder(text)
        }
        guard !text.contains("*") else { throw .wildcard }
        guard let dot = text.firstIndex(of: ".") else { throw .missingBundleID }
        let prefix = String(text[..<dot])
        let bundleID = String(text[text.index(after: dot)...])
        guard !bundleID.isEmpty else { throw .missingBundleID }
        guard prefix.unicodeScalars.count == Self.prefixLength else { throw .prefixLength(prefix: prefix) }
        guard prefix.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
            throw .prefixCharacters(prefix: prefix)
        }
        let bundleParts = bundleID.split(separator: ".", omittingEmptySubsequences: false)
        let validBundle = bundleParts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
        guard validBundle else { throw .bundleIDCharacters(bundleID: bundleID) }
        self.prefix = prefix
        self.bundleID = bundleID
    }
}
