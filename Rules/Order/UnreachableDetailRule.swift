import AASALintCore

struct UnreachableDetailRule: OptionlessRule {
    static let description = RuleDescription(
        id: "unreachable-detail",
        summary: "A details entry all of whose apps were listed by earlier entries",
        rationale: """
            For each app the system uses the first details entry that lists it and never looks \
            at later ones, even when the first has no rule for a URL. An entry whose every app \
            is already listed earlier never applies to anyone: none of its rules ever runs. \
            Merge its rules into the earlier entry, in the order they must be tried, and remove it.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/account/*"}]},
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/orders/*"}]}
                ]}}
                """),
            RuleExample(triggers: false, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/account/*"}, {"/": "/orders/*"}]}
                ]}}
                """),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let matcher = file.matcher else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        var firstEntryOf: [String: AASAMatcher.Entry] = [:]
        var diagnostics: [Diagnostic] = []
        for entry in matcher.entries {
            let earlier = entry.appIDs.compactMap { firstEntryOf[$0] }
            if !entry.appIDs.isEmpty, earlier.count == entry.appIDs.count {
                diagnostics.append(finding(entry, earlier: earlier, matcher: matcher, host: host, in: file))
            }
            for appID in entry.appIDs where firstEntryOf[appID] == nil { firstEntryOf[appID] = entry }
        }
        return diagnostics
    }

    private func finding(_ entry: AASAMatcher.Entry, earlier: [AASAMatcher.Entry], matcher: AASAMatcher, host: String,
                         in file: LintFile) -> Diagnostic {
        let apps = entry.appIDs.count == 1 ? "its app (\(entry.appIDs[0]))" : "every app it lists"
        let lines = Set(earlier.map { file.location($0.pointer).range.start.line }).sorted().map(String.init)
        let place = lines.count == 1 ? "line \(lines[0])" : "lines " + lines.joined(separator: ", ")
        var message = "this details entry never applies: \(apps) is listed by an earlier entry (\(place)), and the system uses only the first entry that lists an app"
        let url = entry.rules.lazy.filter { !$0.isExclude }.compactMap { ExampleURL.matching($0, host: host) }.first
        if let url, let link = try? LinkURL(url), let appID = entry.appIDs.first {
            let decision = matcher.decide(link, appID: appID, tracing: false)
            message += "; \(url) matches its rules but is decided by the earlier entry (\(decision.outcome.rawValue))"
        }
        var related: [RelatedLocation] = []
        for earlierEntry in earlier where !related.contains(where: { $0.location == file.location(earlierEntry.pointer) }) {
            related.append(RelatedLocation(file.location(earlierEntry.pointer), message: "decides for the same app"))
        }
        return diagnostic(message + "; merge its rules into that entry", at: file.location(entry.pointer), related: related, exampleURL: url)
    }
}
