import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct InitCommand: Subcommand {
    static let name = "init"
    static let spec = CommandSpec(
        name: name,
        summary: "Write a commented starter .aasalint.yml in the current folder",
        usage: "aasalint init [PATH]",
        positionals: PositionalSpec(name: "PATH", help: "Where to write it (default: .aasalint.yml)", minimum: 0, maximum: 1, completion: .files)
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<NoOptions>) throws -> Int32 {
        let path = parsed.positionals.first ?? ConfigurationLoader.fileName
        guard !FileManager.default.fileExists(atPath: path) else {
            return output.fail("\(path) already exists; remove it first or edit it (aasalint never overwrites a configuration)")
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(StarterConfiguration.text.utf8)) else {
            return output.fail("\(path): cannot write the file")
        }
        output.write(TerminalText.lines(["wrote \(path); `aasalint lint --print-config` shows what it sets"]))
        return ExitStatus.success
    }
}
