/// What many URLs decide against one manifest (`aasalint match AndroidManifest.xml --urls FILE`):
/// how many open the app as App Links, how many only through a filter that does not verify, how
/// many no filter handles, with a few examples of each; how many URLs each intent filter handled;
/// and what the source skipped.
package struct AndroidURLCoverage: Sendable {
    /// How Android treats a URL the app's filters are asked about.
    package enum Outcome: Sendable, CaseIterable {
        /// A filter that asks for verification handles it: the app opens it where the host verifies.
        case appLink
        /// Only filters without verification handle it: on Android 12 and later the browser opens it.
        case unverified
        /// No filter handles it.
        case none
    }

    package static let examplesPerOutcome = 3

    package let manifest: AndroidManifest
    package private(set) var urlCount = 0
    package private(set) var counts: [Outcome: Int] = [:]
    package private(set) var examples: [Outcome: [String]] = [:]
    package private(set) var unreadable: [(line: Int, reason: String)] = []
    package private(set) var notPageViews = 0
    /// How many URLs each filter handled, by its position in `manifest.filters`.
    package private(set) var handledByFilter: [Int]

    package init(manifest: AndroidManifest) {
        self.manifest = manifest
        handledByFilter = Array(repeating: 0, count: manifest.filters.count)
    }

    /// How Android treats a URL with these decisions (every filter's, in manifest order).
    package static func outcome(of decisions: [AndroidFilterDecision]) -> Outcome {
        let handlers = decisions.filter(\.matches)
        if handlers.isEmpty { return .none }
        return handlers.contains { $0.filter.isCollectedForVerification } ? .appLink : .unverified
    }

    /// `decisions` are every filter's answer to `url`, in manifest order.
    package mutating func record(_ url: String, _ decisions: [AndroidFilterDecision]) {
        urlCount += 1
        for (position, decision) in decisions.enumerated() where decision.matches && position < handledByFilter.count {
            handledByFilter[position] += 1
        }
        let outcome = Self.outcome(of: decisions)
        counts[outcome, default: 0] += 1
        if examples[outcome, default: []].count < Self.examplesPerOutcome {
            examples[outcome, default: []].append(url)
        }
    }

    package mutating func recordUnreadable(line: Int, reason: String) {
        unreadable.append((line, reason))
    }

    package mutating func recordNotAPageView() {
        notPageViews += 1
    }
}

