/// What a URL source yields, one line or entry at a time.
package enum URLSourceItem: Sendable, Equatable {
    /// A URL to decide, and the line of the source it is on.
    case url(String, line: Int)
    /// A line that holds no usable URL: reported with its number, then skipped.
    case unreadable(line: Int, reason: String)
    /// A request the source says is not a page view (an access log's POST, or a 404):
    /// counted and skipped.
    case notAPageView(line: Int, reason: String)
}

/// Why a URL source cannot be read at all.
package struct URLSourceError: Error, CustomStringConvertible, Sendable {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
