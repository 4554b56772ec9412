@testable import aasalint
import AASALintCore
import Foundation
import Testing

/// The files that connect aasalint to pre-commit and shells (GitHub Actions: GitHubActionsTests).
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

    @Test func bashCompletionIsValidAndCompletesOptionsValuesAndRules() throws {
        let script = ShellCompletions(commands: CommandLineTool.commands, ruleIDs: ["duplicate-key", "duplicate-app-id", "unknown-key"]).bash
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aasalint-completion-\(UUID().uuidString).bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = """
            source '\(file.path)'
            COMP_WORDS=(aasalint lint --for); COMP_CWORD=2; _aasalint; echo "${COMPREPLY[*]}"
            COMP_WORDS=(aasalint lint --format ''); COMP_CWORD=3; _aasalint; echo "${COMPREPLY[*]}"
            COMP_WORDS=(aasalint rules dup); COMP_CWORD=2; _aasalint; echo "${COMPREPLY[*]}"
            COMP_WORDS=(aasalint lint --disable un); COMP_CWORD=3; _aasalint; echo "${COMPREPLY[*]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", probe]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output == "--format\ntext json sarif github\nduplicate-key duplicate-app-id\nunknown-key\n")
    }

    @Test func zshCompletionNamesEveryCommandAndOption() {
        let script = ShellCompletions(commands: CommandLineTool.commands, ruleIDs: ["unknown-key"]).zsh
        #expect(script.hasPrefix("#compdef aasalint\n"))
        for command in CommandLineTool.commands {
            #expect(script.contains("_aasalint_\(command.name)() {"))
            for option in command.options {
                #expect(script.contains(option.longSpelling), "\(command.name) \(option.longSpelling)")
            }
        }
        #expect(script.contains("'(-f --format)'{-f,--format}'[Report format (default: text)]:FORMAT:(text json sarif github)'"))
    }
}
