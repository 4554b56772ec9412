import AASALintCore
import Foundation

struct InitCommand {
    static let spec = CommandSpec(
        name: "init",
        summary: "Write a commented starter .aasalint.yml in the current folder",
        usage: "aasalint init [PATH]",
        positionals: PositionalSpec(name: "PATH", help: "Where to write it (default: .aasalint.yml)", minimum: 0, maximum: 1)
    )

    let output: StandardStreams

    func run(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: Self.spec)
        } catch {
            return output.fail(error.description)
        }
        if parsed.wantsHelp {
            output.write(HelpFormatter.help(for: Self.spec))
            return ExitStatus.success
        }
        let path = parsed.positionals.first ?? ConfigurationLoader.fileName
        guard !FileManager.default.fileExists(atPath: path) else {
            return output.fail("\(path) already exists; remove it first or edit it (aasalint never overwrites a configuration)")
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(StarterConfiguration.text.utf8)) else {
            return output.fail("\(path): cannot write the file")
        }
        output.write("wrote \(path); `aasalint lint --print-config` shows what it sets\n")
        return ExitStatus.success
    }
}
