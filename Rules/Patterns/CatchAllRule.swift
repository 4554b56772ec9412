import AASALintCore

struct CatchAllRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "catch-all",
        summary: "A component that opens the app for every URL of the host",
        rationale: """
            A component whose path, query and fragment patterns match everything (`{"/": "*"}`, \
            `"paths": ["*"]`) sends every link to the site into the app, including pages that \
            need the browser such as sign-in, password reset, unsubscribe and legal pages. \
            Enable this rule to be told about such components; if one is intended, put the \
            exclusions before it.
            """,
        severity: .note,
        isOptIn: true,
        examples: [
            RuleExample(triggers: true, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": [↓{"/": "*"}]}"#),
            RuleExample(triggers: false, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/product/*"}]}"#),
        ]
    )

    var readsMatcher: Bool { true }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let matcher = file.matcher else { return [] }
        let url = ExampleURL.make(host: ExampleURL.host(of: file, in: context), path: "/any/page", percentEncoded: true)
        return matcher.entries.flatMap(\.components).filter { !$0.isExclude && Self.matchesEverything($0) }.map { component in
            diagnostic(
                "this component matches every URL of the host (e.g. \(url)), so every link to the site opens the app, sign-in and other browser-only pages included; exclude those pages in components before it, or narrow it",
                at: file.location(component.pointer),
                exampleURL: url
            )
        }
    }

    /// Every URL path starts with `/`, so a path pattern that accepts whatever follows a
    /// leading `/` accepts every URL.
    private static func matchesEverything(_ component: CompiledComponent) -> Bool {
        if let path = component.path, !path.language.matchesEveryString(startingWith: "/") {
            return false
        }
        switch component.query {
        case .any: break
        case .whole(let pattern): guard isUniversal(pattern) else { return false }
        case .items(let items): guard items.allSatisfy({ isUniversal($0.pattern) }) else { return false }
        }
        return component.fragment.map(isUniversal) ?? true
    }

    private static func isUniversal(_ pattern: CompiledPattern) -> Bool {
        pattern.language.matchesEveryString()
    }
}
