import AASALintCore

/// `aasalint fetch HOST ...`: download the file each host serves and Apple's CDN copy, then
/// report the remote rules and the file rules on what was served.
struct FetchCommand: Subcommand {
    static let spec = CommandSpec(
        name: "fetch",
        summary: "Lint the AASA file each host serves, and compare Apple's CDN copy with it",
        usage: "aasalint fetch [options] HOST [HOST ...]",
        options: [ReportDelivery.formatOption, ReportDelivery.outputOption, ReportDelivery.failOnOption]
            + RulePlanOptions.specs + ReportDelivery.presentationOptions + RemoteRun.options + ConfigurationOptions.specs,
        positionals: PositionalSpec(name: "HOST", help: "The hosts whose file to download, such as example.com", minimum: 1, completion: .nothing),
        exitStatuses: ReportDelivery.findingStatuses + [ExitStatus.failureMeaning]
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments) throws -> Int32 {
        try RemoteRun(output: output).check(hosts: parsed.positionals, configuration: try ConfigurationOptions.load(parsed), parsed)
    }
}
