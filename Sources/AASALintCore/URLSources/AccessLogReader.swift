/// A web server's access log in the common or combined format
/// (`host ident user [time] "GET /path HTTP/1.1" 200 size ["referer" "agent"]`): each GET
/// answered with 2xx or 3xx is a page view of `https://DOMAIN/path`.
package struct AccessLogReader: Sendable {
    package let domain: String

    package init(domain: String) {
        self.domain = domain
    }

    package func item(of line: Substring, number: Int) -> URLSourceItem? {
        guard !line.trimmingSpaces.isEmpty else { return nil }
        guard let open = line.firstIndex(of: "\""),
              let close = line[line.index(after: open)...].firstIndex(of: "\"") else {
            return .unreadable(line: number, reason: "no quoted request such as \"GET /path HTTP/1.1\"; is this a common or combined log?")
        }
        let request = line[line.index(after: open)..<close].split(separator: " ")
        let status = line[line.index(after: close)...].split(separator: " ").first.flatMap { Int($0) }
        guard request.count >= 2, let status else {
            return .unreadable(line: number, reason: "the request or the status is missing")
        }
        guard request[0] == "GET" else { return .notAPageView(line: number, reason: "\(request[0]) request") }
        guard (200..<400).contains(status) else { return .notAPageView(line: number, reason: "status \(status)") }
        let target = request[1]
        guard target.hasPrefix("/") else {
            return .unreadable(line: number, reason: "the request target \"\(target)\" is not a path")
        }
        return .url("https://\(domain)\(target)", line: number)
    }
}
