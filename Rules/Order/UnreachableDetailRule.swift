import AASALintCore

struct UnreachableDetailRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "unreachable-detail",
        summary: "A details entry all of whose apps were listed by earlier entries",
        rationale: """
            For each app the system uses the first details entry that lists it and never looks \
            at later ones, even when the first has no component for a URL. An entry whose every app \
            is already listed earlier never applies to anyone: none of its components ever runs. \
            Merge its components into the earlier entry, in the order they must be tried, and remove it.

            iOS 12 and earlier ignore `appIDs` (and `components`) and read only `appID` and \
            `paths`, so an entry with `appID` and `paths` after an `appIDs` entry for the same \
            app is the one they read: a fallback for old devices, which this rule does not \
            report (`legacy-format` notes which versions read which entry). An entry is \
            reported only when no version of the system ever runs its components; that fact is this \
            rule's, and `duplicate-app-id` stays silent about such an entry.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/account/*"}]},
                  ↓{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/orders/*"}]}
                ]}}
                """),
            RuleExample(triggers: false, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/account/*"}, {"/": "/orders/*"}]}
                ]}}
                """),
            RuleExample(triggers: false, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/account/*"}]},
                  {"appID": "ABCDE12345.com.example.app", "paths": ["/account/*"]}
                ]}}
                """),
        ]
    )

    var readsMatcher: Bool { true }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let matcher = file.matcher, let precedence = file.aasa?.applinks?.precedence else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        return precedence.details.indices.filter(precedence.neverApplies).map { index in
            finding(index, earlier: precedence.earlierDeciders(of: index), precedence: precedence, matcher: matcher, host: host, in: file)
        }
    }

    private func finding(_ index: Int, earlier: [Int], precedence: DetailsPrecedence, matcher: AASAMatcher, host: String,
                         in file: LintFile) -> Diagnostic {
        let entry = matcher.entries[index]
        let apps = entry.appIDs.count == 1 ? "its app (\(entry.appIDs[0]))" : "every app it lists"
        let lines = earlier.map { String(file.location(matcher.entries[$0].pointer).range.start.line) }
        let place = lines.count == 1 ? "line \(lines[0])" : "lines " + lines.joined(separator: ", ")
        var message = "this details entry never applies: \(apps) is listed by an earlier entry (\(place)), and the system uses only the first entry that lists an app"
        let url = entry.components.lazy.filter { !$0.isExclude }.compactMap { ExampleURL.matching($0, host: host) }.first
        if let url, let link = try? LinkURL(url), let appID = entry.appIDs.first {
            let decision = matcher.decide(link, appID: appID, tracing: false)
            message += "; \(url) matches its components but is decided by the earlier entry (\(decision.outcome.rawValue))"
        }
        let related = earlier.map { RelatedLocation(file.location(matcher.entries[$0].pointer), message: "decides for the same app") }
        return diagnostic(message + "; " + fix(for: index, earlier: earlier, precedence: precedence),
                          at: file.location(entry.pointer), related: related, exampleURL: url)
    }

    /// An `appIDs` entry placed after a legacy entry for the same app is the iOS 12 fallback
    /// written in the wrong order: iOS 13 and later read the legacy entry's `appID` too.
    private func fix(for index: Int, earlier: [Int], precedence: DetailsPrecedence) -> String {
        let details = precedence.details
        let legacyFirst = details[index].appIDs != nil && earlier.contains { details[$0].appIDs == nil && !details[$0].appIDIsKey }
        guard legacyFirst else { return "merge its components into that entry" }
        return "iOS 13 and later read \"appID\" when an entry has no \"appIDs\", so the legacy entry decides there too; move this entry above it, which keeps the legacy entry as the fallback iOS 12 and earlier read"
    }
}
