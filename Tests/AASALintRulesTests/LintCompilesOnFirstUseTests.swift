@testable import AASALintCore
import AASALintRules
import Testing

/// A lint compiles only the patterns its rules ask about: a file whose components share no path
/// start with one another (like a large catalog) is linted without compiling any pattern, while
/// components that share one are compiled for the rule-order analysis.
@Suite struct LintCompilesOnFirstUseTests {
    /// Components with paths, fragments, exclusions, case settings and legacy paths, each path
    /// starting with its own text.
    static func file(sharingAPathStart: Bool) -> LintFile {
        let components = (0..<40).map { index in
            var members = [#""/": "/section\#(index)/*""#]
            if index % 3 == 0 { members.append(##""#": "part\##(index)""##) }
            if index % 4 == 0 { members.append(#""exclude": true"#) }
            if index % 5 == 0 { members.append(#""caseSensitive": false"#) }
            return "{" + members.joined(separator: ", ") + "}"
        } + (sharingAPathStart ? [#"{"/": "/section1/shoes"}"#] : [])
        let json = #"""
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components.joined(separator: ", "))]},
              {"appIDs": ["ABCDE12345.com.example.old"], "paths": ["/legacy/*", "NOT /private/*"]}
            ]}}
            """#
        return LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(json.utf8))
    }

    /// The file's matcher after a lint with every default rule, kept (as the command line keeps
    /// it) so that what the lint compiled can be counted, and the lint's findings.
    private static func lint(_ file: LintFile) throws -> (matcher: AASAMatcher, findings: [Diagnostic]) {
        let plan = try RulePlan(registry: FixtureSupport.registry(), configuration: Configuration())
        let findings = try Linter(plan: plan, retention: { _ in }).lint([file])
        return (try #require(file.matcher), findings)
    }

    @Test func componentsAloneInTheirGroupsAreNotCompiled() throws {
        let (matcher, findings) = try Self.lint(Self.file(sharingAPathStart: false))
        #expect(matcher.languagesCompiledOnFirstUse == 0)
        #expect(!findings.contains { $0.ruleID == "exclude-shadowed" || $0.ruleID == "unreachable-component" })
    }

    /// The same lint compiles the components that share a group, and finds the shadowed one.
    @Test func componentsSharingAPathStartAreCompiled() throws {
        let (matcher, findings) = try Self.lint(Self.file(sharingAPathStart: true))
        let compiled = try #require(matcher.languagesCompiledOnFirstUse)
        #expect(compiled > 0 && compiled < 10, "the two components of /section1/, not all 43: \(compiled)")
        #expect(findings.contains { $0.ruleID == "unreachable-component" })
    }
}
