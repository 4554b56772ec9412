/// `<prefix>.<bundle ID>`, the identity of an app in an AASA file (AASA.md section 6).
package struct AppID: Hashable, Sendable, CustomStringConvertible {
    package static let prefixLength = 10

    package let prefix: String
    package let bundleID: String

    package var description: String { prefix + "." + bundleID }

    /// What is wrong with a string that should be an appID, in words for the user.
    package enum Problem: Error, Equatable, Sendable {
        case empty
        case whitespace
        case placeholder(String)
        case placeholderTeamID(prefix: String)
        case wildcard
        case missingBundleID
        case prefixLength(prefix: String)
        case prefixCharacters(prefix: String)
        case bundleIDCharacters(bundleID: String)

        package var explanation: String {
            switch self {
            case .empty:
                "the appID is empty"
            case .whitespace:
                "the appID contains whitespace, and the system compares appIDs exactly, so it matches no app"
            case .placeholder(let text) where text.hasPrefix(AppID.documentationSampleTeamID + "."):
                "\"\(AppID.documentationSampleTeamID)\" is the sample team ID from Apple's documentation, not a real one; write the app's \"<team ID>.<bundle ID>\""
            case .placeholder(let text):
                "\"\(text)\" is a placeholder, not a real team ID or bundle ID; write the app's \"<team ID>.<bundle ID>\""
            case .placeholderTeamID(let prefix):
                "the team ID \"\(prefix)\" looks like a placeholder, so this appID matches no app; put your 10-character team ID from the Membership page of your Apple developer account"
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
    /// Words that template team IDs are made of (`FAKETEAMID`, `TEAMIDXXXX`, `APPLE_TEAM_ID`,
    /// `REPLACE_WITH_TEAM_ID`); a real team ID is 10 random letters and digits, which hold one
    /// of these by chance about once in a hundred thousand.
    private static let placeholderTeamIDWords = ["TEAM", "FAKE", "XXXX", "DUMMY", "SAMPLE", "EXAMPLE", "REPLACE"]
    /// Steps to the next letter or digit (`ABCDEFGHIJ`, `1234567890`) among the nine of a team
    /// ID, from which on it is typed, not issued: Apple's sample `ABCDE12345` has eight, the
    /// `ABCDE1234X` of examples seven.
    private static let typedSequenceSteps = 8
    /// The same character this many times in a row (`XXXXXXXXXX`, `0000000000`, `ABCD000000`).
    private static let typedRepeat = 6

    /// ASCII text is searched byte by byte: Foundation's `contains`, needed for text where
    /// canonical equivalence may matter, costs more than the rest of reading an AASA file's appIDs.
    private static func holds(anyOf markers: [String], in upper: String) -> Bool {
        guard upper.utf8.allSatisfy({ $0 < 0x80 }) else { return markers.contains { upper.contains($0) } }
        let bytes = Array(upper.utf8)
        return markers.contains { marker in
            let markerBytes = Array(marker.utf8)
            return bytes.indices.contains { bytes[$0...].starts(with: markerBytes) }
        }
    }

    /// A team ID made up by hand: template words, a run of one character, or an alphabet or
    /// digit sequence typed in order.
    private static func looksTyped(teamID upper: String) -> Bool {
        if holds(anyOf: placeholderTeamIDWords, in: upper) { return true }
        let scalars = Array(upper.unicodeScalars.map(\.value))
        guard scalars.count == prefixLength else { return false }
        var steps = 0
        var run = 1
        for (previous, next) in zip(scalars, scalars.dropFirst()) {
            if next == previous + 1 { steps += 1 }
            run = next == previous ? run + 1 : 1
            if run >= typedRepeat { return true }
        }
        return steps >= typedSequenceSteps
    }

    /// A placeholder only where the team ID goes (`<TEAM_ID>.com.example.app`,
    /// `$(TeamIdentifierPrefix)com.example.app`, whose expansion ends in the dot) is about the
    /// team ID, and says where to find it; one in the bundle ID too is the whole appID's.
    private static func placeholderProblem(_ text: String) -> Problem {
        let closer: Character? = text.hasPrefix("$(") ? ")" : text.hasPrefix("${") ? "}" : nil
        let teamID = closer.flatMap { text.firstIndex(of: $0) }.map { text[...$0] } ?? text.prefix { $0 != "." }
        let rest = text[teamID.endIndex...]
        let bundleID = rest.hasPrefix(".") ? rest.dropFirst() : rest
        guard holds(anyOf: placeholderMarkers, in: teamID.uppercased()), !bundleID.isEmpty,
              !holds(anyOf: placeholderMarkers, in: bundleID.uppercased()) else { return .placeholder(text) }
        return .placeholderTeamID(prefix: String(teamID))
    }

    package init(_ text: String) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else { throw .whitespace }
        let upper = text.uppercased()
        let upperPrefix = upper.prefix { $0 != "." }
        guard upperPrefix != Self.documentationSampleTeamID else { throw .placeholder(text) }
        if Self.holds(anyOf: Self.placeholderMarkers, in: upper) { throw Self.placeholderProblem(text) }
        if Self.looksTyped(teamID: String(upperPrefix)) {
            throw .placeholderTeamID(prefix: String(text.prefix { $0 != "." }))
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
