/// What one host serves: its own file, and the copy on Apple's CDN that devices read.
package struct HostFetch: Sendable {
    package let host: String
    /// The host's file, asked for as Apple's crawler asks (`FetchClient.appleCrawler`).
    package let origin: Download
    package let cdn: Download
    /// The same file asked for as a browser, when Apple's crawler did not get it.
    package let originAsBrowser: Download?
    /// The places a file is often put by mistake (`AlternateLocation`), asked for when the host
    /// has no file at the right one.
    package let alternateLocations: [(AlternateLocation, Download)]
    /// The host's `/.well-known/assetlinks.json`, asked for as Google's verifier asks.
    package let assetLinks: Download?
    /// Whether the configuration names an `assetlinks.json` for this host (`domains:`), so that
    /// Android apps rely on the host serving it; set by the session that lints the download.
    package var requiresAssetLinks = false

    package init(host: String, origin: Download, cdn: Download, originAsBrowser: Download? = nil,
                alternateLocations: [(AlternateLocation, Download)] = [], assetLinks: Download? = nil) {
        self.host = host
        self.origin = origin
        self.cdn = cdn
        self.originAsBrowser = originAsBrowser
        self.alternateLocations = alternateLocations
        self.assetLinks = assetLinks
    }

    /// The `assetlinks.json` the host serves (a 200 answer), as Android's verifier reads it. A
    /// host that no configuration ties to Android serves one only when the body is JSON: most
    /// hosts are iOS only, and many answer every path with a 200 web page.
    package var servedAssetLinks: LintFile? {
        guard let file = assetLinks?.servedFile else { return nil }
        if requiresAssetLinks { return file }
        let start = file.bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return start == UInt8(ascii: "[") || start == UInt8(ascii: "{") ? file : nil
    }

    /// How the host treats Apple's crawler compared with a browser, as a clause to follow what
    /// the crawler got; nil when no browser asked.
    package var browserComparison: String? {
        guard let browser = originAsBrowser else { return nil }
        if browser.response?.carriesFile == true {
            return "a browser gets \(browser.answerSummary): the site treats Apple's crawler differently (a firewall, bot protection, or geo or IP filtering)"
        }
        if browser.answerSummary == origin.answerSummary {
            return "a browser gets the same answer, so nobody gets the file here"
        }
        return "a browser gets \(browser.answerSummary), so nobody gets the file here"
    }

    /// Whether a browser got the file that Apple's crawler did not.
    package var blocksAppleCrawler: Bool { originAsBrowser?.response?.carriesFile == true }
}

/// A place other than `/.well-known/apple-app-site-association` where a host may serve its file.
package enum AlternateLocation: String, Sendable, CaseIterable {
    case jsonExtension = "/.well-known/apple-app-site-association.json"
    case root = "/apple-app-site-association"

    /// Who reads a file there (AASA.md §4).
    package var readers: String {
        switch self {
        case .jsonExtension:
            "which no system reads (the name has no extension): serve the same file at /.well-known/apple-app-site-association"
        case .root:
            "the legacy location, read only by iOS 9 to 12 and never in alternate modes; iOS 14 and later (through Apple's CDN) read only /.well-known/apple-app-site-association: serve the file there"
        }
    }
}
