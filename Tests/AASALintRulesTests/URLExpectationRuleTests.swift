@testable import AASALintCore
import AASALintRules
import Testing

/// `url-expectation` with configurations built in code: each URL is decided with the AASA
/// served on its host, and each failure sits at the URL in the expectation document.
@Suite struct URLExpectationRuleTests {
    static let shop = "ABCDE1234X.com.example.shop"
    static let blog = "ABCDE1234X.com.example.blog"
    static let aasa = """
        {
          "applinks": {
            "details": [
              {
                "appIDs": ["\(shop)"],
                "components": [
                  {"/": "/account/*", "exclude": true},
                  {"/": "/product/*"}
                ]
              },
              {"appIDs": ["\(blog)"], "components": [{"/": "/help/*"}]}
            ]
          }
        }
        """

    /// An expectation file in the `deep_linkable_urls` form, as the document URLs point into.
    func expectations(app: String?, opens: [String], staysOnWeb: [String]) throws -> URLExpectationSet {
        func list(_ urls: [String]) -> String { "[" + urls.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        let text = """
            {
              "deep_linkable_urls": \(list(opens)),
              "non_deep_linkable_urls": \(list(staysOnWeb))
            }
            """
        let bytes = Array(text.utf8)
        let document = SourceDocument(path: "expectations.json", lines: LineTable(bytes), root: try JSONParser.parse(bytes))
        func located(_ urls: [String], _ key: String) -> [Located<String>] {
            urls.enumerated().map { Located($0.element, at: JSONPointer.root.appending(key).appending($0.offset)) }
        }
        return URLExpectationSet(app: app.map { Located($0, at: JSONPointer(tokens: ["app"])) },
                                 opens: located(opens, "deep_linkable_urls"),
                                 staysOnWeb: located(staysOnWeb, "non_deep_linkable_urls"),
                                 document: document)
    }

    func lint(_ sets: [URLExpectationSet], files: [LintFile]? = nil, domains: [(String, String)] = []) throws -> [Diagnostic] {
        let configuration = Configuration(directory: ".", domains: domains.map { ConfiguredDomain(host: Located($0.0, at: .root), aasaPath: Located($0.1, at: .root)) },
                                          expectations: sets)
        let registry = try BuiltInRules.registry()
        let selection = try RuleSelection(registry: registry, enable: ["url-expectation"],
                                          disable: registry.descriptions.map(\.id).filter { $0 != "url-expectation" })
        let files = files ?? [LintFile(path: "web/aasa.json", kind: .aasa, bytes: Array(Self.aasa.utf8))]
        return try Linter(selection: selection, configuration: configuration).lint(files)
    }

    @Test func passingExpectationsAreSilent() throws {
        let set = try expectations(app: Self.shop, opens: ["https://example.com/product/42"],
                                   staysOnWeb: ["https://example.com/account/orders", "https://example.com/help/x"])
        #expect(try lint([set]).isEmpty)
    }

    @Test func blockedURLNamesTheExcludeRule() throws {
        let set = try expectations(app: Self.shop, opens: ["https://example.com/account/orders"], staysOnWeb: [])
        let diagnostic = try #require(try lint([set]).first)
        #expect(diagnostic.ruleID == "url-expectation")
        #expect(diagnostic.location.file == "expectations.json")
        #expect(diagnostic.location.range.start == SourcePosition(line: 2, column: 26))
        #expect(diagnostic.message.contains(#"the exclusion {"/": "/account/*", "exclude": true} matches it first"#))
        #expect(diagnostic.related.first?.location.file == "web/aasa.json")
        #expect(diagnostic.related.first?.location.pointer?.description == "/applinks/details/0/components/0")
        #expect(diagnostic.exampleURL == "https://example.com/account/orders")
    }

    @Test func unmatchedURLSaysNoRuleDecidedAndWhatOpensInstead() throws {
        let set = try expectations(app: Self.shop, opens: ["https://example.com/help/faq"], staysOnWeb: [])
        let diagnostic = try #require(try lint([set]).first)
        #expect(diagnostic.message.contains("none of the 2 components of the details entry that lists the app matches it"))
        #expect(diagnostic.message.contains("it opens \(Self.blog) instead"))
        #expect(diagnostic.related.first?.location.pointer?.description == "/applinks/details/0")
    }

    @Test func urlThatMustStayOnTheWebNamesTheRuleThatOpensIt() throws {
        let set = try expectations(app: Self.shop, opens: [], staysOnWeb: ["https://example.com/product/1"])
        let diagnostic = try #require(try lint([set]).first)
        #expect(diagnostic.location.range.start.line == 3)
        #expect(diagnostic.message.contains(#"the component {"/": "/product/*"} matches it first"#))
    }

    @Test func withoutAnAppAnyAppCounts() throws {
        let set = try expectations(app: nil, opens: ["https://example.com/help/a"], staysOnWeb: ["https://example.com/help/b"])
        let diagnostics = try lint([set])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("it opens \(Self.blog)") == true)
    }

    @Test func unlistedAppIsReported() throws {
        let set = try expectations(app: "ABCDE1234X.com.example.other", opens: ["https://example.com/product/1"], staysOnWeb: [])
        #expect(try lint([set]).first?.message.contains("no details entry of web/aasa.json lists the app") == true)
    }

    @Test func theConfiguredDomainChoosesTheFileAndHostsCompareCaseInsensitively() throws {
        let other = LintFile(path: "web/other.json", kind: .aasa,
                             bytes: Array(#"{"applinks": {"details": [{"appIDs": ["\#(Self.shop)"], "components": [{"/": "*"}]}]}}"#.utf8))
        let main = LintFile(path: "web/aasa.json", kind: .aasa, bytes: Array(Self.aasa.utf8))
        let set = try expectations(app: Self.shop, opens: ["https://WWW.example.com/help/x", "https://example.com/help/x"], staysOnWeb: [])
        let diagnostics = try lint([set], files: [main, other],
                                   domains: [("www.example.com", "web/other.json"), ("example.com", "web/aasa.json")])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location.range.start == SourcePosition(line: 2, column: 60))
    }

    @Test func aHostWithoutAFileIsReportedOnce() throws {
        let first = LintFile(path: "a.json", kind: .aasa, bytes: Array(Self.aasa.utf8))
        let second = LintFile(path: "b.json", kind: .aasa, bytes: Array(Self.aasa.utf8))
        let set = try expectations(app: Self.shop, opens: ["https://example.org/product/1", "mailto:x@example.com"], staysOnWeb: [])
        let diagnostics = try lint([set], files: [first, second])
        #expect(diagnostics.count == 2)
        #expect(diagnostics.contains { $0.message.contains("no AASA file is configured for example.org") })
        #expect(diagnostics.contains { $0.message.contains("is not an https URL") })
    }

    @Test func anInvalidAASAOpensNothing() throws {
        let broken = LintFile(path: "web/aasa.json", kind: .aasa, bytes: Array("{".utf8))
        let set = try expectations(app: Self.shop, opens: ["https://example.com/product/1"], staysOnWeb: ["https://example.com/x"])
        let diagnostics = try lint([set], files: [broken])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("is not a valid AASA file") == true)
    }
}
