@testable import AASALintCore
import AASALintTestSupport
import Foundation
import Testing
@testable import aasalint

/// README.md stays true. Every example of the form
///
///     ```
///     $ aasalint ARGUMENTS
///     OUTPUT
///     ```
///
/// prints OUTPUT (standard output, then standard error) when run from the top of the
/// repository; `AASALINT_UPDATE_GOLDENS=1` rewrites the OUTPUT lines in README.md instead, for
/// review in the diff. What README says about commands, options, shells, files and the
/// configuration is checked against the tool as well.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let readmeURL = root.appendingPathComponent("README.md")

    static func readme() throws -> String {
        try String(contentsOf: readmeURL, encoding: .utf8)
    }

    /// A fenced code block: its info string (`sh`, `yaml`), and its lines with their index in the README.
    struct CodeBlock {
        let info: String
        let lines: [(index: Int, text: String)]
    }

    static func codeBlocks(in text: String) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var open: (info: String, lines: [(index: Int, text: String)])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(CodeBlock(info: block.info, lines: block.lines))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)), [])
                }
            } else {
                open?.lines.append((index, line))
            }
        }
        return blocks
    }

    /// One `$ aasalint ...` line of a block, and the README lines after it that show its output.
    struct Example {
        let command: String
        let lineNumber: Int
        let outputLines: Range<Int>
        let output: String
    }

    static func examples(in text: String) -> [Example] {
        codeBlocks(in: text).flatMap { block -> [Example] in
            guard block.lines.first?.text.hasPrefix("$ aasalint ") == true else { return [] }
            let starts = block.lines.indices.filter { block.lines[$0].text.hasPrefix("$ ") }
            return starts.enumerated().map { number, start in
                let end = number + 1 < starts.count ? starts[number + 1] : block.lines.count
                let shown = block.lines[(start + 1)..<end]
                let firstOutputLine = block.lines[start].index + 1
                return Example(command: String(block.lines[start].text.dropFirst(2)), lineNumber: block.lines[start].index + 1,
                               outputLines: firstOutputLine..<(firstOutputLine + shown.count),
                               output: shown.map { $0.text + "\n" }.joined())
            }
        }
    }

    struct UnsupportedShellSyntax: Error, CustomStringConvertible {
        let command: String
        var description: String { "the test runs plain commands only (no pipes, redirections or substitutions): \(command)" }
    }

    /// The words of a command line as a POSIX shell splits them, for the quoting README uses.
    static func words(of command: String) throws -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                word = (word ?? "") + String(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { word = (word ?? "") + String(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else if "|&;<>()$`".contains(character) {
                throw UnsupportedShellSyntax(command: command)
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let finished = word { words.append(finished) }
        return words
    }

    func run(_ command: String) throws -> BinaryRun {
        let words = try Self.words(of: command)
        return try BinaryRunner.run(Array(words.dropFirst()), workingDirectory: Self.root)
    }

    @Test func everyExamplePrintsWhatTheReadmeShows() throws {
        let text = try Self.readme()
        let examples = Self.examples(in: text)
        #expect(examples.count >= 7, "README examples not found")
        var lines = text.components(separatedBy: "\n")
        for example in examples.reversed() {
            let result = try run(example.command)
            let actual = result.standardOutput + result.standardError
            if Golden.isUpdating {
                lines.replaceSubrange(example.outputLines, with: actual.components(separatedBy: "\n").dropLast())
            } else if actual != example.output {
                Issue.record(Comment(rawValue: "README.md:\(example.lineNumber): `$ \(example.command)` prints other output, "
                    + Golden.difference(between: actual, and: example.output) + "\n(AASALINT_UPDATE_GOLDENS=1 rewrites README.md)"))
            }
        }
        if Golden.isUpdating {
            try lines.joined(separator: "\n").write(to: Self.readmeURL, atomically: true, encoding: .utf8)
        }
    }

    @Test func shellWordsFollowTheQuotingReadmeUses() throws {
        #expect(try Self.words(of: #"aasalint match a "https://x/?q=" --app 'A B' c\ d"#)
            == ["aasalint", "match", "a", "https://x/?q=", "--app", "A B", "c d"])
        #expect(throws: UnsupportedShellSyntax.self) { try Self.words(of: "aasalint diff <(git show main:a) a") }
    }

    /// The quick start's commands work (`swift test` is the test itself).
    @Test func theCommandsToRunWork() throws {
        let commands = Self.codeBlocks(in: try Self.readme()).filter { $0.info == "sh" }.flatMap(\.lines)
            .map(\.text).filter { $0.hasPrefix("swift run aasalint") }
        #expect(!commands.isEmpty)
        for command in commands {
            let result = try run(String(command.dropFirst("swift run ".count)))
            #expect(result.status < 2 && result.standardError.isEmpty, "\(command): exit \(result.status), \(result.standardError)")
        }
    }

    /// The configurations README shows load without a mistake.
    @Test func configurationExamplesAreValid() throws {
        let configurations = Self.codeBlocks(in: try Self.readme()).filter { block in
            let firstKey = block.lines.first { !$0.text.hasPrefix("#") }?.text.split(separator: ":").first.map(String.init)
            return block.info == "yaml" && firstKey.map(ConfigurationLoader.topLevelKeys.contains) == true
        }
        #expect(configurations.count >= 2)
        for block in configurations {
            let workspace = try TemporaryFolder()
            try workspace.write(".aasalint.yml", block.lines.map { $0.text + "\n" }.joined())
            let result = try BinaryRunner.run(["lint", "--print-config"], workingDirectory: workspace.url)
            #expect(result.status == 0, "README.md:\((block.lines.first?.index ?? 0) + 1): \(result.standardError)")
        }
    }

    @Test func everyCommandAndOptionIsDocumented() throws {
        let text = try Self.readme()
        let usage = try #require(Self.codeBlocks(in: text).first { block in block.lines.allSatisfy { $0.text.hasPrefix("aasalint ") } })
        let listed = Set(usage.lines.compactMap { $0.text.split(separator: " ").dropFirst().first.map { $0 == "[lint]" ? "lint" : String($0) } })
        #expect(listed.subtracting(["COMMAND"]) == Set(CommandLineTool.commands.map(\.name)))
        for command in CommandLineTool.commands {
            for option in command.options {
                #expect(text.contains(option.longSpelling), "README does not mention \(command.name) \(option.longSpelling)")
            }
        }
        let table = text.components(separatedBy: "Options of `lint`:").last?.components(separatedBy: "\n\n").dropFirst().first ?? ""
        let tabled = table.components(separatedBy: "\n").compactMap { $0.split(separator: "|").first }
            .flatMap { cell in cell.matches(of: /--([a-z][a-z-]*)/).map { String($0.1) } }
        #expect(tabled.count > 10)
        for name in tabled {
            #expect(LintCommand.spec.option(named: name) != nil, "the lint options table lists --\(name), which lint does not take")
        }
    }

    @Test func everyShellHasItsCompletionLine() throws {
        let text = try Self.readme()
        #expect(text.contains("aasalint completions \(CompletionsCommand.shells.joined(separator: "|"))"))
        for shell in CompletionsCommand.shells {
            #expect(text.contains("aasalint completions \(shell)"), "\(shell)")
        }
    }

    /// A clone has nothing beside it: README links only to files of the repository.
    @Test func linksStayInsideTheRepository() throws {
        let text = try Self.readme()
        #expect(!text.contains("../"), "README points outside the repository")
        let targets = text.matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }.filter { !$0.contains("://") && !$0.hasPrefix("#") }
        #expect(!targets.isEmpty)
        for target in targets {
            let path = target.split(separator: "#").first.map(String.init) ?? target
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "README links to \(target), which is not in the repository")
        }
    }

    /// Containers and CI images often have no sudo.
    @Test func installStepsWorkWithoutSudo() throws {
        let text = try Self.readme()
        #expect(text.contains("(as root, or with sudo)"))
        #expect(!text.contains("`sudo ") && !text.contains("\nsudo "))
    }
}
