#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One entry of `com.apple.developer.associated-domains`: `service:host[?mode=...]`
/// (AASA.md section 5). Parsing never fails: what is wrong is told by `problem` (the service
/// and host) and `modeProblem` (the query), so that each rule reports its own part.
package struct AssociatedDomain: Hashable, Sendable, CustomStringConvertible {
    /// The services the system knows; all but `authsrv` have a section in the AASA file.
    package static let services = ["applinks", "webcredentials", "activitycontinuation", "appclips", "authsrv"]
    package static let modes = ["developer", "managed"]

    /// The entry as the system reads it (build settings resolved).
    package let text: String
    /// Before the first `:`; nil when there is no `:`.
    package let service: String?
    /// Between the service and `?`, as written (with a port, when there is one).
    package let host: String
    /// After the first `?`, without it.
    package let query: String?

    package init(_ text: String) {
        self.text = text
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":") {
            service = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        } else {
            service = nil
        }
        if let questionMark = rest.firstIndex(of: "?") {
            host = String(rest[..<questionMark])
            query = String(rest[rest.index(after: questionMark)...])
        } else {
            host = String(rest)
            query = nil
        }
    }

    package var description: String { text }

    /// True when a build setting is left in the entry: it is not checked as written.
    package var hasUnresolvedReference: Bool { BuildSettings.containsReference(text) }

    /// The host without a port.
    package var hostName: String {
        if host.hasPrefix("["), let bracket = host.firstIndex(of: "]") { return String(host[...bracket]) }
        guard let colon = host.lastIndex(of: ":") else { return host }
        return String(host[..<colon])
    }

    package var isWildcard: Bool { host.hasPrefix("*.") }

    /// The host name without a leading `*.`, lower-cased.
    package var apex: String {
        let name = hostName.lowercased()
        return name.hasPrefix("*.") ? String(name.dropFirst(2)) : name
    }

    /// The `?mode=` tokens (`developer`, `managed`), as written; empty without a mode query.
    package var modeTokens: [String] {
        guard let query, query.hasPrefix("mode="), !query.contains("&") else { return [] }
        return query.dropFirst(5).split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    }

    package var isDeveloperMode: Bool { modeTokens.contains("developer") }

    /// Service, lower-cased host and modes: two entries with the same key say the same thing.
    package var duplicateKey: String {
        "\(service ?? ""):\(host.lowercased())?\(Set(modeTokens).sorted().joined(separator: "+"))"
    }

    /// True when this entry speaks for `otherHost`: the same host (case-insensitively), or a
    /// subdomain of a wildcard's domain. Apple's guide says a wildcard does not cover its
    /// apex, so `*.example.com` does not cover `example.com` here.
    package func covers(host otherHost: String) -> Bool {
        guard !hasUnresolvedReference else { return false }
        let other = otherHost.lowercased()
        if other == hostName.lowercased() { return true }
        return isWildcard && other.hasSuffix("." + apex)
    }

    /// What the system does through `service` for an app and `host`, for messages about an
    /// association that does not hold ("open links to example.com in the app").
    package static func capability(of service: String, host: String) -> String {
        switch service {
        case "applinks": "open links to \(host) in the app"
        case "webcredentials": "offer the app the passwords saved for \(host)"
        case "appclips": "launch the App Clip from \(host)"
        case "activitycontinuation": "hand activities on \(host) over to the app"
        default: "associate \(host) with the app"
        }
    }

    /// The same entry with another host, for "write ..." suggestions.
    func replacingHost(with newHost: String) -> String {
        (service.map { $0 + ":" } ?? "") + newHost + (query.map { "?" + $0 } ?? "")
    }
}

// MARK: - Service and host

