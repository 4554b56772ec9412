@testable import AASALintCore

/// Builds matchers from JSON text for the pattern tests.
enum MatcherTestSupport {
    static let app = "ABCDE12345.com.example.app"
    static let otherApp = "ABCDE12345.com.example.other"

    struct UnreadableAASA: Error {}

    static func matcher(_ json: String) throws -> AASAMatcher {
        guard let matcher = AASAMatcher(file: LintFile(path: "aasa.json", kind: .aasa, bytes: Array(json.utf8))) else {
            throw UnreadableAASA()
        }
        return matcher
    }

    static func outcome(_ json: String, app: String = app, _ url: String) throws -> Decision.Outcome {
        try matcher(json).decide(LinkURL(url), appID: app).outcome
    }

    /// One details entry for `app` with `components` (a JSON array), and optional extra
    /// `applinks` members such as `"substitutionVariables": {...}`.
    static func components(_ components: String, applinks extra: String = "", entryDefaults: String? = nil) -> String {
        let defaults = entryDefaults.map { #", "defaults": \#($0)"# } ?? ""
        let extraMembers = extra.isEmpty ? "" : extra + ", "
        return #"{"applinks": {\#(extraMembers)"details": [{"appIDs": ["\#(app)"], "components": \#(components)\#(defaults)}]}}"#
    }
}

extension PathNormalization {
    /// A text's path normalised, as `LinkURL` normalises a URL's scalars.
    static func normalize(_ path: String) -> String {
        LinkURL.Text.string(of: normalize(scalars: path.unicodeScalars.map(\.value)))
    }
}
