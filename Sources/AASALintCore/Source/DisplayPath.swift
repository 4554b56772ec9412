/// A path as reports and configurations show it: without leading `./` or trailing `/`, so
/// `./web/` and `web` name one file in findings, baselines and overrides.
package enum DisplayPath {
    package static func of(_ path: String) -> String {
        var shown = path
        while shown.hasPrefix("./") { shown.removeFirst(2) }
        while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
        return shown.isEmpty ? "." : shown
    }
}
