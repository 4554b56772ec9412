/// Who a download says it is: the host's own file is asked for as Apple's CDN asks for it, and,
/// when that fails, once more as a browser, to tell a site that blocks Apple's crawler from one
/// that serves nobody.
package enum FetchClient: Sendable, Equatable {
    /// Apple's CDN crawler, which downloads the file that devices then read from the CDN.
    case appleCrawler
    /// Safari on a Mac.
    case browser
    /// aasalint itself, for Apple's CDN, and for `assetlinks.json`: neither Google nor AOSP
    /// publishes the User-Agent of its verifier (ANDROID.md names none), and both, like every
    /// download here, follow no redirects.
    case aasalint

    package var userAgent: String {
        switch self {
        case .appleCrawler: "AASA-Bot/1.0.0"
        case .browser: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
        case .aasalint: "aasalint/\(AASALintVersion.current)"
        }
    }
}
