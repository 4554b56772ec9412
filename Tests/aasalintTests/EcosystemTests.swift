@testable import aasalint
import AASALintCore
import Foundation
import Testing

/// The files that connect aasalint to pre-commit and GitHub Actions (`CompletionTests`: shells).
@Suite struct EcosystemTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func yaml(_ path: String) throws -> JSONNode {
        try YAMLReader.parse([UInt8](Data(contentsOf: Self.root.appendingPathComponent(path))))
    }

    @Test func preCommitHooksRunAnExistingCommandOnTheRightFiles() throws {
        let hooks = try #require(try yaml(".pre-commit-hooks.yaml").elements)
        #expect(hooks.count == 2)
        for hook in hooks {
            for key in ["id", "name", "entry", "language", "files"] {
                #expect(hook.member(key)?.value.stringValue?.isEmpty == false, "hook needs \(key)")
            }
            #expect(hook.member("language")?.value.stringValue == "swift")
            let entry = try #require(hook.member("entry")?.value.stringValue?.split(separator: " ").map(String.init))
            #expect(entry.first == "aasalint")
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

    @Test func theActionIsACompositeActionThatWritesSARIF() throws {
        let action = try yaml("action.yml")
        for key in ["name", "description", "inputs", "outputs", "runs"] {
            #expect(action.member(key) != nil, "action.yml needs \(key)")
        }
        #expect(action.node(at: JSONPointer("/runs/using")!)?.stringValue == "composite")
        let steps = try #require(action.node(at: JSONPointer("/runs/steps")!)?.elements)
        let scripts = steps.compactMap { $0.member("run")?.value.stringValue }.joined(separator: "\n")
        #expect(scripts.contains("--format sarif --output"))
        #expect(scripts.contains("::add-matcher::${{ github.action_path }}/.github/aasalint-problem-matcher.json"))
        #expect(steps.allSatisfy { $0.member("shell")?.value.stringValue == "bash" })
        #expect(action.node(at: JSONPointer("/outputs/sarif-file/value")!)?.stringValue == "${{ inputs.sarif-file }}")
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(".github/aasalint-problem-matcher.json").path))
    }

    /// The matcher must read every finding line of the text format, and nothing else.
    @Test func theProblemMatcherReadsTheTextReportersFindingLines() throws {
        let matcher = try JSONParser.parse([UInt8](Data(contentsOf: Self.root.appendingPathComponent(".github/aasalint-problem-matcher.json"))))
        let pattern = try #require(matcher.node(at: JSONPointer("/problemMatcher/0/pattern/0/regexp")!)?.stringValue)
        let expression = try NSRegularExpression(pattern: pattern)
        let golden = try String(contentsOf: Self.root.appendingPathComponent("Fixtures/cli/expected/broken.stdout"), encoding: .utf8)
        let lines = golden.split(separator: "\n").map(String.init)
        let matched = lines.compactMap { line -> [String]? in
            guard let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
            return (1..<match.numberOfRanges).map { String(line[Range(match.range(at: $0), in: line)!]) }
        }
        // Every line but the indented related locations and the summary is a finding.
        let findingLines = lines.filter { !$0.hasPrefix(" ") }.dropLast()
        #expect(matched.count == findingLines.count)
        #expect(findingLines.count > 3)
        let first = try #require(matched.first)
        #expect(first[0].hasSuffix("apple-app-site-association") || first[0].hasSuffix(".json"))
        #expect(Int(first[1]) != nil && Int(first[2]) != nil)
        #expect(["error", "warning", "note"].contains(first[3]))
        #expect(first[5].allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" })
    }
}
