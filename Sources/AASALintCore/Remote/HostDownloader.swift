#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The input source of `aasalint fetch` and `lint --remote`: what each host serves, downloaded
/// as Apple's crawler and Apple's CDN ask for it. `LintSession.lint(downloads:)` lints it, as
/// `read(paths:)` and `lint(_:)` lint a tree.
package struct HostDownloader: Sendable {
    package let addresses: RemoteAddresses
    package let fetcher: any HTTPFetching

    package init(addresses: RemoteAddresses, fetcher: any HTTPFetching) {
        self.addresses = addresses
        self.fetcher = fetcher
    }

    /// Downloads the host's file as Apple's crawler asks for it, Apple's CDN copy and the host's
    /// `assetlinks.json` at the same time; when the crawler did not get the file, asks once more
    /// as a browser (and, for a missing file, at the places files are often put by mistake).
    package func fetch(host: String) -> HostFetch {
        let originURL = addresses.originURL(for: host)
        let first = [(originURL, FetchClient.appleCrawler, FileKind.aasa), (addresses.cdnURL(for: host), .aasalint, .aasa),
                     (addresses.assetLinksURL(for: host), .aasalint, .assetLinks)].parallelMap { download($0.0, as: $0.1, kind: $0.2) }
        let origin = first[0]
        guard origin.response?.carriesFile != true else {
            return HostFetch(host: host, origin: origin, cdn: first[1], assetLinks: first[2])
        }
        let isMissing = origin.response.map { [404, 410].contains($0.status) } ?? false
        let locations = isMissing ? AlternateLocation.allCases : []
        let retries = [(originURL, FetchClient.browser)] + locations.map { (addresses.originURL(for: host, at: $0), .appleCrawler) }
        let more = retries.parallelMap { download($0.0, as: $0.1) }
        return HostFetch(host: host, origin: origin, cdn: first[1], originAsBrowser: more[0],
                         alternateLocations: Array(zip(locations, more.dropFirst())), assetLinks: first[2])
    }

    private func download(_ url: String, as client: FetchClient, kind: FileKind = .aasa) -> Download {
        Download(url: url, outcome: URL(string: url).map { fetcher.fetch($0, as: client, allowsPrivateAddresses: addresses.permitsPrivateAddresses(for: url)) }
            ?? .failure(FetchFailure(reason: "'\(url)' is not a valid address")), kind: kind)
    }

    /// The hosts that the associated domains signed into `signedFiles` (the executables of
    /// artifacts) name, in order: one per host, without wildcards (no single host serves them;
    /// they are checked against the downloaded hosts they cover) and without developer mode
    /// (see `LintContext.aasaFiles(for:)`).
    package static func hosts(signedInto signedFiles: [LintFile]) -> [String] {
        var seen = Set<String>()
        return LintContext(files: signedFiles).signedApps.flatMap(\.checkableDomains).map(\.value)
            .filter { !$0.isWildcard && !$0.isDeveloperMode }
            .map { $0.hostName.lowercased() }
            .filter { seen.insert($0).inserted }
    }
}

extension RulePlan {
    /// Every rule as configured, with the remote rules on unless the configuration or `disable`
    /// turns them off: `fetch`, `lint --remote` and the MCP server's `fetch` tool plan alike.
    package static func forDownloads(rules: [any Rule.Type], configuration: Configuration, options: RunOptions = RunOptions(),
                                     enable: [String] = [], disable: [String] = []) throws -> RulePlan {
        let remoteRuleIDs = rules.filter { $0.checksHosts }.map { $0.description.id }
            .filter { configuration.rules[$0]?.isOff != true }
        return try RulePlan(registry: try RuleRegistry(rules, customRules: configuration.customRules), configuration: configuration,
                            options: options, enable: remoteRuleIDs + enable, disable: disable)
    }
}
