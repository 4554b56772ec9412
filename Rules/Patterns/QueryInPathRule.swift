import AASALintCore

struct QueryInPathRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "query-in-path",
        summary: "`?name=` inside a path pattern",
        rationale: """
            In a pattern `?` is a wildcard for exactly one character, and the path the system \
            compares never contains the query. `/search?q=*` therefore matches paths such as \
            `/searchXq=...`, never `https://example.com/search?q=shoes`. Put the query in the \
            component's `?` key: `{"/": "/search", "?": {"q": "?*"}}`.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"/": "/search↓?q=*"}"#),
            RuleExample(triggers: false, #"{"/": "/search", "?": {"q": "?*"}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        // Most files have no pattern with it: their occurrences are not gone through.
        guard file.patternCatalog.heldScalars.mayContain("=") else { return [] }
        let host = ExampleURL.host(of: file, in: context)
        // A loop rather than a compactMap: almost every occurrence finds nothing, and an empty
        // optional finding made and destroyed for each cost more than the test.
        var diagnostics: [Diagnostic] = []
        for occurrence in file.patternCatalog.occurrences where occurrence.patternContains("=") && occurrence.isPath {
            guard let start = Self.queryStart(in: occurrence.pattern.tokens) else { continue }
            let scalars = occurrence.pattern.scalars
            let path = String(String.UnicodeScalarView(scalars[..<start]))
            let query = String(String.UnicodeScalarView(scalars[(start + 1)...]))
            let url = "https://\(host)\(path.hasPrefix("/") ? "" : "/")\(path)?\(query.replacingStars())"
            diagnostics.append(diagnostic(
                "\"?\" in a path pattern is a one-character wildcard and the path never contains the query, so this pattern does not match \(url); write the query in the component's \"?\" key, e.g. {\"/\": \"\(path)\", \"?\": \(Self.objectForm(of: query))}",
                at: file.location(of: start..<scalars.count, in: occurrence),
                exampleURL: url
            ))
        }
        return diagnostics
    }

    /// The index of a `?` followed by a name and `=`, as in `?q=`.
    private static func queryStart(in tokens: [PatternToken]) -> Int? {
        for (index, token) in tokens.enumerated() where token.kind == .anyScalar {
            let name = tokens[(index + 1)...].prefix { token in
                if case .literal(let scalar) = token.kind { return scalar != "=" && scalar != "/" && scalar != "&" }
                return false
            }
            let after = index + 1 + name.count
            if !name.isEmpty, after < tokens.count, tokens[after].kind == .literal("=") { return token.range.lowerBound }
        }
        return nil
    }

    private static func objectForm(of query: String) -> String {
        let items = query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? String(parts[1]) : ""
            return "\"\(parts[0])\": \"\(value == "*" ? "?*" : value)\""
        }
        return "{" + items.joined(separator: ", ") + "}"
    }
}

private extension String {
    /// Sample text where a wildcard stands, for example URLs.
    func replacingStars() -> String {
        String(map { $0 == "*" ? "x" : $0 })
    }
}
