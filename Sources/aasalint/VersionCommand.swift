import AASALintCore

struct VersionCommand: Subcommand {
    static let name = "version"
    static let spec = CommandSpec(
        name: name,
        summary: "Print the version of aasalint",
        usage: "aasalint version"
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<NoOptions>) throws -> Int32 {
        output.write("aasalint \(AASALintVersion.current) (libyaml \(YAMLLibrary.version))\n")
        return ExitStatus.success
    }
}