/// The text summary of `match AndroidManifest.xml --urls`, `--sitemap` and `--access-log`.
package struct AndroidURLCoverageReport {
    package static let mostHandlingShown = 5
    package let coverage: AndroidURLCoverage
    package let file: LintFile
    /// The URL source, as the user named it.
    package let source: String
    package let listsEveryIdleFilter: Bool

    package init(coverage: AndroidURLCoverage, file: LintFile, source: String, listsEveryIdleFilter: Bool = false) {
        self.coverage = coverage
        self.file = file
        self.source = source
        self.listsEveryIdleFilter = listsEveryIdleFilter
    }

    package func text() -> String {
        let filters = coverage.manifest.filters
        var lines = ["\(count(coverage.urlCount, "URL")) from \(source) decided against \(file.path)" + skipped()]
        lines.append("\(coverage.counts[.appLink, default: 0]) open the app as App Links, "
            + "\(coverage.counts[.unverified, default: 0]) only through filters that do not verify (the browser opens them on Android 12 and later), "
            + "\(coverage.counts[.none, default: 0]) handled by no filter")
        for (outcome, label) in [(AndroidURLCoverage.Outcome.appLink, "app links"), (.unverified, "unverified"), (.none, "none")] {
            guard let examples = coverage.examples[outcome], !examples.isEmpty else { continue }
            lines.append("  \(label): " + examples.joined(separator: " "))
        }
        let handling = coverage.handledByFilter.indices.filter { coverage.handledByFilter[$0] > 0 }
            .sorted { coverage.handledByFilter[$0] != coverage.handledByFilter[$1] ? coverage.handledByFilter[$0] > coverage.handledByFilter[$1] : $0 < $1 }
        if !handling.isEmpty {
            lines.append("Intent filters that handled most URLs:")
            for position in handling.prefix(Self.mostHandlingShown) {
                lines.append("  \(place(filters[position])): \(count(coverage.handledByFilter[position], "URL"))")
            }
        }
        let web = filters.indices.filter { filters[$0].filter.handlesWebURLs }
        lines += URLCoverageReport.idleLines(web.filter { coverage.handledByFilter[$0] == 0 }, of: count(web.count, "web intent filter"),
                                             decided: "handled", listsEvery: listsEveryIdleFilter) { place(filters[$0]) }
        return TerminalText.lines(lines)
    }

    private func skipped() -> String {
        URLCoverageReport.skipped(unreadable: coverage.unreadable.count, notPageViews: coverage.notPageViews)
    }

    private func place(_ entry: (activity: ManifestActivity, filter: IntentFilter)) -> String {
        let line = file.location(span: entry.filter.element.span, pointer: entry.filter.pointer).range.start.line
        return "\(entry.filter.pointer) (line \(line)) of \(entry.activity.name ?? "an activity")"
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// One JSON Lines object per URL, in input order: `{"url": …, "decision": "match" | "none",
/// "appLink": bool or null, "activity": name or null, "filter": pointer or null, "line": line or null}`,
/// naming the first filter in manifest order that handles the URL, an App Link's before others.
package struct AndroidDecisionLines {
    private let file: LintFile
    /// The quoted pointer and line of each filter, by its position in the manifest, made once.
    private var filterByPosition: [Int: (pointer: [UInt8], line: Int)] = [:]

    package init(file: LintFile) {
        self.file = file
    }

    package mutating func append(for url: String, _ decisions: [AndroidFilterDecision], to bytes: inout [UInt8]) {
        append("{\"url\": ", to: &bytes)
        JSONWriter.appendEscaped(url, to: &bytes)
        let handling = decisions.indices.filter { decisions[$0].matches }
        guard let position = handling.first(where: { decisions[$0].filter.isCollectedForVerification }) ?? handling.first else {
            append(", \"decision\": \"none\", \"appLink\": null, \"activity\": null, \"filter\": null, \"line\": null}\n", to: &bytes)
            return
        }
        let decision = decisions[position]
        append(", \"decision\": \"match\", \"appLink\": ", to: &bytes)
        append(decision.filter.isCollectedForVerification ? "true" : "false", to: &bytes)
        append(", \"activity\": ", to: &bytes)
        if let name = decision.activity.name { JSONWriter.appendEscaped(name, to: &bytes) } else { append("null", to: &bytes) }
        let filter = place(of: decision.filter, at: position)
        append(", \"filter\": ", to: &bytes)
        bytes.append(contentsOf: filter.pointer)
        append(", \"line\": ", to: &bytes)
        JSONWriter.appendDecimal(filter.line, to: &bytes)
        append("}\n", to: &bytes)
    }

    private func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func place(of filter: IntentFilter, at position: Int) -> (pointer: [UInt8], line: Int) {
        if let known = filterByPosition[position] { return known }
        var pointer: [UInt8] = []
        JSONWriter.appendEscaped(filter.pointer.description, to: &pointer)
        let place = (pointer: pointer, line: file.location(span: filter.element.span, pointer: filter.pointer).range.start.line)
        filterByPosition[position] = place
        return place
    }
}

extension URLCoverageReport {
    /// What a URL source skipped, for the summary's first line of an AASA file or a manifest.
    static func skipped(unreadable: Int, notPageViews: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var parts: [String] = []
        if unreadable > 0 { parts.append("\(count(unreadable, "unreadable line")) skipped") }
        if notPageViews > 0 { parts.append("\(count(notPageViews, "request")) that are not GET with 2xx or 3xx skipped") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }
}