extension AssociatedDomain {
    /// What is wrong with the service or the host, in words for the user.
    package enum Problem: Equatable, Sendable {
        case whitespace
        case url(suggestion: String)
        case missingService(suggestion: String)
        case unknownService(String, suggestion: String?)
        case scheme(suggestion: String)
        case path(suggestion: String)
        case trailingSlash(suggestion: String)
        case portOnAppLinks(suggestion: String)
        case invalidPort(String)
        case emptyHost
        case upperCase(suggestion: String)
        case internationalized(suggestion: String)
        case misplacedWildcard
        case wildcardOnAppClips
        case ipAddress
        case localhost
        case invalidHost(String, reason: String)

        package var explanation: String {
            switch self {
            case .whitespace:
                "the entry contains whitespace, which the system takes as part of the service or host, so it associates no domain; remove the spaces"
            case .url(let suggestion):
                "an entry is \"service:host\", not a URL, so the system ignores this one; write \"\(suggestion)\""
            case .missingService(let suggestion):
                "the entry names no service, so the system ignores it; write \"\(suggestion)\" (or webcredentials:, appclips:, activitycontinuation:)"
            case .unknownService(let service, let suggestion?):
                "\"\(service)\" is not a service the system knows, so it ignores this entry; did you mean \"\(suggestion)\"?"
            case .unknownService(let service, nil):
                "\"\(service)\" is not a service the system knows, so it ignores this entry; the services are \(AssociatedDomain.services.joined(separator: ", "))"
            case .scheme(let suggestion):
                "the host has a scheme, so the system looks for a host by that name and finds none; write \"\(suggestion)\""
            case .path(let suggestion):
                "the host has a path, so the system finds no host by that name (paths belong in the AASA file's components); write \"\(suggestion)\""
            case .trailingSlash(let suggestion):
                "the host ends with \"/\", so the system finds no host by that name; write \"\(suggestion)\""
            case .portOnAppLinks(let suggestion):
                "applinks does not take a port: a link to a URL with a port never opens the app; write \"\(suggestion)\""
            case .invalidPort(let port):
                "\"\(port)\" is not a port number (1 to 65535), so the system matches no host; remove it or fix it"
            case .emptyHost:
                "the entry names no host, so the system ignores it; write the domain after the colon, such as \"applinks:example.com\""
            case .upperCase(let suggestion):
                "hosts are written in lower case, and the system may not match this one; write \"\(suggestion)\""
            case .internationalized(let suggestion):
                "internationalised domain names must be written in Punycode, or the system matches no host; write \"\(suggestion)\""
            case .misplacedWildcard:
                "\"*\" is allowed only as the whole first label (\"*.example.com\", for the subdomains); anywhere else the system reads it as a literal character and matches no host"
            case .wildcardOnAppClips:
                "appclips does not take a wildcard, so the system ignores this entry; list each host of the App Clip"
            case .ipAddress:
                "an IP address works only in developer mode (\"?mode=developer\", on development-signed builds), so the system ignores this entry elsewhere; use a domain name"
            case .localhost:
                "\"localhost\" works only in developer mode (\"?mode=developer\", on development-signed builds), so the system ignores this entry elsewhere; use a domain name"
            case .invalidHost(let host, let reason):
                "\"\(host)\" is not a valid host name (\(reason)), so the system matches no host"
            }
        }
    }

