import Foundation

/// The usual validator: each pattern translated to an anchored NSRegularExpression (`*` to
/// `.*`, `?` to `.`, variables to alternations), rules tried in order on each URL.
struct RegexBaseline {
    private struct CompiledRule {
        let path: NSRegularExpression
        let query: [(String, NSRegularExpression)]
        let exclude: Bool
    }

    private let rules: [CompiledRule]

    init(_ rules: [BenchCorpus.Rule]) {
        self.rules = rules.compactMap { rule in
            guard let path = Self.regex(for: rule.path) else { return nil }
            let query = rule.query.compactMap { item in Self.regex(for: item.1).map { (item.0, $0) } }
            return CompiledRule(path: path, query: query, exclude: rule.exclude)
        }
    }

    /// True when the URL opens the app.
    func decide(_ text: String) -> Bool {
        guard let components = URLComponents(string: text) else { return false }
        let path = components.percentEncodedPath.hasSuffix("/") ? components.percentEncodedPath : components.percentEncodedPath + "/"
        let items = components.percentEncodedQueryItems ?? []
        for rule in rules where Self.matches(rule.path, path) {
            let queryMatches = rule.query.allSatisfy { name, pattern in
                let values = items.filter { $0.name == name }.map { $0.value ?? "" }
                return values.isEmpty ? Self.matches(pattern, "") : values.allSatisfy { Self.matches(pattern, $0) }
            }
            if queryMatches { return !rule.exclude }
        }
        return false
    }

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static let variables = [
        "$(lang)": "(?:" + ["en", "fr", "de", "es", "it", "ja", "zh", "pt", "ru", "ko"].joined(separator: "|") + ")",
        "$(digit)": "[0-9]",
    ]

    private static func regex(for pattern: String) -> NSRegularExpression? {
        var expression = "^"
        var rest = Substring(pattern.hasSuffix("*") || pattern.hasSuffix("/") ? pattern : pattern + "/")
        while let first = rest.first {
            if let variable = variables.keys.first(where: { rest.hasPrefix($0) }), let replacement = variables[variable] {
                expression += replacement
                rest = rest.dropFirst(variable.count)
                continue
            }
            switch first {
            case "*": expression += ".*"
            case "?": expression += "."
            default: expression += NSRegularExpression.escapedPattern(for: String(first))
            }
            rest = rest.dropFirst()
        }
        return try? NSRegularExpression(pattern: expression + "$")
    }
}
