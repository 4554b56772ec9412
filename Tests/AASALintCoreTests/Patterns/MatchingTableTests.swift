@testable import AASALintCore
import Testing

/// AASA.md sections 2 and 3 as a table: every behaviour observed with Apple's matcher ([S])
/// and every documented example, as (AASA, app, URL, expected decision).
@Suite struct MatchingTableTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let aasa: String
        let app: String
        let url: String
        let expected: Decision.Outcome

        init(_ name: String, _ aasa: String, app: String = MatcherTestSupport.app, _ url: String, _ expected: Decision.Outcome) {
            self.name = name
            self.aasa = aasa
            self.app = app
            self.url = url
            self.expected = expected
        }

        var testDescription: String { "\(name): \(url)" }
    }

    static let app = MatcherTestSupport.app
    static let other = MatcherTestSupport.otherApp
    static func c(_ components: String, applinks: String = "", entryDefaults: String? = nil) -> String {
        MatcherTestSupport.components(components, applinks: applinks, entryDefaults: entryDefaults)
    }

    // Apple's documented example (Supporting associated domains).
    static let appleExample = c("""
        [
          {"#": "no_universal_links", "exclude": true},
          {"/": "/buy/*"},
          {"/": "/help/website/*", "exclude": true},
          {"/": "/help/*", "?": {"articleNumber": "????"}}
        ]
        """)

    // Apple's substitution-variable example, with Canadian pages kept on the web.
    static let foodExample = c("""
        [
          {"/": "/$(lang)_CA/$(food)/", "exclude": true},
          {"/": "/$(lang)_$(region)/$(food)/"}
        ]
        """, applinks: #""defaults": {"caseSensitive": false}, "substitutionVariables": {"food": ["burrito", "pizza", "sushi", "samosa"]}"#)

    static let documentedExamples: [Row] = [
        Row("buy", appleExample, "https://example.com/buy/42", .match),
        Row("buy without slash", appleExample, "https://example.com/buy", .match),
        Row("buy, no universal links fragment", appleExample, "https://example.com/buy/42#no_universal_links", .blocked),
        Row("help website excluded", appleExample, "https://example.com/help/website/faq", .blocked),
        Row("help article of four characters", appleExample, "https://example.com/help/faq?articleNumber=1234", .match),
        Row("help article of five characters", appleExample, "https://example.com/help/faq?articleNumber=12345", .noMatch),
        Row("help without article", appleExample, "https://example.com/help/faq", .noMatch),
        Row("help article among other items", appleExample, "https://example.com/help/x?lang=en&articleNumber=abcd", .match),
        Row("other path", appleExample, "https://example.com/about", .noMatch),
        Row("food", foodExample, "https://example.com/en_US/pizza/", .match),
        Row("food without trailing slash", foodExample, "https://example.com/fr_FR/sushi", .match),
        Row("food, region in lower case", foodExample, "https://example.com/en_us/burrito/", .match),
        Row("food, case-insensitive default", foodExample, "https://example.com/EN_gb/SAMOSA/", .match),
        Row("food in Canada excluded", foodExample, "https://example.com/en_CA/pizza/", .blocked),
        Row("food in Canada, French", foodExample, "https://example.com/fr_CA/burrito/", .blocked),
        Row("UK is not a region code", foodExample, "https://example.com/en_UK/pizza/", .noMatch),
        Row("GB is a region code", foodExample, "https://example.com/en_GB/pizza/", .match),
        Row("not a food", foodExample, "https://example.com/en_US/tacos/", .noMatch),
        Row("not a language", foodExample, "https://example.com/qq_US/pizza/", .noMatch),
    ]

    static let observedBehaviours: [Row] = [
        // Details entries and apps.
        Row("appIDs [] hides appID", #"{"applinks": {"details": [{"appIDs": [], "appID": "\#(app)", "components": [{"/": "*"}]}]}}"#,
            "https://example.com/a", .noMatch),
        Row("appIDs wins over appID", #"{"applinks": {"details": [{"appIDs": ["\#(other)"], "appID": "\#(app)", "components": [{"/": "*"}]}]}}"#,
            "https://example.com/a", .noMatch),
        Row("no appID opens nothing", #"{"applinks": {"details": [{"components": [{"/": "*"}]}]}}"#, "https://example.com/a", .noMatch),
        Row("first entry decides", #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/a"}]}, {"appIDs": ["\#(app)"], "components": [{"/": "*"}]}]}}"#,
            "https://example.com/b", .noMatch),
        Row("first entry decides for its apps only", #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/a"}]}, {"appIDs": ["\#(app)", "\#(other)"], "components": [{"/": "*"}]}]}}"#,
            app: other, "https://example.com/b", .match),
        Row("first matching component wins", c(#"[{"/": "/a/*", "exclude": true}, {"/": "*"}]"#), "https://example.com/a/b", .blocked),
        Row("later exclude comes too late", c(#"[{"/": "*"}, {"/": "/a/*", "exclude": true}]"#), "https://example.com/a/b", .match),
        Row("no component matches", c(#"[{"/": "/a"}]"#), "https://example.com/b", .noMatch),
        // Legacy paths.
        Row("legacy path", #"{"applinks": {"apps": [], "details": [{"appID": "\#(app)", "paths": ["NOT /a/*", "*"]}]}}"#, "https://example.com/a/b", .blocked),
        Row("legacy path, other", #"{"applinks": {"apps": [], "details": [{"appID": "\#(app)", "paths": ["NOT /a/*", "*"]}]}}"#, "https://example.com/b", .match),
        Row("legacy NOT in any case", #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["not /a/*", "*"]}]}}"#, "https://example.com/a/b", .blocked),
        Row("legacy NOT is case-sensitive", #"{"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appID": "\#(app)", "paths": ["NOT /a/*", "*"]}]}}"#,
            "https://example.com/A/b", .match),
        Row("legacy path follows caseSensitive", #"{"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appID": "\#(app)", "paths": ["/a/*"]}]}}"#,
            "https://example.com/A/b", .match),
        Row("legacy paths ignore the query", #"{"applinks": {"details": [{"appID": "\#(app)", "paths": ["/a"]}]}}"#, "https://example.com/a?x=1#f", .match),
        Row("components hide paths", #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/a"}], "paths": ["*"]}]}}"#,
            "https://example.com/b", .noMatch),
        // Wrong types, read as the system reads them.
        Row("number path is absent", c(#"[{"/": 5}]"#), "https://example.com/anything", .match),
        Row("query object with a number is discarded", c(#"[{"/": "/s", "?": {"page": 1, "q": "x"}}]"#), "https://example.com/s", .match),
        Row("exclude \"false\" is false", c(#"[{"/": "*", "exclude": "false"}]"#), "https://example.com/a", .match),
        Row("exclude 1 is true", c(#"[{"/": "*", "exclude": 1}]"#), "https://example.com/a", .blocked),
        // Defaults.
        Row("defaults exclude turns rules into exclusions", c(#"[{"/": "/a"}]"#, applinks: #""defaults": {"exclude": true}"#), "https://example.com/a", .blocked),
        Row("defaults path", c(##"[{"#": "x"}]"##, entryDefaults: ##"{"/": "/shop/*"}"##), "https://example.com/blog#x", .noMatch),
        Row("defaults path applies", c(##"[{"#": "x"}]"##, entryDefaults: ##"{"/": "/shop/*"}"##), "https://example.com/shop/1#x", .match),
        Row("component over details defaults", c(#"[{"/": "/A", "caseSensitive": true}]"#, entryDefaults: #"{"caseSensitive": false}"#), "https://example.com/a", .noMatch),
        Row("details defaults over applinks defaults", c(#"[{"/": "/A"}]"#, applinks: #""defaults": {"caseSensitive": true}"#, entryDefaults: #"{"caseSensitive": false}"#),
            "https://example.com/a", .match),
        Row("applinks defaults", c(#"[{"/": "/A"}]"#, applinks: #""defaults": {"caseSensitive": false}"#), "https://example.com/a", .match),
        // Wildcards.
        Row("? is one scalar", c(#"[{"/": "/caf?", "percentEncoded": false}]"#), "https://example.com/caf%C3%A9", .match),
        Row("? is not two", c(#"[{"/": "/a?"}]"#), "https://example.com/abc", .noMatch),
        Row("?* needs one", c(#"[{"/": "/a/?*"}]"#), "https://example.com/a", .noMatch),
        Row("?* at the end also matches the added slash", c(#"[{"/": "/a?*"}]"#), "https://example.com/a", .match),
        Row("*? needs one", c(#"[{"/": "/a*?"}]"#), "https://example.com/ab/c", .match),
        Row("** equals *", c(#"[{"/": "/a/**"}]"#), "https://example.com/a/b/c", .match),
        Row("* crosses /", c(#"[{"/": "/a*z"}]"#), "https://example.com/a/b/c/z", .match),
        // Path normalisation.
        Row("leading slash added", c(#"[{"/": "abc"}]"#), "https://example.com/abc", .match),
        Row("trailing slash added", c(#"[{"/": "/buy"}]"#), "https://example.com/buy/", .match),
        Row("/buy/* matches /buy", c(#"[{"/": "/buy/*"}]"#), "https://example.com/buy", .match),
        Row("/buy/* matches /buy/", c(#"[{"/": "/buy/*"}]"#), "https://example.com/buy/", .match),
        Row("/buy/* matches deeper", c(#"[{"/": "/buy/*"}]"#), "https://example.com/buy/42/x", .match),
        Row("/buy/* does not match /buyer", c(#"[{"/": "/buy/*"}]"#), "https://example.com/buyer", .noMatch),
        Row("/a/*/c does not match /a/c", c(#"[{"/": "/a/*/c"}]"#), "https://example.com/a/c", .noMatch),
        Row("double slashes collapse", c(#"[{"/": "/a//b"}]"#), "https://example.com/a/b", .match),
        Row("double slashes collapse in URLs", c(#"[{"/": "/a/b"}]"#), "https://example.com/a//b", .match),
        Row("empty path is /", c(#"[{"/": "/"}]"#), "https://example.com", .match),
        // Query.
        Row("string query must be whole", c(#"[{"?": "key=value"}]"#), "https://example.com/?key=value&extra=1", .noMatch),
        Row("string query", c(#"[{"?": "key=value"}]"#), "https://example.com/?key=value", .match),
        Row("missing query is empty", c(#"[{"?": ""}]"#), "https://example.com/a", .match),
        Row("missing query is not ?*", c(#"[{"?": "?*"}]"#), "https://example.com/a", .noMatch),
        Row("extra items allowed", c(#"[{"?": {"id": "42"}}]"#), "https://example.com/?x=1&id=42", .match),
        Row("every occurrence must match", c(#"[{"?": {"id": "42"}}]"#), "https://example.com/?id=7&id=42", .noMatch),
        Row("absent item is empty: * tolerates", c(#"[{"?": {"id": "*"}}]"#), "https://example.com/", .match),
        Row("absent item is empty: literal requires", c(#"[{"?": {"id": "42"}}]"#), "https://example.com/", .noMatch),
        Row("absent item is empty: ?* requires", c(#"[{"?": {"id": "?*"}}]"#), "https://example.com/?x=1", .noMatch),
        Row("item without = has empty value", c(#"[{"?": {"flag": ""}}]"#), "https://example.com/?flag", .match),
        Row("item without = fails ?*", c(#"[{"?": {"flag": "?*"}}]"#), "https://example.com/?flag", .noMatch),
        Row("keys are case-sensitive", c(#"[{"?": {"id": "42"}, "caseSensitive": false}]"#), "https://example.com/?ID=42", .noMatch),
        Row("values follow caseSensitive", c(#"[{"?": {"id": "ab"}, "caseSensitive": false}]"#), "https://example.com/?id=AB", .match),
        Row("no variables in keys", c(#"[{"?": {"$(digit)": "1"}}]"#), "https://example.com/?$(digit)=1", .match),
        Row("no variables in keys, literal", c(#"[{"?": {"$(digit)": "1"}}]"#), "https://example.com/?5=1", .noMatch),
        // Fragment.
        Row("* matches a URL without fragment", c(##"[{"#": "*"}]"##), "https://example.com/a", .match),
        Row("?* needs a fragment", c(##"[{"#": "?*"}]"##), "https://example.com/a", .noMatch),
        Row("fragment", c(##"[{"#": "top"}]"##), "https://example.com/a#top", .match),
        Row("# in a path never matches a fragment", c(##"[{"/": "/app#/settings"}]"##), "https://example.com/app#/settings", .noMatch),
        Row("SPA route with #", c(##"[{"/": "/app", "#": "/settings"}]"##), "https://example.com/app#/settings", .match),
        // caseSensitive.
        Row("case-sensitive by default", c(#"[{"/": "/Shop"}]"#), "https://example.com/shop", .noMatch),
        Row("ASCII folds", c(#"[{"/": "/Shop", "caseSensitive": false}]"#), "https://example.com/SHOP", .match),
        Row("Unicode folds", c(#"[{"/": "/CAFÉ", "caseSensitive": false, "percentEncoded": false}]"#), "https://example.com/caf%C3%A9", .match),
        Row("simple folding: final sigma", c(#"[{"/": "/σ", "caseSensitive": false, "percentEncoded": false}]"#), "https://example.com/%CF%82", .match),
        Row("variable names are case-sensitive", c(#"[{"/": "/$(Food)"}]"#, applinks: #""substitutionVariables": {"food": ["pizza"]}"#), "https://example.com/pizza", .noMatch),
        Row("variable values follow caseSensitive", c(#"[{"/": "/$(food)", "caseSensitive": false}]"#, applinks: #""substitutionVariables": {"food": ["pizza"]}"#),
            "https://example.com/PIZZA", .match),
        // percentEncoded.
        Row("space does not match %20", c(#"[{"/": "/a b"}]"#), "https://example.com/a%20b", .noMatch),
        Row("%20 matches %20", c(#"[{"/": "/a%20b"}]"#), "https://example.com/a%20b", .match),
        Row("%2F is not a separator", c(#"[{"/": "/a/b"}]"#), "https://example.com/a%2Fb", .noMatch),
        Row("decoded comparison", c(#"[{"/": "/a b", "percentEncoded": false}]"#), "https://example.com/a%20b", .match),
        Row("non-ASCII never matches encoded", c(#"[{"/": "/café"}]"#), "https://example.com/caf%C3%A9", .noMatch),
        Row("non-ASCII matches decoded", c(#"[{"/": "/café", "percentEncoded": false}]"#), "https://example.com/caf%C3%A9", .match),
        Row("hex case matters encoded", c(#"[{"/": "/caf%c3%a9"}]"#), "https://example.com/caf%C3%A9", .noMatch),
        Row("hex case matches as sent", c(#"[{"/": "/caf%C3%A9"}]"#), "https://example.com/caf%C3%A9", .match),
        Row("%XX decoded matches only %25XX", c(#"[{"/": "/a%41", "percentEncoded": false}]"#), "https://example.com/a%2541", .match),
        Row("%XX decoded does not match the character", c(#"[{"/": "/a%41", "percentEncoded": false}]"#), "https://example.com/aA", .noMatch),
        Row("malformed % never matches", c(#"[{"/": "/100%"}]"#), "https://example.com/100%25", .noMatch),
        // Substitution variables.
        Row("built-in alpha", c(#"[{"/": "/$(alpha)"}]"#), "https://example.com/q", .match),
        Row("built-in alpha is one letter", c(#"[{"/": "/$(alpha)"}]"#), "https://example.com/qq", .noMatch),
        Row("built-in upper", c(#"[{"/": "/$(upper)"}]"#), "https://example.com/q", .noMatch),
        Row("built-in lower", c(#"[{"/": "/$(lower)"}]"#), "https://example.com/q", .match),
        Row("built-in alnum", c(#"[{"/": "/$(alnum)$(alnum)"}]"#), "https://example.com/a1", .match),
        Row("built-in digit", c(#"[{"/": "/$(digit)"}]"#), "https://example.com/x", .noMatch),
        Row("built-in xdigit", c(#"[{"/": "/$(xdigit)$(xdigit)"}]"#), "https://example.com/fA", .match),
        Row("region lower case", c(#"[{"/": "/$(region)"}]"#), "https://example.com/gb", .match),
        Row("region mixed case", c(#"[{"/": "/$(region)"}]"#), "https://example.com/Gb", .noMatch),
        Row("lang", c(#"[{"/": "/$(lang)"}]"#), "https://example.com/fr", .match),
        Row("custom name with a space", c(#"[{"/": "/$(Canadian food)"}]"#, applinks: #""substitutionVariables": {"Canadian food": ["poutine", "maple syrup"]}"#),
            "https://example.com/poutine", .match),
        Row("custom value with wildcards", c(#"[{"/": "/$(v)"}]"#, applinks: #""substitutionVariables": {"v": ["a*z"]}"#), "https://example.com/a/b/z", .match),
        Row("single string value", c(#"[{"/": "/$(v)"}]"#, applinks: #""substitutionVariables": {"v": "one"}"#), "https://example.com/one", .match),
        Row("empty value matches empty", c(#"[{"/": "/x$(v)"}]"#, applinks: #""substitutionVariables": {"v": [""]}"#), "https://example.com/x", .match),
        Row("custom shadows built-in", c(#"[{"/": "/$(digit)"}]"#, applinks: #""substitutionVariables": {"digit": ["one"]}"#), "https://example.com/1", .noMatch),
        Row("custom shadows built-in, value", c(#"[{"/": "/$(digit)"}]"#, applinks: #""substitutionVariables": {"digit": ["one"]}"#), "https://example.com/one", .match),
        Row("value with $( is dropped", c(#"[{"/": "/$(v)"}]"#, applinks: #""substitutionVariables": {"v": ["$(digit)", "b"]}"#), "https://example.com/1", .noMatch),
        Row("other values stay", c(#"[{"/": "/$(v)"}]"#, applinks: #""substitutionVariables": {"v": ["$(digit)", "b"]}"#), "https://example.com/b", .match),
        Row("unterminated never matches", c(#"[{"/": "/a$(b"}]"#), "https://example.com/a$(b", .noMatch),
        Row("undefined never matches", c(#"[{"/": "/$(nope)"}]"#), "https://example.com/%24(nope)", .noMatch),
        Row("variable in fragment", c(##"[{"#": "$(digit)"}]"##), "https://example.com/#7", .match),
        Row("variable in string query", c(#"[{"?": "p=$(digit)"}]"#), "https://example.com/?p=7", .match),
        Row("variable in query value", c(#"[{"?": {"p": "$(digit)"}}]"#), "https://example.com/?p=x", .noMatch),
        Row("no rule without components", #"{"applinks": {"details": [{"appIDs": ["\#(app)"]}]}}"#, "https://example.com/", .noMatch),
    ]

    @Test(arguments: documentedExamples + observedBehaviours)
    func decision(_ row: Row) throws {
        #expect(try MatcherTestSupport.outcome(row.aasa, app: row.app, row.url) == row.expected)
    }

    @Test func hostIsComparedCaseInsensitively() throws {
        #expect(try LinkURL("https://WWW.Example.COM/a").isOnHost("www.example.com"))
        #expect(try !LinkURL("https://example.com/a").isOnHost("www.example.com"))
    }

    @Test func decisionNamesTheEntryAndTheRule() throws {
        let matcher = try MatcherTestSupport.matcher(Self.appleExample)
        let decision = matcher.decide(try LinkURL("https://example.com/help/website/faq"), appID: Self.app)
        #expect(decision.entry?.description == "/applinks/details/0")
        #expect(decision.decidingComponent?.pointer.description == "/applinks/details/0/components/2")
        #expect(decision.trace.map { $0.mismatch?.part } == [.fragment, .path, nil])
    }

    @Test func failedQueryItemIsNamed() throws {
        let matcher = try MatcherTestSupport.matcher(Self.appleExample)
        let decision = matcher.decide(try LinkURL("https://example.com/help/faq?articleNumber=12345"), appID: Self.app)
        let last = try #require(decision.trace.last?.mismatch)
        #expect(last.part == .queryItem("articleNumber"))
        #expect(last.compared == "12345")
    }
}
