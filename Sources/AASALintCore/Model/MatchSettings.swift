/// How a pattern is compared with a URL: `caseSensitive` and `percentEncoded` after the
/// defaults hierarchy (component > details `defaults` > `applinks.defaults` > built-in).
public struct MatchSettings: Hashable, Sendable {
    public var caseSensitive: Bool
    public var percentEncoded: Bool

    public static let builtIn = MatchSettings(caseSensitive: true, percentEncoded: true)

    public init(caseSensitive: Bool, percentEncoded: Bool) {
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }
}
