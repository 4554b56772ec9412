import AASALintCore

struct VersionCommand {
    static let spec = CommandSpec(
        name: "version",
        summary: "Print the version of aasalint",
        usage: "aasalint version"
    )

    let output: StandardStreams

    func run(_ arguments: [String]) -> Int32 {
        do {
            let parsed = try ArgumentParser.parse(arguments, for: Self.spec)
            if parsed.wantsHelp {
                output.write(HelpFormatter.help(for: Self.spec))
                return ExitStatus.success
            }
        } catch {
            return output.fail(error.description)
        }
        output.write("aasalint \(AASALintVersion.current) (libyaml \(YAMLLibrary.version))\n")
        return ExitStatus.success
    }
}
