#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One `aasalint fetch`: for each host, download its file and Apple's CDN copy, run the remote
/// rules on the exchange and every file rule on the content the host serves.
public struct RemoteLintSession: Sendable {
    public let plan: RulePlan
    public let addresses: RemoteAddresses
    public let fetcher: RemoteFetcher

    public init(plan: RulePlan, addresses: RemoteAddresses, fetcher: RemoteFetcher) {
        self.plan = plan
        self.addresses = addresses
        self.fetcher = fetcher
    }

    /// The downloads and findings of one host.
    public struct HostOutcome: Sendable {
        public let fetch: HostFetch
        public let diagnostics: [Diagnostic]
        /// Findings held back by the configuration's `ignore:` entries.
        public let ignoredCount: Int
        /// Why the rules could not run (a configuration override that does not apply).
        public let problems: [UsageError]
    }

    /// Downloads the host's file as Apple's crawler asks for it and Apple's CDN copy at the same
    /// time; when the crawler did not get the file, asks once more as a browser (and, for a
    /// missing file, at the places files are often put by mistake); then checks them.
    public func check(host: String) -> HostOutcome {
        let originURL = addresses.originURL(for: host)
        let first = [(originURL, FetchClient.appleCrawler), (addresses.cdnURL(for: host), .aasalint)].parallelMap { download($0.0, as: $0.1) }
        let origin = first[0]
        guard origin.response?.carriesFile != true else {
            return check(HostFetch(host: host, origin: origin, cdn: first[1]))
        }
        let isMissing = origin.response.map { [404, 410].contains($0.status) } ?? false
        let locations = isMissing ? AlternateLocation.allCases : []
        let retries = [(originURL, FetchClient.browser)] + locations.map { (addresses.originURL(for: host, at: $0), .appleCrawler) }
        let more = retries.parallelMap { download($0.0, as: $0.1) }
        return check(HostFetch(host: host, origin: origin, cdn: first[1], originAsBrowser: more[0],
                               alternateLocations: Array(zip(locations, more.dropFirst()))))
    }

    private func download(_ url: String, as client: FetchClient) -> Download {
        Download(url: url, outcome: URL(string: url).map { fetcher.fetch($0, as: client, allowsPrivateAddresses: addresses.permitsPrivateAddresses(for: url)) }
            ?? .failure(FetchFailure(reason: "'\(url)' is not a valid address")))
    }

    /// The remote rules on the exchange, and the file rules on the file the host serves.
    public func check(_ fetch: HostFetch) -> HostOutcome {
        var diagnostics = plan.base.entries.flatMap { entry -> [Diagnostic] in
            guard let rule = entry.check.remoteCheck else { return [] }
            return rule.check(fetch).compactMap { plan.adjusted(entry.configured($0)) }
        }
        var problems: [UsageError] = []
        if let served = fetch.origin.servedFile {
            do throws(UsageError) {
                diagnostics += try Linter(plan: plan).lint([served])
            } catch {
                problems.append(error)
            }
        }
        let ignoring = IgnoreFilter(configuration: plan.configuration).apply(diagnostics)
        return HostOutcome(fetch: fetch, diagnostics: ignoring.kept.sorted(by: Diagnostic.reportOrder),
                           ignoredCount: ignoring.ignoredCount, problems: problems)
    }

    /// The hosts that the associated domains signed into `signedFiles` (the executables of
    /// artifacts) name, in order: one per host, without wildcards (no single host serves them;
    /// they are checked against the downloaded hosts they cover) and without developer mode
    /// (see `LintContext.aasaFiles(for:)`).
    public static func hosts(signedInto signedFiles: [LintFile]) -> [String] {
        var seen = Set<String>()
        return LintContext(files: signedFiles).signedApps.flatMap(\.checkableDomains).map(\.value)
            .filter { !$0.isWildcard && !$0.isDeveloperMode }
            .map { $0.hostName.lowercased() }
            .filter { seen.insert($0).inserted }
    }

    /// The findings of the cross-checks between signed apps and the files their hosts served.
    public struct CrossCheck: Sendable {
        public let signedFiles: [LintFile]
        public let diagnostics: [Diagnostic]
        public let ignoredCount: Int
        public let problems: [UsageError]
    }

    /// The `ServedFileCrossCheck` rules on the signed executables and on what each host
    /// served (a 200 answer): findings point into the artifacts and at the downloads.
    public func crossCheck(_ signedFiles: [LintFile], against outcomes: [HostOutcome]) -> CrossCheck {
        let served = outcomes.compactMap { outcome in outcome.fetch.origin.servedFile.map { (outcome.fetch.host.lowercased(), $0) } }
        var diagnostics: [Diagnostic] = []
        var problems: [UsageError] = []
        do throws(UsageError) {
            diagnostics = try Linter(plan: plan).lint(signedFiles + served.map(\.1), servedFiles: Dictionary(served) { first, _ in first },
                                                      runs: { $0 is any ServedFileCrossCheck })
        } catch {
            problems.append(error)
        }
        let ignoring = IgnoreFilter(configuration: plan.configuration).apply(diagnostics)
        return CrossCheck(signedFiles: signedFiles, diagnostics: ignoring.kept, ignoredCount: ignoring.ignoredCount, problems: problems)
    }

    /// One report for every host checked; each host counts as one file, and so does each
    /// signed executable cross-checked.
    public func report(_ outcomes: [HostOutcome], crossCheck: CrossCheck? = nil) -> LintReport {
        let downloads = outcomes.flatMap { [$0.fetch.origin, $0.fetch.cdn] }
        let signedFiles = crossCheck?.signedFiles ?? []
        return LintReport(
            diagnostics: (outcomes.flatMap(\.diagnostics) + (crossCheck?.diagnostics ?? [])).sorted(by: Diagnostic.reportOrder),
            fileCount: outcomes.count + signedFiles.count,
            rules: plan.base.descriptions,
            sources: Dictionary(downloads.map { ($0.url, $0.file.lines) } + signedFiles.map { ($0.path, $0.lines) }) { first, _ in first },
            ignoredCount: outcomes.map(\.ignoredCount).reduce(0, +) + (crossCheck?.ignoredCount ?? 0),
            problems: (outcomes.flatMap(\.problems) + (crossCheck?.problems ?? [])).map(\.message)
        )
    }
}

extension RemoteLintSession {
    /// Every rule as configured, with the remote rules on unless the configuration or `disable`
    /// turns them off: `fetch`, `lint --remote` and the MCP server's `fetch` tool plan alike.
    public static func plan(rules: [any BuiltInRule.Type], configuration: Configuration, options: RunOptions = RunOptions(),
                            enable: [String] = [], disable: [String] = []) throws -> RulePlan {
        let remoteRuleIDs = rules.filter { $0.checksHosts }.map { $0.description.id }
            .filter { configuration.rules[$0]?.isOff != true }
        return try RulePlan(registry: try RuleRegistry(rules, customRules: configuration.customRules), configuration: configuration,
                            options: options, enable: remoteRuleIDs + enable, disable: disable)
    }
}
