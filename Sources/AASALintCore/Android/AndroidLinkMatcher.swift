/// A URL as Android's `Uri` splits it: scheme and host as written (hosts compare ignoring case),
/// the port or -1, and the path, query and fragment percent-decoded as `getPath()`,
/// `getQuery()` and `getFragment()` return them (UTF-8; `+` stays `+`) (ANDROID.md 3).
package struct AndroidURI: Sendable {
    package let string: String
    package let scheme: String
    package let host: String?
    package let port: Int
    package let path: String
    package let query: String?
    package let fragment: String?

    package init?(_ string: String) {
        guard let colon = string.firstIndex(of: ":"), colon > string.startIndex else { return nil }
        self.string = string
        scheme = String(string[..<colon])
        var rest = string[string.index(after: colon)...]
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = Self.decoded(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = Self.decoded(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        var host: String?
        var port = -1
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if let portColon = authority.lastIndex(of: ":"), !authority.hasPrefix("[") || authority[..<portColon].hasSuffix("]") {
                port = Int(authority[authority.index(after: portColon)...]) ?? -1
                authority = authority[..<portColon]
            }
            host = String(authority)
            rest = rest[end...]
        }
        self.host = host
        self.port = port
        path = Self.decoded(rest)
        self.query = query
        self.fragment = fragment
    }

    /// Android's `Uri.decode`: invalid UTF-8 becomes U+FFFD.
    private static func decoded(_ text: Substring) -> String {
        String(decoding: PercentEncoding.decodedBytes(text.utf8), as: UTF8.self)
    }
}

/// How one intent filter answers a link a browser opens: an intent with action VIEW, categories
/// BROWSABLE and DEFAULT, the URL as data and no type (AOSP `IntentFilter.match`, `matchData`;
/// ANDROID.md 2.4-2.6).
package struct AndroidFilterDecision: Sendable {
    package let activity: ManifestActivity
    package let filter: IntentFilter
    /// Nil when the filter matches; else the test that fails.
    let failure: AndroidFilterMismatch?

    package var matches: Bool { failure == nil }

    /// Nil when the filter matches; else why not, for `--trace`. Written when asked: a batch of
    /// URLs (`match --urls`) asks only whether each filter matches.
    package var mismatch: String? { failure?.explanation(of: filter) }
}

/// The first test of `AndroidLinkMatcher` a filter fails, with what the explanation quotes of the URL.
enum AndroidFilterMismatch: Sendable, Equatable {
    case noViewAction
    case missingCategories([String])
    case mimeType
    case noScheme
    case scheme(String)
    case noHost
    case host(String, port: Int)
    case blockedByGroup(JSONPointer)
    case path(String)

    func explanation(of filter: IntentFilter) -> String {
        switch self {
        case .noViewAction: return "no action android.intent.action.VIEW"
        case .missingCategories(let missing): return "no category \(missing.joined(separator: " and "))"
        case .mimeType: return "it has a mimeType, and a link's intent has no type"
        case .noScheme: return "it lists no scheme"
        case .scheme(let scheme):
            return "scheme \"\(scheme)\" is not one of \(filter.schemes.map { "\"\($0.value)\"" }.joined(separator: ", ")) (schemes compare case-sensitively)"
        case .noHost: return "the URL has no host"
        case .host(let host, let port):
            let hosts = filter.authorities.map { authority in authority.port.map { "\(authority.host.value):\($0.value)" } ?? authority.host.value }
            return "host \"\(host)\"\(port >= 0 ? " port \(port)" : "") matches none of \(hosts.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .blockedByGroup(let pointer): return "the blocking <uri-relative-filter-group> \(pointer) matches first"
        case .path(let path):
            let tried = filter.paths.map { "\($0.kind.rawValue)=\"\($0.value.value)\"" }
            return "path \"\(path)\" matches none of \(tried.isEmpty ? "its groups" : tried.joined(separator: ", "))"
        }
    }
}

package enum AndroidLinkMatcher {
    /// Every filter of the manifest's activities, in manifest order, with its answer.
    package static func decisions(for uri: AndroidURI, in manifest: AndroidManifest) -> [AndroidFilterDecision] {
        manifest.filters.map { activity, filter in
            AndroidFilterDecision(activity: activity, filter: filter, failure: failure(of: filter, for: uri))
        }
    }

    static func failure(of filter: IntentFilter, for uri: AndroidURI) -> AndroidFilterMismatch? {
        guard filter.hasViewAction else { return .noViewAction }
        guard filter.hasCategory(IntentFilter.browsableCategory) && filter.hasCategory(IntentFilter.defaultCategory) else {
            return .missingCategories([IntentFilter.browsableCategory, IntentFilter.defaultCategory].filter { !filter.hasCategory($0) })
        }
        guard filter.mimeTypes.isEmpty else { return .mimeType }
        guard !filter.schemes.isEmpty else { return .noScheme }
        guard filter.schemes.contains(where: { $0.value == uri.scheme }) else { return .scheme(uri.scheme) }
        guard !filter.authorities.isEmpty else { return nil }
        guard let host = uri.host else { return .noHost }
        guard filter.authorities.contains(where: { matches($0, host: host, port: uri.port) }) else { return .host(host, port: uri.port) }
        guard !filter.paths.isEmpty || !filter.groups.isEmpty else { return nil }
        if filter.paths.contains(where: { $0.pattern?.matches(uri.path) ?? false }) { return nil }
        for group in filter.groups where groupMatches(group, uri) {
            return group.allows ? nil : .blockedByGroup(group.pointer)
        }
        return .path(uri.path)
    }

    /// AOSP `AuthorityEntry.match`: a leading `*` makes the rest a suffix; hosts compare ignoring
    /// case; a port must be the URL's explicit port.
    static func matches(_ authority: IntentFilter.Authority, host: String, port: Int) -> Bool {
        let written = authority.host.value.lowercased()
        let actual = host.lowercased()
        let hostMatches = written.hasPrefix("*") ? actual.hasSuffix(written.dropFirst()) : actual == written
        guard hostMatches else { return false }
        guard let wanted = authority.port else { return true }
        return Int(wanted.value) == port
    }

    /// Every filter of the group matches (AND); an empty group never matches.
    static func groupMatches(_ group: IntentFilter.RelativeGroup, _ uri: AndroidURI) -> Bool {
        guard !group.paths.isEmpty || !group.otherParts.isEmpty else { return false }
        for path in group.paths where !(path.pattern?.matches(uri.path) ?? false) { return false }
        for part in group.otherParts {
            let name = part.pointer.lastToken.map { $0.split(separator: ":").last.map(String.init) ?? $0 } ?? ""
            let isQuery = name.hasPrefix("query")
            let kindName = "path" + name.dropFirst(isQuery ? 5 : 8)
            guard let kind = AndroidPathPattern.Kind(rawValue: kindName),
                  let pattern = try? AndroidPathPattern(kind: kind, pattern: IntentFilter.compiled(part.value)) else { return false }
            if isQuery {
                guard let query = uri.query else { return false }
                var items = query.split(separator: "&", omittingEmptySubsequences: false)
                if items.count == 1 { items = query.split(separator: ";", omittingEmptySubsequences: false) }
                guard items.contains(where: { pattern.matches(String($0)) }) else { return false }
            } else {
                guard let fragment = uri.fragment, pattern.matches(fragment) else { return false }
            }
        }
        return true
    }
}
