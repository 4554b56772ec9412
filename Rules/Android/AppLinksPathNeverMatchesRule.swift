import AASALintCore

struct AppLinksPathNeverMatchesRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-path-never-matches",
        summary: "A path attribute of an intent filter that no link can match, or that Android refuses",
        rationale: """
            Android matches path attributes against the link's **decoded** path \
            (`Uri.getPath()`), which always starts with `/`:

            - `%20` or any `%XX` in a path attribute never matches, because the path it is \
            compared with has the decoded character (a space) instead; write the character;
            - an `android:path` or `android:pathPrefix` that does not start with `/` matches \
            nothing;
            - in `android:pathAdvancedPattern`, matching is greedy and never backtracks, so \
            `.*` (or `.+`) followed by anything that must match a character can never match: \
            `/.*x` fails even `/ax`;
            - an advanced pattern that is not well formed (`[a-z`, `[]`, `a{,4}`, `*a`, a \
            trailing `\\`, a set over Android's size limit) is refused when the manifest is \
            parsed.
            """,
        severity: .error,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathPrefix="↓/summer%20sale""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathPrefix="/summer sale""#)),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.handlesWebURLs {
            for path in filter.paths + filter.groups.flatMap(\.paths) where !path.value.isPlaceholder {
                if let message = problem(of: path) {
                    diagnostics.append(diagnostic(message, at: file.location(of: path.value)))
                }
            }
        }
        return diagnostics
    }

    private func problem(of path: IntentFilter.Path) -> String? {
        let attribute = "android:\(path.kind.rawValue)=\"\(path.value.value)\""
        if let error = path.error {
            return "\(attribute) is not a valid advanced pattern: \(error.message); Android refuses it when it parses the manifest"
        }
        let text = path.value.value
        if let escape = Self.percentEscape(in: text) {
            return "\(attribute) contains \"\(escape)\", but Android matches the decoded path, which has the character itself, so this never matches; write the decoded character"
        }
        if path.kind == .literal || path.kind == .prefix, !text.isEmpty, !text.hasPrefix("/") {
            return "\(attribute) does not start with \"/\", and every link's path does, so it matches nothing; write \"/\(text)\""
        }
        if path.kind == .advancedGlob, let pattern = path.pattern, pattern.hasUnboundedAnyBeforeMore {
            return "\(attribute): \".*\" takes the rest of the path and never gives any back, so what follows it never matches and neither does the pattern; end the pattern with \".*\", or use a set such as \"[^/]*\""
        }
        return nil
    }

    /// The first `%XX` with two hex digits.
    private static func percentEscape(in text: String) -> String? {
        let units = Array(text.utf8)
        for index in units.indices where units[index] == UInt8(ascii: "%") && index + 2 < units.count {
            let digits = units[(index + 1)...(index + 2)]
            if digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) {
                return String(decoding: units[index...(index + 2)], as: UTF8.self)
            }
        }
        return nil
    }
}
