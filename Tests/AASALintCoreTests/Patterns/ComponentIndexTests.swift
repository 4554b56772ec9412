@testable import AASALintCore
import Testing

/// The candidates `ComponentIndex` gives a URL: the components whose path start the URL's path
/// can expand, variables followed through their values; never the ones it cannot.
@Suite struct ComponentIndexTests {
    static let json = MatcherTestSupport.components(#"""
        [{"/": "/$(lang)/shop/*"}, {"/": "/shoes/*"}, {"/": "/$(region)/*"}, {"/": "*"}, {"/": "/SHOES/run"}, {"/": "/"}]
        """#, applinks: #""substitutionVariables": {"region": ["eu", "shoes/x"]}"#)

    func candidates(_ url: String) throws -> [Int] {
        let matcher = try MatcherTestSupport.matcher(Self.json)
        return ComponentIndex(entries: matcher.entries, variables: matcher.variables).candidates(in: 0, for: try LinkURL(url))
    }

    func expect(_ url: String, _ expected: [Int], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let found = try candidates(url)
        #expect(found == expected, "\(url)", sourceLocation: sourceLocation)
    }

    @Test func aVariableAtTheStartIsFollowedThroughItsValues() throws {
        try expect("https://example.com/fr/shop/1", [0, 3, 5])
        try expect("https://example.com/xx/shop/1", [3, 5])
        // eu is a language too.
        try expect("https://example.com/eu/shop/1", [0, 2, 3, 5])
    }

    @Test func literalStartsMeetInAnyCaseAndValuesThatExtendThemToo() throws {
        try expect("https://example.com/Shoes/run", [1, 3, 4, 5])
        try expect("https://example.com/shoes/x/1", [1, 2, 3, 5])
        try expect("https://example.com/shoes/1", [1, 3, 5])
    }

    @Test func aShortPathMeetsOnlyTheComponentsItCompletes() throws {
        try expect("https://example.com/", [3, 5])
        try expect("https://example.com/fr", [3, 5])
        try expect("https://example.com/shoe", [3, 5])
    }
}
