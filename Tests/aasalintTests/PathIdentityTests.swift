import AASALintTestSupport
import Foundation
import Testing

/// One file, however a path names it: through a link to its configuration's folder (macOS's
/// `/tmp` is a link to `/private/tmp`), or in another case on a case-insensitive volume.
@Suite struct PathIdentityTests {
    static let configuration = """
        overrides:
          - files: ["web/**"]
            rules: {invalid-app-id: off}

        """
    static let invalidAppID = #"{"applinks": {"details": [{"appIDs": ["x"], "components": []}]}}"#

    /// As on macOS: the working directory is the real folder, the file is named through a link
    /// to it; and the other way round, with the configuration named through the link.
    @Test func anOverrideAppliesToAFileNamedThroughALinkToItsFolder() throws {
        let folder = try Workspace("path-identity")
        try folder.write("real/.aasalint.yml", Self.configuration)
        try folder.write("real/web/apple-app-site-association", Self.invalidAppID)
        try folder.symbolicLink("linked", to: "real")
        let linkedFile = folder.url.appendingPathComponent("linked/web/apple-app-site-association").path

        try folder.aasalint(["lint", "web"], in: "real").expectGraceful(status: 0)
        let throughLink = try folder.aasalint(["lint", linkedFile], in: "real")
        throughLink.expectGraceful(status: 0)
        #expect(!throughLink.output.standardOutput.contains("invalid-app-id"), "\(throughLink)")
        let configurationThroughLink = try folder.aasalint(["lint", "--config", "linked/.aasalint.yml", "real/web"])
        configurationThroughLink.expectGraceful(status: 0)
    }

    /// On APFS's default, case-insensitive volume `lint Web` and `lint web` name one file: its
    /// baseline key is spelled as on disk. (Linux checks the rule in PlatformTests.)
    @Test(.enabled(if: Self.workspaceIgnoresCase(), "the volume of the workspace tells case apart"))
    func oneBaselineKeyWhateverTheCase() throws {
        let folder = try Workspace("path-identity")
        try folder.write(".aasalint.yml", "rules: {}\n")
        try folder.write("web/apple-app-site-association", Self.invalidAppID)
        for spelling in ["Web", "web"] {
            try folder.aasalint(["lint", "--write-baseline", "\(spelling).json", spelling]).expectGraceful(status: 0)
        }
        let keys = try ["Web", "web"].map { try String(contentsOf: folder.url.appendingPathComponent("\($0).json"), encoding: .utf8) }
        #expect(keys[0] == keys[1])
        #expect(keys[0].contains("\"web/apple-app-site-association\""), "\(keys[0])")
    }

    static func workspaceIgnoresCase() -> Bool {
        #if canImport(Darwin)
        pathconf(NSTemporaryDirectory(), _PC_CASE_SENSITIVE) == 0
        #else
        false
        #endif
    }
}
