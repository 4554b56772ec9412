@testable import AASALintCore
import Testing

/// What `PathPatternScreen` lets through for one URL: patterns whose literal start and plain
/// variable values can spell the path (in any case), whole when they have no wildcard.
@Suite struct PathPatternScreenTests {
    static let variables = SubstitutionVariables([
        SubstitutionVariable(name: "v", pointer: .root, values: [Located("a", at: .root), Located("ab", at: .root)]),
        SubstitutionVariable(name: "any", pointer: .root, values: [Located("x*", at: .root)]),
    ])

    func mayMatch(_ pattern: String?, _ url: String, percentEncoded: Bool = true) throws -> Bool {
        var screen = PathPatternScreen(path: try LinkURL(url).path, variables: Self.variables)
        return screen.mayMatch(pattern, percentEncoded: percentEncoded)
    }

    @Test func literalTextMustSpellTheWholePathUnlessAWildcardEndsIt() throws {
        #expect(try mayMatch("/shoes", "https://example.com/Shoes/"))
        #expect(try !mayMatch("/shoes", "https://example.com/shoes/run"))
        #expect(try mayMatch("/shoes/*", "https://example.com/shoes/run"))
        #expect(try mayMatch("shoes//?", "https://example.com/shoes/r"))
        #expect(try !mayMatch("/boots/*", "https://example.com/shoes/run"))
        #expect(try mayMatch("", "https://example.com"))
        #expect(try mayMatch(nil, "https://example.com/anything"))
    }

    @Test func variablesAreFollowedThroughEachValueThatFits() throws {
        #expect(try mayMatch("/$(lang)/shop", "https://example.com/FR/shop"))
        #expect(try !mayMatch("/$(lang)/shop", "https://example.com/xx/shop"))
        // `a` then `b`, or `ab` then `b`: both lengths are followed.
        #expect(try mayMatch("/$(v)b", "https://example.com/ab"))
        #expect(try mayMatch("/$(v)b", "https://example.com/abb"))
        #expect(try !mayMatch("/$(v)b", "https://example.com/aab"))
        #expect(try mayMatch("/$(any)/z", "https://example.com/q/z"), "a value with a wildcard lets the pattern through")
    }

    @Test func aPercentEndsTheTextOnlyWhereTheEncodedPathIsCompared() throws {
        #expect(try mayMatch("/%41/x", "https://example.com/b/x"))
        #expect(try !mayMatch("/%41/x", "https://example.com/b/x", percentEncoded: false))
        #expect(try mayMatch("/é", "https://example.com/%C3%A9", percentEncoded: false))
    }
}
