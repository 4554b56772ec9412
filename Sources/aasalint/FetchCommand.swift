import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `aasalint fetch HOST ...`: download the file each host serves and Apple's CDN copy, then
/// report the remote rules and the file rules on what was served.
struct FetchCommand: Subcommand {
    static let name = "fetch"
    static let spec = CommandSpec(
        name: name,
        summary: "Lint the AASA file each host serves, and compare Apple's CDN copy with it",
        usage: "aasalint fetch [options] HOST [HOST ...]",
        options: Options(),
        positionals: PositionalSpec(name: "HOST", help: "The hosts whose file to download, such as example.com", minimum: 1, completion: .nothing),
        exitStatuses: ReportDelivery.findingStatuses + [ExitStatus.failureMeaning]
    )

    struct Options: CommandOptions {
        let report = ReportDelivery.Options()
        let rulePlan = RulePlanOptions()
        let presentation = ReportDelivery.PresentationOptions()
        let download = RemoteRun.Options()
        let configuration = ConfigurationOptions()

        static var fields: [OptionField<Self>] {
            [.group(\.report), .group(\.rulePlan), .group(\.presentation), .group(\.download), .group(\.configuration)]
        }
    }

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<Options>) throws -> Int32 {
        let configuration = try ConfigurationOptions.load(parsed[\.configuration])
        let delivery = try ReportDelivery(parsed[\.report], parsed[\.presentation], configuration: configuration, output: output)
        let outcome = try RemoteRun(output: output).lint(hosts: parsed.positionals, plan: try RemoteRun.plan(configuration, rulePlan: parsed[\.rulePlan]),
                                                         download: parsed[\.download])
        try delivery.deliver(outcome.report, sourceRoot: .repository(containing: FileManager.default.currentDirectoryPath))
        delivery.reportWarningsAndProblems(of: outcome, to: output)
        return delivery.exitStatus(for: outcome.report, hadProblems: !outcome.problems.isEmpty)
    }
}
