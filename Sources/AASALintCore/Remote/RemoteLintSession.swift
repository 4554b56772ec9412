import Foundation

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

    /// Downloads the host's file and Apple's CDN copy at the same time, then checks them.
    public func check(host: String) -> HostOutcome {
        let urls = [addresses.originURL(for: host), addresses.cdnURL(for: host)]
        let fetcher = self.fetcher
        let downloads = urls.parallelMap { url in
            Download(url: url, outcome: URL(string: url).map(fetcher.fetch)
                ?? .failure(FetchFailure(reason: "'\(url)' is not a valid address")))
        }
        return check(HostFetch(host: host, origin: downloads[0], cdn: downloads[1]))
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

    /// One report for every host checked; each host counts as one file.
    public func report(_ outcomes: [HostOutcome]) -> LintReport {
        let downloads = outcomes.flatMap { [$0.fetch.origin, $0.fetch.cdn] }
        return LintReport(
            diagnostics: outcomes.flatMap(\.diagnostics).sorted(by: Diagnostic.reportOrder),
            fileCount: outcomes.count,
            rules: plan.base.descriptions,
            sources: Dictionary(downloads.map { ($0.url, $0.file.lines) }) { first, _ in first },
            ignoredCount: outcomes.map(\.ignoredCount).reduce(0, +),
            problems: outcomes.flatMap(\.problems).map(\.message)
        )
    }
}
