/// The text summary of `match --urls`, `--sitemap` and `--access-log`.
package struct URLCoverageReport {
    package let coverage: URLCoverage
    package let matcher: AASAMatcher
    package let file: LintFile
    /// The URL source, as the user named it.
    package let source: String
    package static let mostDecidingShown = 5
    /// A catalog's traffic can leave thousands of components idle: the summary names the first
    /// ones and counts the rest, unless every one is asked for.
    package static let idleShown = 20
    package let listsEveryIdleComponent: Bool

    package init(coverage: URLCoverage, matcher: AASAMatcher, file: LintFile, source: String, listsEveryIdleComponent: Bool = false) {
        self.coverage = coverage
        self.matcher = matcher
        self.file = file
        self.source = source
        self.listsEveryIdleComponent = listsEveryIdleComponent
    }

    package func text() -> String {
        var lines = ["\(count(coverage.urlCount, "URL")) from \(source) decided against \(file.path)" + skipped()]
        for app in coverage.apps {
            let opens = app.counts[.match, default: 0]
            let blocked = app.counts[.blocked, default: 0]
            let web = app.counts[.noMatch, default: 0]
            lines.append("\(app.appID): \(opens) open the app, \(blocked) blocked by an exclusion, \(web) stay on the web")
            for (outcome, label) in [(Decision.Outcome.match, "opens"), (.blocked, "blocked"), (.noMatch, "web")] {
                guard let examples = app.examples[outcome], !examples.isEmpty else { continue }
                lines.append("  \(label): " + examples.joined(separator: " "))
            }
        }
        let ranked = mostDeciding()
        if !ranked.isEmpty {
            lines.append("Components that decided most URLs:")
            for tally in ranked {
                lines.append("  \(tally.component.place(in: file)) \(tally.component.summary): \(count(tally.urls, "URL"))")
            }
        }
        let tried = coverage.componentsTried(in: matcher)
        lines += Self.idleLines(tried.filter(coverage.isIdle), of: count(tried.count, "component"), decided: "decided",
                                listsEvery: listsEveryIdleComponent) { "\($0.place(in: file)) \($0.summary)" }
        return TerminalText.lines(lines)
    }

    /// What the tally says of the rules (components or intent filters) that decided none of the
    /// URLs: how many, and the first `idleShown` of them unless `listsEvery`.
    static func idleLines<Decider>(_ idle: [Decider], of total: String, decided verb: String, listsEvery: Bool,
                                place: (Decider) -> String) -> [String] {
        guard !idle.isEmpty else { return [] }
        let shown = listsEvery ? idle[...] : idle.prefix(idleShown)
        var lines = ["\(idle.count) of \(total) \(verb) none of these URLs (dead in practice for this traffic; remove them or add the URLs they are for):"]
        lines += shown.map { "  " + place($0) }
        if shown.count < idle.count { lines.append("  and \(idle.count - shown.count) more (--all-idle lists them all)") }
        return lines
    }

    private func skipped() -> String {
        Self.skipped(unreadable: coverage.unreadable.count, notPageViews: coverage.notPageViews)
    }

    /// The components that decided most URLs, the earlier in the file first among equals.
    private func mostDeciding() -> [URLCoverage.ComponentTally] {
        let tallies = coverage.decidingComponents
        guard !tallies.isEmpty else { return [] }
        return Array(tallies.sorted { first, second in
            first.urls != second.urls ? first.urls > second.urls : first.component.ordinal < second.component.ordinal
        }.prefix(Self.mostDecidingShown))
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// One JSON Lines object per URL and app, in input order:
/// `{"url": …, "app": …, "decision": "match" | "block" | "none", "rule": pointer or null, "line": rule line or null}`.
/// The bytes are appended to the caller's buffer: a million URLs make no string per line. What
/// follows the URL is made once per app and deciding component.
package struct URLDecisionLines {
    private let file: LintFile
    private let components: [CompiledComponent]
    /// `, "app": "ID"` of each app.
    private let appMembers: [[UInt8]]
    /// From `, "decision"` to the end of the line, for each deciding component by its ordinal.
    private var endByOrdinal: [[UInt8]?]
    private static let noMatchEnd = Array(#", "decision": "none", "rule": null, "line": null}"#.utf8) + [UInt8(ascii: "\n")]

    /// `components`: those of the matcher that decides the URLs, by ordinal; `appIDs`: the apps, in
    /// the order of the decisions of each URL.
    package init(file: LintFile, appIDs: [String], components: [CompiledComponent]) {
        self.file = file
        self.components = components
        appMembers = appIDs.map { id in
            var member = Array(#", "app": "#.utf8)
            JSONWriter.appendEscaped(id, to: &member)
            return member
        }
        endByOrdinal = Array(repeating: nil, count: components.count)
    }

    /// The lines of one URL (its UTF-8 bytes), decided for each app by the component of each
    /// ordinal, or by none (`URLDecisions.none`).
    package mutating func append(for url: UnsafeBufferPointer<UInt8>, decidedBy ordinals: ArraySlice<Int32>, to bytes: inout [UInt8]) {
        for (member, ordinal) in zip(appMembers, ordinals) {
            append("{\"url\": ", to: &bytes)
            JSONWriter.appendEscaped(utf8: url, to: &bytes)
            bytes.append(contentsOf: member)
            if ordinal >= 0 {
                bytes.append(contentsOf: end(decidedBy: Int(ordinal)))
            } else {
                bytes.append(contentsOf: Self.noMatchEnd)
            }
        }
    }

    private func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func end(decidedBy ordinal: Int) -> [UInt8] {
        if let known = endByOrdinal[ordinal] { return known }
        let component = components[ordinal]
        var end: [UInt8] = []
        append(component.isExclude ? ", \"decision\": \"block\", \"rule\": " : ", \"decision\": \"match\", \"rule\": ", to: &end)
        JSONWriter.appendEscaped(component.pointer.description, to: &end)
        append(", \"line\": ", to: &end)
        JSONWriter.appendDecimal(component.location(in: file).range.start.line, to: &end)
        append("}\n", to: &end)
        endByOrdinal[ordinal] = end
        return end
    }
}
