import AASALintCore

struct AppLinksGlobBacktrackRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-glob-backtrack",
        summary: "A `pathPattern` with `.*` before more text, which Android matches without backtracking",
        rationale: """
            In `android:pathPattern`, `.*` does not work as in a regular expression: Android's \
            matcher skips to the **first** occurrence of the character that follows `.*` and \
            continues from there, never trying a later one (`PatternMatcher.matchGlobPattern`). \
            So `/.*/details` does not match `/shop/item/details`, and `/.*\\\\.pdf` does not match \
            `/report.v2.pdf`. The finding shows a path that fails. Use `android:pathPrefix` or \
            `android:pathSuffix` (API 31), or `android:pathAdvancedPattern` (API 26) with a set \
            such as `[^/]*` for one segment.
            """,
        severity: .warning,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathPattern="↓/.*/details""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathPattern="/product/.*""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.handlesWebURLs {
            let host = filter.authorities.first.map { $0.host.value.hasPrefix("*.") ? String($0.host.value.dropFirst(2)) : $0.host.value } ?? "example.com"
            for path in filter.paths + filter.groups.flatMap(\.paths) where path.kind == .simpleGlob && !path.value.isPlaceholder {
                guard let pattern = path.pattern, let example = pattern.nonBacktrackingCounterexample() else { continue }
                diagnostics.append(diagnostic(
                    "android:pathPattern=\"\(path.value.value)\" does not match \(example.failing) although it matches \(example.matching): after \".*\" Android skips to the first \"\(example.character)\" and never tries a later one; use pathPrefix, pathSuffix or pathAdvancedPattern",
                    at: file.location(of: path.value), exampleURL: "https://\(host)\(example.failing)"))
            }
        }
        return diagnostics
    }
}
