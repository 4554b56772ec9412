import AASALintCore
import AASALintRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

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
        let allowPrivateAddresses = Flag("allow-private-addresses",
                                         help: "Also connect to loopback, private, link-local and multicast addresses (refused by default, so that a configuration cannot make aasalint probe this machine's network)")
        let proxyFromEnvironment = Flag("proxy-from-environment", help: "Download through the proxy of https_proxy and the like (macOS: the system's proxy settings); ignored by default")

        static var fields: [OptionField<Self>] {
            [.option(\.originBase), .option(\.cdnBase), .option(\.timeout), .option(\.save), .option(\.allowPrivateAddresses), .option(\.proxyFromEnvironment)]
        }
    }

    let output: StandardStreams

    /// The signed executables of the artifacts that `lint --remote` names, with what could not
    /// be read in them (exit status 2) and the executables signed without entitlements.
    struct SignedApps {
        let files: [LintFile]
        let problems: [UsageError]
        let warnings: [String]
    }

    /// The signed apps of the artifacts (`.app`, `.ipa`, `.xcarchive`) at `paths`, found as
    /// `lint` finds them in folders.
    static func signedApps(at paths: [String]) throws(UsageError) -> SignedApps {
        let discovery = FileDiscovery().discover(paths)
        if let problem = discovery.problems.first { throw problem }
        let artifacts = discovery.files.filter { $0.kind == .artifact }
        for path in paths where !artifacts.contains(where: { $0.path == DisplayPath.of(path) || FileDiscovery.path($0.path, isInside: DisplayPath.of(path)) }) {
            throw UsageError("\(path): --remote takes signed apps (.app, .ipa, .xcarchive) or folders holding them, to check the domains signed into them, and this holds none; lint other files without --remote")
        }
        let outcomes = artifacts.map { ArtifactReader.read($0.path) }
        return SignedApps(files: outcomes.flatMap(\.files).filter { $0.signedBundle != nil },
                          problems: outcomes.flatMap(\.problems), warnings: outcomes.flatMap(\.warnings))
    }

    /// The hosts `lint --remote` checks: those under domains: in the configuration, then those
    /// that the signed apps name.
    static func hosts(_ configuration: Configuration, signedFiles: [LintFile]) throws(UsageError) -> [String] {
        let hosts = configuration.domains.map(\.host.value) + RemoteLintSession.hosts(signedInto: signedFiles)
        guard !hosts.isEmpty else {
            throw UsageError(signedFiles.isEmpty
                ? "--remote checks the hosts under domains: in the configuration, and it names none; add them (domains: {example.com: path/to/apple-app-site-association}) or run aasalint fetch HOST"
                : "--remote checks the hosts under domains: in the configuration and those signed into the apps named, and there are none; add them (domains: {example.com: path/to/apple-app-site-association}) or run aasalint fetch HOST")
        }
        return hosts
    }

    /// Checks each host once, in order, with a progress line on a terminal, then the signed apps
    /// of `signedApps` against what their hosts served, and delivers the report.
    func check(hosts names: [String], signedApps: SignedApps? = nil, configuration: Configuration, options: RunOptions = RunOptions(),
               download: ParsedArguments<Options>,
               rulePlan: ParsedArguments<RulePlanOptions>, delivery: ReportDelivery,
               sourceRoot: SourceRoot = .repository(containing: FileManager.default.currentDirectoryPath)) throws -> Int32 {
        var seen: Set<String> = []
        let hosts = try names.map { name throws(UsageError) in try RemoteAddresses.host(name) }.filter { seen.insert($0).inserted }
        let addresses = try RemoteAddresses(originBase: download[\.originBase], cdnBase: download[\.cdnBase],
                                            allowsPrivateAddresses: download[\.allowPrivateAddresses])
        let limits = RemoteFetcher.Limits(timeout: try Self.timeout(download[\.timeout]),
                                          maximumBytes: RemoteFetcher.Limits.standard.maximumBytes)
        let folder = try download[\.save].map { path throws(UsageError) in try DownloadFolder(path: path) }
        let session = RemoteLintSession(plan: try RemoteLintSession.plan(rules: BuiltInRules.all, configuration: configuration, options: options,
                                                                             enable: rulePlan[\.enable], disable: rulePlan[\.disable]),
                                        addresses: addresses,
                                        fetcher: RemoteFetcher(limits: limits, usesEnvironmentProxy: download[\.proxyFromEnvironment]))

        let showsProgress = isatty(STDERR_FILENO) != 0
        var outcomes: [RemoteLintSession.HostOutcome] = []
        for (index, host) in hosts.enumerated() {
            if showsProgress { output.writeErrorPiece("[\(index + 1)/\(hosts.count)] \(host) ...", endsLine: false) }
            let outcome = session.check(host: host)
            if showsProgress { output.writeErrorPiece(" \(Self.progress(of: outcome.fetch))", endsLine: true) }
            try folder?.save(outcome.fetch)
            outcomes.append(outcome)
        }
        let crossCheck = signedApps.map { session.crossCheck($0.files, against: outcomes) }
        let report = session.report(outcomes, crossCheck: crossCheck)
        try delivery.deliver(report, sourceRoot: sourceRoot)
        for warning in signedApps?.warnings ?? [] {
            output.writeError("aasalint: warning: \(warning)")
        }
        if let notice = report.analysisLimitNotice {
            output.writeError("aasalint: note: \(notice)")
        }
        let problems = (signedApps?.problems.map(\.message) ?? []) + report.problems
        for problem in problems {
            output.writeError("aasalint: error: \(problem)")
        }
        return delivery.exitStatus(for: report, hadProblems: !problems.isEmpty)
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
