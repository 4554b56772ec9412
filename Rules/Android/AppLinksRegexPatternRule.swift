import AASALintCore

struct AppLinksRegexPatternRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-regex-pattern",
        summary: "A regular expression written as `android:pathPattern` or `android:pathAdvancedPattern`",
        rationale: """
            Android's path patterns are globs, not regular expressions (`PatternMatcher`). In \
            `android:pathPattern` only `.` (any character), `*` (repeat the character before) and \
            `\\\\` escapes mean anything: `[0-9]`, `+`, `?`, `{4}`, `^`, `$`, `(a|b)` and `\\\\d` \
            are characters the path must contain (and `\\\\d` is a plain `d`), so `/item/[0-9]+` \
            matches none of the links it was written for. `android:pathAdvancedPattern` (API 26) \
            adds sets (`[0-9]`, `[^/]`), `+` and `{n,m}`, but still has no `\\\\d` or `\\\\w` \
            (write `[0-9]`, `[a-zA-Z0-9_]`), no `?`, no groups or alternatives (write one \
            `<data>` element for each) and no anchors (the whole path must match anyway). The \
            finding shows the advanced pattern to write where there is one.
            """,
        severity: .warning,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathPattern="↓/item/[0-9]+""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathAdvancedPattern="/item/[0-9]+""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.handlesWebURLs {
            let host = filter.authorities.first.map { $0.host.value.hasPrefix("*.") ? String($0.host.value.dropFirst(2)) : $0.host.value } ?? "example.com"
            for path in filter.paths + filter.groups.flatMap(\.paths) where !path.value.isPlaceholder {
                guard let pattern = path.pattern, let found = RegexSyntax.constructs(in: pattern.pattern, kind: path.kind), !found.isEmpty else { continue }
                let written = "android:\(path.kind.rawValue)=\"\(path.value.value)\""
                let listed = found.map { "\"\($0)\"" }.joined(separator: ", ")
                var message = path.kind == .simpleGlob
                    ? "\(written) reads like a regular expression, but pathPattern is a simple glob where \(listed) \(found.count == 1 ? "is literal" : "are literal")"
                    : "\(written) reads like a regular expression, but pathAdvancedPattern has no \(listed): \(found.count == 1 ? "it is" : "they are") literal there"
                var example: String?
                if let advanced = RegexSyntax.advancedPattern(for: pattern.pattern) {
                    if let sample = RegexSyntax.samplePath(for: advanced), !pattern.matches(sample) {
                        example = "https://\(host)\(sample)"
                        message += ", so \(example ?? "") does not match"
                    }
                    message += "; write android:pathAdvancedPattern=\"\(advanced.replacing("\\", with: "\\\\"))\" (API 26)"
                } else if pattern.pattern.contains("?"), pattern.pattern.contains("=") {
                    message += "; a link's query is not part of the path Android matches: match the path alone, and the query with android:query in a <uri-relative-filter-group> (Android 15)"
                } else {
                    message += "; Android's globs have no optional parts or alternatives: write one <data> element for each path, with android:pathPrefix, android:pathSuffix or android:pathAdvancedPattern (API 26)"
                }
                diagnostics.append(diagnostic(message, at: file.location(of: path.value), exampleURL: example))
            }
        }
        return diagnostics
    }
}
