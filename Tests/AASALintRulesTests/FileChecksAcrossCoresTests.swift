@testable import AASALintCore
import AASALintRules
import Testing

/// A large file linted alone has its checks run across the machine's cores (the rule-order
/// analysis on one, the other checks shared by both): it gets the findings it gets beside
/// another file, where its checks run one after another.
@Suite struct FileChecksAcrossCoresTests {
    @Test func aLargeFileAloneHasTheFindingsOfOneCore() throws {
        let selection = try RuleSelection(registry: FixtureSupport.registry())
        let text = Self.catalog(components: 900)
        #expect(text.utf8.count >= 32 * 1024, "small enough to be checked on one core")
        // Another path each time: the order analysis of a file is kept by path and contents.
        let alone = try FixtureSupport.lint([LintFile(path: "alone/apple-app-site-association", kind: .aasa, bytes: Array(text.utf8))], with: selection)
        let small = LintFile(path: "small/apple-app-site-association", kind: .aasa, bytes: Array(#"{"applinks": {"details": []}}"#.utf8))
        let beside = try FixtureSupport.lint([LintFile(path: "beside/apple-app-site-association", kind: .aasa, bytes: Array(text.utf8)), small], with: selection)
            .filter { $0.location.file.hasPrefix("beside/") }
        #expect(alone.map(Self.finding) == beside.map(Self.finding))
        let rules = Set(alone.map(\.ruleID))
        #expect(rules.isSuperset(of: ["exclude-shadowed", "unreachable-component", "undefined-variable"]), "\(rules)")
    }

    /// What a finding says, whatever the file's path.
    private static func finding(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.ruleID) \(diagnostic.severity) \(diagnostic.location.range) \(diagnostic.message) \(diagnostic.exampleURL ?? "-") "
            + diagnostic.related.map { "\($0.location.range) \($0.message)" }.joined(separator: "; ")
    }

    /// A catalog of `components` components in one entry: now and then a section opened whole
    /// before an exclusion inside it, a component written twice and an undefined variable.
    private static func catalog(components: Int) -> String {
        let sections = ["shop", "help", "blog", "cart", "sale", "news"]
        func item(_ index: Int) -> String {
            #"{"/": "/\#(sections[index % sections.count])/item-\#(index)", "?": {"ref": "?*"}, "comment": "component \#(index) of the generated catalog"}"#
        }
        let written = (0..<components).map { index -> String in
            switch index % 50 {
            case 10: #"{"/": "/\#(sections[index % sections.count])/\#(index / 50)/*"}"#
            case 20: #"{"/": "/\#(sections[(index - 10) % sections.count])/\#(index / 50)/private", "exclude": true}"#
            case 30: item(index - 1)
            case 40: #"{"/": "/$(nope)/item-\#(index)"}"#
            default: item(index)
            }
        }
        return #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#n"#
            + written.joined(separator: ",\n") + "\n]}]}}\n"
    }
}
