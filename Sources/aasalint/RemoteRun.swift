import AASALintCore
import AASALintRules
import Foundation

/// Downloads the file each host serves and Apple's CDN copy, and lints them with the remote
/// rules and the file rules: `aasalint fetch HOST ...` and `aasalint lint --remote`.
struct RemoteRun {
    /// Where and how to download.
    struct Options: CommandOptions {
        let originBase = ValueOption("origin-base", valueName: "URL",
                                     help: "Download URL/HOST/.well-known/apple-app-site-association instead of https://HOST/... (plain http only on 127.0.0.1, ::1, localhost)")
        let cdnBase = ValueOption("cdn-base", valueName: "URL",
                                  help: "Download URL/HOST instead of Apple's CDN copy, \(RemoteAddresses.appleCDNBase)/HOST")
        let timeout = ValueOption("timeout", valueName: "SECONDS", help: "Give up on a download after SECONDS (default: 10)")
        let save = ValueOption("save", valueName: "DIR", completion: .folders, help: "Keep what was downloaded in DIR/HOST/origin/ and DIR/HOST/cdn/")
    }

    let output: StandardStreams

    /// The hosts of the configuration's `domains`, for `lint --remote`, which takes no PATH.
    static func configuredHosts(_ configuration: Configuration, positionals: [String]) throws(UsageError) -> [String] {
        guard positionals.isEmpty else {
            throw UsageError("--remote checks the hosts under domains: in the configuration and takes no PATH; to check other hosts, run aasalint fetch HOST")
        }
        let hosts = configuration.domains.map(\.host.value)
        guard !hosts.isEmpty else {
            throw UsageError("--remote checks the hosts under domains: in the configuration, and it names none; add them (domains: {example.com: path/to/apple-app-site-association}) or run aasalint fetch HOST")
        }
        return hosts
    }

    /// Checks each host once, in order, with a progress line on a terminal, and delivers the report.
    func check(hosts names: [String], configuration: Configuration, download: ParsedArguments<Options>,
               rulePlan: ParsedArguments<RulePlanOptions>, delivery: ReportDelivery) throws -> Int32 {
        var seen: Set<String> = []
        let hosts = try names.map { name throws(UsageError) in try RemoteAddresses.host(name) }.filter { seen.insert($0).inserted }
        let addresses = try RemoteAddresses(originBase: download[\.originBase], cdnBase: download[\.cdnBase])
        let limits = RemoteFetcher.Limits(timeout: try Self.timeout(download[\.timeout]),
                                          maximumBytes: RemoteFetcher.Limits.standard.maximumBytes)
        let folder = try download[\.save].map { path throws(UsageError) in try DownloadFolder(path: path) }
        let session = RemoteLintSession(plan: try Self.plan(configuration, rulePlan), addresses: addresses, fetcher: RemoteFetcher(limits: limits))

        let showsProgress = isatty(STDERR_FILENO) != 0
        var outcomes: [RemoteLintSession.HostOutcome] = []
        for (index, host) in hosts.enumerated() {
            if showsProgress { output.writeErrorPiece("[\(index + 1)/\(hosts.count)] \(host) ...", endsLine: false) }
            let outcome = session.check(host: host)
            if showsProgress { output.writeErrorPiece(" \(Self.progress(of: outcome.fetch))", endsLine: true) }
            try folder?.save(outcome.fetch)
            outcomes.append(outcome)
        }
        let report = session.report(outcomes)
        try delivery.deliver(report, sourceRoot: SourceRoot.repository(containing: FileManager.default.currentDirectoryPath))
        for problem in report.problems {
            output.writeError("aasalint: error: \(problem)")
        }
        return delivery.exitStatus(for: report, hadProblems: !report.problems.isEmpty)
    }

    /// Every rule as configured, with the remote rules on unless the configuration or
    /// `--disable` turns them off.
    private static func plan(_ configuration: Configuration, _ parsed: ParsedArguments<RulePlanOptions>) throws -> RulePlan {
        let remoteRuleIDs = BuiltInRules.all.compactMap { $0 as? any RemoteCheck.Type }.map { $0.description.id }
            .filter { configuration.rules[$0]?.isOff != true }
        return try RulePlan(registry: try ConfigurationOptions.registry(for: configuration), configuration: configuration,
                            enable: remoteRuleIDs + parsed[\.enable], disable: parsed[\.disable])
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
