/// The URLs an expectation takes from a file (`opens_from:`, `stays_on_web_from:`): a sitemap
/// (`.xml`, `.xml.gz`, or an index with its children beside it) or a list of URLs, one a line
/// with blank lines and `#` comments skipped. `paths` keeps the URLs whose path matches one of
/// its patterns (AASA syntax, case-sensitive, compared with the encoded path), so one sitemap
/// can say that product pages open the app and account pages do not.
struct ExpectationURLSource {
    /// As written in the configuration, and as read from its folder.
    let name: Located<String>
    let path: String
    let pathFilter: [PatternLanguage]

    init(name: Located<String>, directory: String, pathFilter: [PatternLanguage]) {
        self.name = name
        path = directory == "." ? name.value : directory + "/" + name.value
        self.pathFilter = pathFilter
    }

    static func isSitemap(_ path: String) -> Bool {
        path.hasSuffix(".xml") || path.hasSuffix(".xml.gz")
    }

    /// The URLs, each placed on the configuration's `name` (a failing URL is a finding there);
    /// the lines that hold no URL, with their reasons.
    func urls() throws(URLSourceError) -> (urls: [Located<String>], unreadable: [String]) {
        var urls: [Located<String>] = []
        var unreadable: [String] = []
        func take(_ item: URLSourceItem) {
            switch item {
            case .url(let text, _):
                if keeps(text) { urls.append(Located(text, at: name.pointer)) }
            case .unreadable(let line, let reason), .notAPageView(let line, let reason):
                unreadable.append("\(name.value):\(line): \(reason)")
            }
        }
        if Self.isSitemap(path) {
            try SitemapReader().forEachItem(ofFile: path, take)
        } else {
            // A link to /dev/zero or a named pipe would never end: as other files the configuration names, only regular files are read.
            do throws(UsageError) {
                _ = try FileReader.regularFileSize(path)
            } catch {
                throw URLSourceError(error.message)
            }
            try LineStream(path: path).forEachLine { line, number, _ in URLListReader.item(of: line, number: number).map(take) }
        }
        return (urls, unreadable)
    }

    /// A URL that cannot be read passes, so that the expectation reports it.
    private func keeps(_ text: String) -> Bool {
        guard !pathFilter.isEmpty, let url = try? LinkURL(text) else { return true }
        let path = url.path.scalars(percentEncoded: true)
        return pathFilter.contains { $0.matches(path) }
    }
}
