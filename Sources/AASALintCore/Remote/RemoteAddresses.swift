#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a host's AASA file is downloaded from: the host itself, and Apple's CDN, which devices
/// read since iOS 14. Tests and air-gapped mirrors replace either base.
package struct RemoteAddresses: Sendable, Equatable {
    package static let appleCDNBase = "https://app-site-association.cdn-apple.com/a/v1"
    static let wellKnownPath = "/.well-known/apple-app-site-association"
    package static let assetLinksPath = "/.well-known/assetlinks.json"
    static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "[::1]", "localhost"]

    /// nil: `https://HOST`; otherwise the origin's file is `<originBase>/HOST/.well-known/...`.
    package let originBase: String?
    package let cdnBase: String
    /// Whether downloads may connect to loopback, private, link-local and multicast addresses
    /// (`--allow-private-addresses`); bases named on a loopback address may in any case.
    package let allowsPrivateAddresses: Bool
    /// The bases given on a loopback address (a test server, a local mirror), which the user
    /// named on purpose.
    private let loopbackBases: [String]

    /// Bases must be `https`, or plain `http` on a loopback address: a file fetched in plain
    /// text from elsewhere proves nothing about what devices see.
    package init(originBase: String? = nil, cdnBase: String? = nil, allowsPrivateAddresses: Bool = false) throws(UsageError) {
        let origin = try originBase.map { base throws(UsageError) in try Self.checkedBase(base, replacing: "the origin's address") }
        let cdn = try cdnBase.map { base throws(UsageError) in try Self.checkedBase(base, replacing: "Apple's CDN address") }
        self.originBase = origin?.base
        self.cdnBase = cdn?.base ?? Self.appleCDNBase
        self.allowsPrivateAddresses = allowsPrivateAddresses
        loopbackBases = [origin, cdn].compactMap { $0 }.filter(\.isLoopback).map(\.base)
    }

    package func originURL(for host: String) -> String {
        originURL(for: host, path: Self.wellKnownPath)
    }

    /// Where `host` would serve its file at `location`.
    package func originURL(for host: String, at location: AlternateLocation) -> String {
        originURL(for: host, path: location.rawValue)
    }

    private func originURL(for host: String, path: String) -> String {
        (originBase.map { "\($0)/\(host)" } ?? "https://\(host)") + path
    }

    /// Where `host` serves its `assetlinks.json`, which Android's verifier asks for.
    package func assetLinksURL(for host: String) -> String {
        originURL(for: host, path: Self.assetLinksPath)
    }

    package func cdnURL(for host: String) -> String {
        "\(cdnBase)/\(host)"
    }

    /// Whether the download of `url` may connect to an address outside the public internet.
    package func permitsPrivateAddresses(for url: String) -> Bool {
        allowsPrivateAddresses || loopbackBases.contains { url.hasPrefix($0 + "/") }
    }

    /// `text` as a host to download from, in lower case; a usage error when it is a URL or
    /// not a host name.
    package static func host(_ text: String) throws(UsageError) -> String {
        let host = text.lowercased()
        if host.contains("/") || host.contains(":") {
            throw UsageError("'\(text)' is not a host name; give only the host, such as example.com")
        }
        if let problem = HostName.problem(host) {
            throw UsageError("'\(text)' is not a host name: \(problem)")
        }
        return host
    }

    private static func checkedBase(_ text: String, replacing what: String) throws(UsageError) -> (base: String, isLoopback: Bool) {
        let base = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty,
              url.query == nil, url.fragment == nil else {
            throw UsageError("'\(text)' cannot replace \(what): give an address such as https://mirror.example.com/aasa")
        }
        let isLoopback = loopbackHosts.contains(host)
        switch scheme {
        case "https":
            return (base, isLoopback)
        case "http" where isLoopback:
            return (base, isLoopback)
        case "http":
            throw UsageError("'\(text)' cannot replace \(what): plain http is allowed only for loopback addresses (127.0.0.1, ::1, localhost); use https")
        default:
            throw UsageError("'\(text)' cannot replace \(what): only https addresses (or http on a loopback address) are fetched")
        }
    }
}
