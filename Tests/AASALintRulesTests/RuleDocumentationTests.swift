@testable import AASALintCore
import AASALintRules
import Foundation
import Testing

@Suite struct RuleDocumentationTests {
    static let docsFile = FixtureSupport.packageRoot.appendingPathComponent("docs/rules.md")

    @Test func docsRulesMarkdownIsGeneratedFromTheRuleDescriptions() throws {
        let generated = RuleDocumentation.markdown(try FixtureSupport.registry().descriptions)
        if ProcessInfo.processInfo.environment["AASALINT_UPDATE_DOCS"] == "1" {
            try generated.write(to: Self.docsFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.docsFile, encoding: .utf8)
        #expect(committed == generated, "docs/rules.md is stale: run AASALINT_UPDATE_DOCS=1 swift test --filter RuleDocumentationTests")
    }

    @Test(arguments: BuiltInRules.all.map { $0.description })
    func everyRuleIsDocumentedWellEnoughToAct(on rule: RuleDescription) {
        #expect(!rule.summary.isEmpty && !rule.summary.hasSuffix("."), "\(rule.id): summary")
        #expect(rule.rationale.count > 120, "\(rule.id): the rationale must explain why and how to fix")
        #expect(rule.examples.contains { $0.triggers } && rule.examples.contains { !$0.triggers }, "\(rule.id): examples")
    }

    @Test func explainShowsSeverityOptionsAndExamples() throws {
        let rule = try #require(try FixtureSupport.registry().rule(withID: "file-too-large"))
        let text = RuleDocumentation.explain(rule.description)
        #expect(text.hasPrefix("file-too-large: The file is larger than the system accepts\n"))
        #expect(text.contains("Default severity: error\n"))
        #expect(text.contains("  max_bytes (default 131072): "))
        #expect(text.contains("  Reported:\n"))
    }
}

@Suite struct StarterConfigurationTests {
    @Test func theStarterConfigurationLoadsCleanlyWithTheBuiltInRules() throws {
        let loader = ConfigurationLoader(registry: try FixtureSupport.registry())
        let configuration = try loader.load(bytes: Array(StarterConfiguration.text.utf8), path: ".aasalint.yml", directory: ".")
        #expect(configuration.rules["wildcard-without-apex"]?.severity == .note)
        #expect(configuration.rules["legacy-format"] == nil, "an opt-in rule stays off in the starter configuration")
        #expect(configuration.failOn == .severity(.error))
    }

    @Test func theConfigurationSchemaNamesEveryKeyAndRule() throws {
        let registry = try FixtureSupport.registry()
        let schema = try JSONParser.parse(Array(ConfigurationSchema.text(rules: registry.descriptions).utf8))
        let keys = schema.member("properties")?.value.members?.map(\.key) ?? []
        #expect(Set(keys) == Set(ConfigurationLoader.topLevelKeys))
        let rules = schema.node(at: JSONPointer("/properties/rules/properties")!)?.members?.map(\.key) ?? []
        #expect(rules == registry.descriptions.map(\.id))
    }
}
