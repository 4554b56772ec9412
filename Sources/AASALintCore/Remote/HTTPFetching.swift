#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Downloads one URL for `HostDownloader`: the engine says what to ask for and lints what came
/// back; the HTTP client is the tooling's (`RemoteFetcher` in AASALintTooling), which the
/// command line and the MCP server give it.
package protocol HTTPFetching: Sendable {
    /// One GET of `url` as `client` says it is, without cookies and without following redirects;
    /// unless `allowsPrivateAddresses`, only to addresses on the public internet.
    func fetch(_ url: URL, as client: FetchClient, allowsPrivateAddresses: Bool) -> Result<HTTPResponse, FetchFailure>
}