    /// The first thing wrong with the service or host; nil when both are fine, or when a
    /// build setting left in them means they cannot be checked as written.
    package var problem: Problem? {
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) { return .whitespace }
        guard let service else {
            // `$(ASSOCIATED_DOMAIN)` may stand for a whole entry.
            return hasUnresolvedReference ? nil : .missingService(suggestion: "applinks:" + text.prefix { $0 != "?" })
        }
        if ["http", "https"].contains(service.lowercased()) {
            return .url(suggestion: "applinks:" + host.drop { $0 == "/" }.prefix { !"/?#".contains($0) })
        }
        guard !BuildSettings.containsReference(service) else { return nil }
        guard Self.services.contains(service) else {
            let suggestion = Suggestion.nearest(to: service, in: Self.services).map { $0 + ":" + text.dropFirst(service.count + 1) }
            return .unknownService(service, suggestion: suggestion)
        }
        guard !BuildSettings.containsReference(host) else { return nil }
        return hostProblem(of: service)
    }

    private func hostProblem(of service: String) -> Problem? {
        if host.hasPrefix("//") || host.contains("://") {
            let bare = host.components(afterLast: "//")
            return .scheme(suggestion: replacingHost(with: String(bare.prefix { $0 != "/" })))
        }
        if let slash = host.firstIndex(of: "/") {
            let suggestion = replacingHost(with: String(host[..<slash]))
            return host[slash...] == "/" ? .trailingSlash(suggestion: suggestion) : .path(suggestion: suggestion)
        }
        guard !host.isEmpty else { return .emptyHost }
        let name = hostName
        if name != host {
            let port = String(host.dropFirst(name.count + 1))
            if service == "applinks" { return .portOnAppLinks(suggestion: replacingHost(with: name)) }
            guard let number = Int(port), (1...65535).contains(number), port.allSatisfy(\.isASCII) else { return .invalidPort(port) }
        }
        if !name.unicodeScalars.allSatisfy(\.isASCII) {
            return .internationalized(suggestion: replacingHost(with: Punycode.asciiHost(name) + host.dropFirst(name.count)))
        }
        if name != name.lowercased() { return .upperCase(suggestion: replacingHost(with: host.lowercased())) }
        if name.hasPrefix("*.") {
            if service == "appclips" { return .wildcardOnAppClips }
            if name.dropFirst(2).contains("*") { return .misplacedWildcard }
        } else if name.contains("*") {
            return .misplacedWildcard
        }
        return addressProblem(apex)
    }

    private func addressProblem(_ name: String) -> Problem? {
        if name.hasPrefix("[") || HostName.isIPv4Address(name) {
            return isDeveloperMode ? nil : .ipAddress
        }
        if name == "localhost" {
            return isDeveloperMode ? nil : .localhost
        }
        return HostName.problem(name).map { .invalidHost(hostName, reason: $0) }
    }
}

// MARK: - Mode

extension AssociatedDomain {
    /// What is wrong with the `?...` after the host.
    package enum ModeProblem: Equatable, Sendable {
        case notMode(String)
        case emptyMode
        case emptyToken(String)
        case unknownMode(String, suggestion: String?)

        package var explanation: String {
            switch self {
            case .notMode(let query):
                "\"?\(query)\" is not a mode; the system reads only ?mode=developer, ?mode=managed or ?mode=developer+managed after the host; remove it"
            case .emptyMode:
                "\"?mode=\" names no mode; write ?mode=developer, ?mode=managed or ?mode=developer+managed, or remove it"
            case .emptyToken(let query):
                "\"?\(query)\" has an empty mode next to a \"+\"; remove the extra \"+\""
            case .unknownMode(let token, let suggestion):
                "\"\(token)\" is not a mode; the system silently ignores it, so the entry does not work as intended; "
                    + (suggestion.map { "did you mean \"\($0)\"?" } ?? "the modes are developer, managed and developer+managed")
            }
        }
    }

    /// Nil without a query, or when the query is a valid `mode=` (tokens in any order, as
    /// the system reads each token on its own).
    package var modeProblem: ModeProblem? {
        guard let query, !BuildSettings.containsReference(query) else { return nil }
        guard query.hasPrefix("mode="), !query.contains("&") else { return .notMode(query) }
        let tokens = modeTokens
        guard tokens.contains(where: { !$0.isEmpty }) else { return .emptyMode }
        guard let unknown = tokens.first(where: { !Self.modes.contains($0) }) else { return nil }
        guard !unknown.isEmpty else { return .emptyToken(query) }
        return .unknownMode(unknown, suggestion: Suggestion.nearest(to: unknown, in: Self.modes))
    }
}

private extension String {
    func components(afterLast separator: String) -> Substring {
        guard let range = lastRange(of: separator) else { return self[...] }
        return self[range.upperBound...]
    }
}
