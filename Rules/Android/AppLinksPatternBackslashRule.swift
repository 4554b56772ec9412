import AASALintCore

struct AppLinksPatternBackslashRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "app-links-pattern-backslash",
        summary: "A single backslash in a path attribute, which the resource compiler takes as its own escape",
        rationale: """
            The manifest's attribute strings pass through the resource compiler (aapt2) before \
            Android's matcher sees them, and it reads a backslash as an escape of its own: \
            `\\\\` becomes one backslash, `\\n`, `\\t` and `\\uXXXX` a line feed, a tab and a \
            code point. So a pattern escape must be written twice: `\\\\.` in the XML is the \
            matcher's `\\.`, a literal dot (Android's documentation: "you will need to \
            double-escape"). A single `\\.` most likely reaches the matcher as `.`, which \
            matches any character, and `\\*` as `*`, which repeats the character before it. \
            (What aapt2 does with other single escapes is not settled; aasalint assumes it \
            drops the backslash, as for `\\'` and `\\"`.) Write `\\\\` before the character.
            """,
        severity: .warning,
        fileKinds: [.androidManifest],
        examples: [
            RuleExample(triggers: true, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathPattern="↓/files/.*\.pdf""#)),
            RuleExample(triggers: false, AndroidExample.filter(data: #"android:scheme="https" android:host="example.com" android:pathPattern="/files/.*\\.pdf""#)),
        ]
    )

    /// What the resource compiler turns into something else than the character after the backslash.
    static let compilerEscapes: Set<Character> = ["\\", "n", "t", "u"]

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let manifest = file.androidManifest else { return [] }
        var diagnostics: [Diagnostic] = []
        for (_, filter) in manifest.filters where filter.handlesWebURLs {
            for path in filter.paths + filter.groups.flatMap(\.paths) where !path.value.isPlaceholder {
                guard let escaped = Self.singleEscape(in: path.value.value) else { continue }
                let written = "android:\(path.kind.rawValue)=\"\(path.value.value)\""
                diagnostics.append(diagnostic(
                    "\(written): the resource compiler reads \"\\\(escaped)\" as its own escape and most likely gives Android's matcher \"\(escaped)\"\(Self.meaning(of: escaped, in: path.kind)), not \"\\\(escaped)\" (aapt2's handling of such escapes is not settled); write \"\\\\\(escaped)\" for the matcher's \"\\\(escaped)\"",
                    at: file.location(of: path.value)))
            }
        }
        return diagnostics
    }

    /// The character after the first backslash that is not written twice nor a compiler escape.
    static func singleEscape(in text: String) -> Character? {
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else { continue }
            guard let next = characters.next() else { return nil }
            if !compilerEscapes.contains(next) { return next }
        }
        return nil
    }

    private static func meaning(of character: Character, in kind: AndroidPathPattern.Kind) -> String {
        guard kind == .simpleGlob || kind == .advancedGlob else { return "" }
        switch character {
        case ".": return ", which matches any character"
        case "*": return ", which repeats the character before it"
        case "+" where kind == .advancedGlob: return ", which repeats the character before it"
        case "[" where kind == .advancedGlob: return ", which starts a set"
        default: return ""
        }
    }
}
