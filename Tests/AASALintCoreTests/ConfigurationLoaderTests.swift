import Foundation
@testable import AASALintCore
import Testing

/// A registry with two stand-in rules, so the core's loader is tested without the rules target.
private struct SampleRule: Rule, FileCheck {
    static let description = RuleDescription(id: "sample-rule", summary: "Sample", rationale: "", severity: .warning)
    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] { [] }
}

private struct SizedRule: Rule, FileCheck {
    static let limit = RuleOptionDescription(name: "max_bytes", defaultValue: .integer(10), help: "")
    static let description = RuleDescription(id: "sized-rule", summary: "Sized", rationale: "", severity: .error,
                                             isOptIn: true, options: [limit])
    init() {}

    init(options: RuleOptions) throws(RuleOptionError) {
        guard try options.integer(Self.limit) > 0 else { throw RuleOptionError(option: "max_bytes", message: "must be positive") }
    }
    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] { [] }
}

@Suite struct ConfigurationLoaderTests {
    let loader = ConfigurationLoader(registry: try! RuleRegistry([SampleRule.self, SizedRule.self]))

    func load(_ text: String) throws(ConfigurationErrors) -> Configuration {
        try loader.load(bytes: Array(text.utf8), path: ".aasalint.yml", directory: ".")
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func aValidConfigurationLoads() throws {
        let configuration = try load("""
            rules:
              sample-rule: off
              sized-rule: {severity: note, max_bytes: 20}
            include: ["web/**"]
            exclude: "**/Fixtures/**"
            fail_on: warning
            format: sarif
            baseline: base.json
            overrides:
              - files: ["legacy/**#/applinks/details/1"]
                rules: {sample-rule: error}
            ignore:
              - {rule: sample-rule, file: web/aasa, pointer: /applinks, reason: kept on purpose}
            """)
        #expect(configuration.rules["sample-rule"]?.isOff == true)
        #expect(configuration.rules["sized-rule"]?.severity == .note)
        #expect(try configuration.rules["sized-rule"]?.options.integer(SizedRule.limit) == 20)
        #expect(configuration.include.map(\.pattern) == ["web/**"])
        #expect(configuration.exclude.map(\.pattern) == ["**/Fixtures/**"])
        #expect(configuration.failOn == .severity(.warning))
        #expect(configuration.format == .sarif)
        #expect(configuration.overrides.first?.targets.first?.pointer == JSONPointer("/applinks/details/1"))
        #expect(configuration.ignore.first?.reason == "kept on purpose")
    }

    /// `file: glob#/pointer` is how overrides name a place; an ignore entry reads it the same
    /// way rather than dropping the pointer and ignoring the whole file.
    @Test func anIgnoreEntryTakesItsPointerFromTheFileToo() throws {
        let configuration = try load("ignore:\n  - {rule: sample-rule, file: \"web/aasa#/applinks/details/0\", reason: kept}\n")
        #expect(configuration.ignore.first?.at == JSONPointer("/applinks/details/0"))
        #expect(configuration.ignore.first?.files.pattern == "web/aasa")
        #expect(errors("ignore:\n  - {rule: sample-rule, file: \"a#/x\", pointer: /y, reason: kept}\n") == [
            ".aasalint.yml:2:48: error: this ignore entry names its pointer twice, after '#' in 'file' and in 'pointer'; keep one",
        ])
    }

    @Test func everyMistakeIsReportedWithItsPositionInOneRun() {
        #expect(errors("""
            rules:
              sampel-rule: error
              sized-rule: {severity: eror, max_byte: 3}
            exclde: []
            include: ["a/[b"]
            fail_on: warnings
            """) == [
                ".aasalint.yml:2:3: error: unknown rule 'sampel-rule'; did you mean 'sample-rule'? (`aasalint rules` lists them)",
                ".aasalint.yml:3:26: error: 'eror' is not a severity for 'sized-rule'; did you mean 'error'? (use error, warning, note or off)",
                ".aasalint.yml:3:32: error: rule 'sized-rule' has no option 'max_byte'; did you mean 'max_bytes'?",
                ".aasalint.yml:4:1: error: unknown key 'exclde' in the configuration; did you mean 'exclude'?",
                ".aasalint.yml:5:11: error: invalid pattern in 'include': '[' is not closed by ']' in 'a/[b'",
                ".aasalint.yml:6:10: error: 'fail_on' cannot be 'warnings'; did you mean 'warning'? (expected one of: error, warning, note, none)",
            ])
    }

    @Test func wrongTypesAndBadOptionValuesAreErrors() {
        #expect(errors("rules: [a]\n") == [
            ".aasalint.yml:1:8: error: 'rules' must map rule IDs to a severity or settings, not a list",
        ])
        #expect(errors("rules:\n  sized-rule: {max_bytes: many}\n") == [
            ".aasalint.yml:2:27: error: option 'max_bytes' of 'sized-rule' expects a whole number, not the text 'many'",
        ])
        #expect(errors("rules:\n  sized-rule: {max_bytes: 0}\n") == [
            ".aasalint.yml:2:27: error: rule 'sized-rule': option 'max_bytes' must be positive",
        ])
        #expect(errors("ignore:\n  - {rule: sample-rule, file: a}\n") == [
            ".aasalint.yml:2:5: error: an ignore entry needs 'rule', 'file' and a non-empty 'reason' (why this finding is acceptable)",
        ])
        #expect(errors("apps:\n  - id: ABCDE1234.com.x\n") == [
            ".aasalint.yml:2:9: error: 'ABCDE1234.com.x' is not an appID: the team ID \"ABCDE1234\" has 9 characters, but team IDs have 10, so this appID matches no app; copy it from the Membership page of your Apple developer account",
        ])
        #expect(errors("expectations:\n  - app: ABCDE12340.com.x\n    opens: [\"http://example.com/a\"]\n") == [
            ".aasalint.yml:3:13: error: 'http://example.com/a' is not an https URL with a host (universal links are https only)",
        ])
        #expect(errors("domains:\n  Example.com/path: web/aasa\n") == [
            ".aasalint.yml:2:3: error: 'Example.com/path' is not a host name: write it in lower case without scheme, port or path (example.com)",
        ])
    }

    /// `Fixtures/rules/url-expectation/sitemap`: a sitemap and a URL file beside the configuration.
    private func sourcedExpectations(_ text: String) throws(ConfigurationErrors) -> [URLExpectationSet] {
        let folder = FuzzReplayTests.repository.appendingPathComponent("Fixtures/rules/url-expectation/sitemap").path
        return try loader.load(bytes: Array(text.utf8), path: folder + "/.aasalint.yml", directory: folder).expectations
    }

    @Test func expectationsTakeTheURLsOfASitemapOrURLFileThatMatchPaths() throws {
        let sets = try sourcedExpectations("""
            expectations:
              - opens_from: web/sitemap.xml
                paths: ["/product/*", "/sale"]
              - stays_on_web_from: web/account-urls.txt
              - opens: ["https://example.com/a"]
                opens_from: web/account-urls.txt
                paths: ["/account/h*"]
            """)
        #expect(sets.map { $0.opens.map(\.value) } == [
            ["https://example.com/product/42", "https://example.com/product/42/reviews", "https://example.com/sale"],
            [],
            ["https://example.com/a", "https://example.com/account/help"],
        ])
        #expect(sets[1].staysOnWeb.map(\.value) == ["https://example.com/account/orders", "https://example.com/account/help", "https://example.com/product/7"])
        #expect(sets[0].opens.allSatisfy { $0.pointer.description == "/expectations/0/opens_from" })
    }

    @Test func unreadableURLSourcesAndAStrayPathFilterAreErrors() {
        #expect(throws: ConfigurationErrors.self) { try sourcedExpectations("expectations:\n  - opens_from: web/missing.xml\n") }
        do {
            _ = try sourcedExpectations("expectations:\n  - opens_from: web/missing.xml\n  - opens: [\"https://example.com/a\"]\n    paths: [\"product/*\"]\n")
        } catch {
            let messages = error.errors.map(\.description)
            #expect(messages.count == 3)
            #expect(messages.contains { $0.contains(":2:17: error: cannot read the URLs of 'web/missing.xml'") })
            #expect(messages.contains { $0.contains(":4:5: error: 'paths' filters the URLs of 'opens_from' and 'stays_on_web_from'") })
            #expect(messages.contains { $0.contains("'product/*' is not a path pattern: start it with /") })
        }
    }

    @Test func invalidYAMLIsOneErrorAtItsPosition() {
        let found = errors("rules:\n  a: [1\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix(".aasalint.yml:3:1: error: invalid YAML: ") == true)
    }

    @Test func anEmptyFileIsTheDefaultConfiguration() throws {
        #expect(try load("").rules.isEmpty)
    }

    @Test func giveAnOptInRuleASeverityToEnableIt() throws {
        let registry = try RuleRegistry([SampleRule.self, SizedRule.self])
        let off = try RuleSelection(registry: registry)
        #expect(off.entries.map(\.description.id) == ["sample-rule"])
        let configuration = try load("rules:\n  sized-rule: note\n  sample-rule: off\n")
        let on = try RuleSelection(registry: registry, settings: configuration.rules)
        #expect(on.entries.map(\.description.id) == ["sized-rule"])
        #expect(on.entries.first?.severity == .note)
    }

    @Test func theCommandLineWinsOverTheFile() throws {
        let registry = try RuleRegistry([SampleRule.self, SizedRule.self])
        let configuration = try load("rules:\n  sample-rule: off\n")
        let selection = try RuleSelection(registry: registry, settings: configuration.rules, enable: ["sample-rule"], disable: [])
        #expect(selection.entries.map(\.description.id) == ["sample-rule"])
    }
}

@Suite struct CustomRuleConfigurationTests {
    let loader = ConfigurationLoader(registry: try! RuleRegistry([SampleRule.self]))

    private func errors(_ text: String) -> [String] {
        do {
            _ = try loader.load(bytes: Array(text.utf8), path: "c.yml", directory: ".")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func mistakesInCustomRulesArePositionedConfigurationErrors() {
        #expect(errors("""
            custom_rules:
              - {id: sample-rule, select: /a, forbidden: true, message: m}
              - {id: Bad_ID, select: /a, forbidden: true, message: m}
              - {id: two, select: /a, forbidden: true, required: true, message: m}
              - {id: regex, select: /a, matches: "([", message: m}
              - {id: pointer, select: "a/b", forbidden: true, message: m}
              - {id: nothing, select: /a}
            """) == [
                "c.yml:2:10: error: 'sample-rule' is the ID of a built-in rule; give the custom rule its own ID",
                "c.yml:3:10: error: 'Bad_ID' is not a rule ID: use lower-case words joined by '-' (team-id-policy)",
                "c.yml:4:5: error: a custom rule needs exactly one condition: matches, not_matches, one_of, required, forbidden, max_items (this one has required and forbidden)",
                "c.yml:5:38: error: '([' is not a valid regular expression: the class opened at offset 1 is never closed with ']'",
                "c.yml:6:27: error: 'a/b' is not a JSON pointer: write it like /applinks/details/*/appIDs/*",
                "c.yml:7:5: error: a custom rule needs 'id', 'select' (a JSON pointer with * segments), one condition and 'message'",
            ])
    }

    @Test func customRulesCanBeConfiguredLikeBuiltInOnes() throws {
        let configuration = try loader.load(bytes: Array("""
            custom_rules:
              - {id: team-policy, select: "/applinks/details/*/appIDs/*", matches: "^ABCDE", message: "{value} at {pointer}"}
            rules:
              team-policy: error
            ignore:
              - {rule: team-policy, file: "**", reason: testing}
            """.utf8), path: "c.yml", directory: ".")
        #expect(configuration.customRules.map(\.description.id) == ["team-policy"])
        #expect(configuration.rules["team-policy"]?.severity == .error)
        #expect(configuration.ignore.first?.rule == "team-policy")
    }

    @Test func pluginsNeedACommandListAndAPositiveTimeout() {
        #expect(errors("""
            plugins:
              - {id: policy, command: "python3 policy.py"}
              - {id: slow, command: [sleep, "9"], timeout: 0}
            rules:
              policy/anything: off
              other/anything: off
            """) == [
                "c.yml:2:27: error: 'command' must be a list, the program and its arguments: [python3, plugins/policy.py]",
                "c.yml:3:48: error: 'timeout' must be a number of seconds above 0",
                "c.yml:5:3: error: unknown rule 'policy/anything' (`aasalint rules` lists them)",
                "c.yml:6:3: error: unknown rule 'other/anything' (`aasalint rules` lists them)",
            ])
    }
}

@Suite struct CustomRuleTests {
    private func findings(_ rule: String, in json: String) throws -> [String] {
        let loader = ConfigurationLoader(registry: try RuleRegistry([]))
        let configuration = try loader.load(bytes: Array("custom_rules:\n  - \(rule)\n".utf8), path: "c.yml", directory: ".")
        let file = LintFile(path: "a.json", kind: .aasa, bytes: Array(json.utf8))
        let check = try #require(configuration.customRules.first)
        return check.check(file, in: LintContext(files: [file])).map {
            "\($0.location.range.start.line):\($0.location.range.start.column) \($0.message)"
        }
    }

    let document = """
        {"applinks": {"details": [
          {"appIDs": ["ABCDE12345.a", "XYZ0000000.b"], "components": [{"/": "/checkout/*"}]},
          {"appIDs": ["ABCDE12345.c"]}
        ]}}
        """

    @Test func eachConditionReportsWhatItShould() throws {
        let foreign = try findings("{id: r, select: /applinks/details/*/appIDs/*, matches: '^ABCDE12345[.]', message: '{value} at {pointer}'}", in: document)
        #expect(foreign == ["2:31 XYZ0000000.b at /applinks/details/0/appIDs/1"])
        let checkout = try findings("{id: r, select: /applinks/details/*/components/*/~1, not_matches: '^/checkout', message: 'no {value}'}", in: document)
        #expect(checkout == ["2:69 no /checkout/*"])
        #expect(try findings("{id: r, select: /applinks/details/*/components, required: true, message: 'missing {pointer}'}", in: document)
            == ["3:3 missing /applinks/details/1/components"])
        #expect(try findings("{id: r, select: /webcredentials, forbidden: true, message: m}", in: document) == [])
        #expect(try findings("{id: r, select: /applinks/details, max_items: 1, message: 'too many: {value}'}", in: document)
            == ["1:26 too many: [2 items]"])
        #expect(try findings("{id: r, select: /applinks/details/*/appIDs/0, one_of: [ABCDE12345.a], message: '{value}'}", in: document)
            == ["3:15 ABCDE12345.c"])
    }
}
