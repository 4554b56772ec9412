import AASALintCore
import AASALintRules
import Foundation

/// `aasalint fetch HOST ...` and `aasalint lint --remote`: download the file each host serves
/// and Apple's CDN copy, then report the remote rules and the file rules on what was served.
struct FetchCommand: Subcommand {
    /// Where and how to download; `lint --remote` takes them too.
    static let remoteOptions = [
        OptionSpec(name: "origin-base", valueName: "URL",
                   help: "Download URL/HOST/.well-known/apple-app-site-association instead of https://HOST/... (plain http only on 127.0.0.1, ::1, localhost)"),
        OptionSpec(name: "cdn-base", valueName: "URL",
                   help: "Download URL/HOST instead of Apple's CDN copy, \(RemoteAddresses.appleCDNBase)/HOST"),
        OptionSpec(name: "timeout", valueName: "SECONDS", help: "Give up on a download after SECONDS (default: 10)"),
        OptionSpec(name: "save", valueName: "DIR", completion: .folders, help: "Keep what was downloaded in DIR/HOST/origin/ and DIR/HOST/cdn/"),
    ]

    /// The report options `fetch` shares with `lint`.
    private static let reportOptionNames: Set = ["format", "output", "fail-on", "enable", "disable", "snippet", "no-color", "quiet"]

    static let spec = CommandSpec(
        name: "fetch",
        summary: "Lint the AASA file each host serves, and compare Apple's CDN copy with it",
        usage: "aasalint fetch [options] HOST [HOST ...]",
        options: LintCommand.spec.options.filter { reportOptionNames.contains($0.name) } + remoteOptions + ConfigurationOptions.specs,
        positionals: PositionalSpec(name: "HOST", help: "The hosts whose file to download, such as example.com", minimum: 1, completion: .nothing),
        exitStatuses: LintCommand.findingStatuses + [ExitStatus.failureMeaning]
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments) throws -> Int32 {
        try check(hosts: parsed.positionals, configuration: try ConfigurationOptions.load(parsed), parsed)
    }

    /// `lint --remote`: the hosts of the configuration's `domains`.
    func lintRemote(configuration: Configuration, _ parsed: ParsedArguments) throws -> Int32 {
        guard parsed.positionals.isEmpty else {
            throw UsageError("--remote checks the hosts under domains: in the configuration and takes no PATH; to check other hosts, run aasalint fetch HOST")
        }
        let hosts = configuration.domains.map(\.host.value)
        guard !hosts.isEmpty else {
            throw UsageError("--remote checks the hosts under domains: in the configuration, and it names none; add them (domains: {example.com: path/to/apple-app-site-association}) or run aasalint fetch HOST")
        }
        return try check(hosts: hosts, configuration: configuration, parsed)
    }

    private func check(hosts names: [String], configuration: Configuration, _ parsed: ParsedArguments) throws -> Int32 {
        var seen: Set<String> = []
        let hosts = try names.map { name throws(UsageError) in try RemoteAddresses.host(name) }.filter { seen.insert($0).inserted }
        let addresses = try RemoteAddresses(originBase: parsed.value("origin-base"), cdnBase: parsed.value("cdn-base"))
        let limits = RemoteFetcher.Limits(timeout: try Self.timeout(parsed.value("timeout")),
                                          maximumBytes: RemoteFetcher.Limits.standard.maximumBytes)
        let folder = try parsed.value("save").map { path throws(UsageError) in try DownloadFolder(path: path) }
        let session = RemoteLintSession(plan: try Self.plan(configuration, parsed), addresses: addresses, fetcher: RemoteFetcher(limits: limits))

        let showsProgress = isatty(STDERR_FILENO) != 0
        var outcomes: [RemoteLintSession.HostOutcome] = []
        for (index, host) in hosts.enumerated() {
            if showsProgress { output.writeErrorPiece("[\(index + 1)/\(hosts.count)] \(host) ...", endsLine: false) }
            let outcome = session.check(host: host)
            if showsProgress { output.writeErrorPiece(" \(Self.progress(of: outcome.fetch))", endsLine: true) }
            try folder?.save(outcome.fetch)
            outcomes.append(outcome)
        }
        return try report(session.report(outcomes), configuration: configuration, parsed)
    }

    private func report(_ report: LintReport, configuration: Configuration, _ parsed: ParsedArguments) throws -> Int32 {
        let format = (parsed.value("format") ?? configuration.format).flatMap(ReportFormat.init(rawValue:)) ?? .text
        let failOn: Severity? = parsed.value("fail-on").map { Severity(rawValue: $0) } ?? configuration.failOn ?? .error
        let outputFile = parsed.value("output")
        let toTerminal = outputFile == nil && output.isTerminal
        let colorAllowed = !parsed.flag("no-color") && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        let options = TextReporter.Options(color: toTerminal && colorAllowed,
                                           snippets: !parsed.flag("quiet") && (parsed.flag("snippet") || toTerminal),
                                           quiet: parsed.flag("quiet"), ruleSummary: parsed.flag("summary"))
        let sourceRoot = SourceRoot.repository(containing: FileManager.default.currentDirectoryPath)
        try LintCommand(output: output).deliver(report, with: format.reporter(options: options, sourceRoot: sourceRoot), to: outputFile)
        for problem in report.problems {
            output.writeError("aasalint: error: \(problem)")
        }
        if !report.problems.isEmpty { return ExitStatus.failure }
        return report.fails(at: failOn) ? ExitStatus.findings : ExitStatus.success
    }

    /// Every rule as configured, with the remote rules on unless the configuration or
    /// `--disable` turns them off.
    private static func plan(_ configuration: Configuration, _ parsed: ParsedArguments) throws -> RulePlan {
        let remoteRuleIDs = BuiltInRules.all.compactMap { $0 as? any RemoteRule.Type }.map { $0.description.id }
            .filter { configuration.rules[$0]?.isOff != true }
        return try RulePlan(registry: try ConfigurationOptions.registry(for: configuration), configuration: configuration,
                            enable: remoteRuleIDs + parsed.values("enable"), disable: parsed.values("disable"))
    }

    private static func timeout(_ text: String?) throws(UsageError) -> Double {
        guard let text else { return RemoteFetcher.Limits.standard.timeout }
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw UsageError("--timeout needs a number of seconds greater than 0, such as 10; got '\(text)'")
        }
        return seconds
    }

    /// `origin 200, CDN 404`: what came back, for the progress line.
    private static func progress(of fetch: HostFetch) -> String {
        func status(_ download: Download) -> String {
            download.response.map { String($0.status) } ?? "failed"
        }
        return "origin \(status(fetch.origin)), CDN \(status(fetch.cdn))"
    }
}
