import AASALintCore
import AASALintTooling
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

/// Downloads the file each host serves and Apple's CDN copy, the input of `aasalint fetch HOST
/// ...` and `aasalint lint --remote`, which lint it in the one session and deliver as `lint` does.
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
            throw UsageError("\(path): --remote takes signed apps (.app, .ipa, .xcarchive, .apk, .aab) or folders holding them, to check them against what their domains serve, and this holds none; lint other files without --remote")
        }
        let outcomes = artifacts.map { ArtifactReader.read($0.path) }
        return SignedApps(files: outcomes.flatMap(\.files).filter { $0.signedBundle != nil || $0.androidPackage != nil },
                          problems: outcomes.flatMap(\.problems), warnings: outcomes.flatMap(\.warnings))
    }

    /// The hosts `lint --remote` checks: those under domains: in the configuration (with an AASA
    /// file or an assetlinks.json; each is downloaded once), then those that the signed apps name.
    static func hosts(_ configuration: Configuration, signedFiles: [LintFile]) throws(UsageError) -> [String] {
        let hosts = configuration.domains.map(\.host.value) + configuration.assetLinksDomains.map(\.host.value)
            + HostDownloader.hosts(signedInto: signedFiles)
        guard !hosts.isEmpty else {
            throw UsageError(signedFiles.isEmpty
                ? "--remote checks the hosts under domains: in the configuration, and it names none; add them (domains: {example.com: path/to/apple-app-site-association}) or run aasalint fetch HOST"
                : "--remote checks the hosts under domains: in the configuration and those signed into the apps named, and there are none; add them (domains: {example.com: path/to/apple-app-site-association}) or run aasalint fetch HOST")
        }
        return hosts
    }

    /// The rules a lint of downloads runs: `plan` of `lint --remote --print-config` too.
    static func plan(_ configuration: Configuration, options: RunOptions = RunOptions(),
                     rulePlan: ParsedArguments<RulePlanOptions>) throws -> RulePlan {
        try RulePlan.forDownloads(rules: BuiltInRules.all, configuration: configuration, options: options,
                                  enable: rulePlan[\.enable], disable: rulePlan[\.disable])
    }

    /// Downloads each host once, in order, with a progress line on a terminal, and lints the
    /// downloads with the signed apps of `signedApps` in the one session.
    func lint(hosts names: [String], signedApps: SignedApps? = nil, plan: RulePlan,
              download: ParsedArguments<Options>) throws -> LintSession.Outcome {
        var seen: Set<String> = []
        let hosts = try names.map { name throws(UsageError) in try RemoteAddresses.host(name) }.filter { seen.insert($0).inserted }
        let addresses = try RemoteAddresses(originBase: download[\.originBase], cdnBase: download[\.cdnBase],
                                            allowsPrivateAddresses: download[\.allowPrivateAddresses])
        let limits = RemoteFetcher.Limits(timeout: try Self.timeout(download[\.timeout]),
                                          maximumBytes: RemoteFetcher.Limits.standard.maximumBytes)
        let folder = try download[\.save].map { path throws(UsageError) in try DownloadFolder(path: path) }
        let downloader = HostDownloader(addresses: addresses, fetcher: RemoteFetcher(limits: limits, usesEnvironmentProxy: download[\.proxyFromEnvironment]))

        let showsProgress = isatty(STDERR_FILENO) != 0
        var fetches: [HostFetch] = []
        for (index, host) in hosts.enumerated() {
            if showsProgress { output.writeErrorPiece("[\(index + 1)/\(hosts.count)] \(host) ...", endsLine: false) }
            let fetch = downloader.fetch(host: host)
            if showsProgress { output.writeErrorPiece(" \(Self.progress(of: fetch))", endsLine: true) }
            try folder?.save(fetch)
            fetches.append(fetch)
        }
        return LintSession(plan: plan).lint(downloads: fetches, signedApps: signedApps?.files, problems: signedApps?.problems ?? [],
                                             warnings: signedApps?.warnings ?? [])
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
