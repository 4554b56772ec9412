/// How a pattern is compared with a URL: `caseSensitive` and `percentEncoded` after the
/// defaults hierarchy (component > details `defaults` > `applinks.defaults` > built-in).
package struct MatchSettings: Hashable, Sendable {
    package var caseSensitive: Bool
    package var percentEncoded: Bool

    package static let builtIn = MatchSettings(caseSensitive: true, percentEncoded: true)

    package init(caseSensitive: Bool, percentEncoded: Bool) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }
}
