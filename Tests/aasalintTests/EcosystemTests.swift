@testable import aasalint
@testable import AASALintCore
import Foundation
import Testing

/// The files that connect aasalint to pre-commit (GitHub Actions: `GitHubActionsTests`; shells: `CompletionTests`).
@Suite struct EcosystemTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func yaml(_ path: String) throws -> PositionedValue {
        try YAMLReader.parse([UInt8](Data(contentsOf: Self.root.appendingPathComponent(path))))
    }

    @Test func preCommitHooksRunAnExistingCommandOnTheRightFiles() throws {
        let hooks = try #require(try yaml(".pre-commit-hooks.yaml").elements)
        #expect(hooks.count == 2)
        for hook in hooks {
            for key in ["id", "name", "entry", "language", "files"] {
                #expect(hook.member(key)?.value.stringValue?.isEmpty == false, "hook needs \(key)")
            }
            #expect(hook.member("language")?.value.stringValue == "script")
            let entry = try #require(hook.member("entry")?.value.stringValue?.split(separator: " ").map(String.init))
            #expect(entry.first == "scripts/pre-commit-aasalint")
            #expect(FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(entry[0]).path))
            #expect(CommandLineTool.commands.contains { $0.name == entry[1] })
            for option in entry.dropFirst(2) {
                #expect(LintCommand.spec.option(named: option.dropFirst(2)) != nil, "\(option) is not a lint option")
            }
        }
        let pattern = try #require(hooks.first?.member("files")?.value.stringValue)
        let files = try NSRegularExpression(pattern: pattern)
        func selects(_ path: String) -> Bool {
            files.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
        #expect(selects("web/.well-known/apple-app-site-association"))
        #expect(selects("apple-app-site-association.json"))
        #expect(selects("ios/App/App.entitlements"))
        #expect(!selects("web/apple-app-site-association.md"))
        #expect(!selects("package.json"))
    }
}
