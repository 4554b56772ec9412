import Foundation
import Testing

/// The rules about an app's link handlers, through the built binary: findings in Swift sources
/// come with their lines like findings in any other file.
@Suite struct AppCodeCLITests {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rules/cold-start-link-ignored/xcode-target")

    @Test func findingsInSourcesShowTheirLine() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--snippet", "."], workingDirectory: Self.scenario)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("ios/Shop/Scenes/SceneDelegate.swift:12:10: warning: SceneDelegate receives a universal link"),
                "\(run.standardOutput)")
        #expect(run.standardOutput.contains("""
                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                         ^~~~~
            """), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("ios/Shop/Scenes/SceneDelegate.swift:7:10: note: the launch arrives here"))
    }

    @Test func jsonNamesTheSourceFileAndRange() throws {
        let run = try BinaryRunner.run(["lint", "--no-config", "--format", "json", "."], workingDirectory: Self.scenario)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["ruleId"] as? String } == ["cold-start-link-ignored"])
        #expect(diagnostics.first?["file"] as? String == "ios/Shop/Scenes/SceneDelegate.swift")
        let range = try #require(diagnostics.first?["range"] as? [String: [String: Int]])
        #expect(range["start"] == ["line": 12, "column": 10])
        #expect(range["end"] == ["line": 12, "column": 15])
    }
}
