@testable import AASALintCore
import Testing

/// The autofix of `percent-encoded-unicode`: only the affected strings and the component's
/// closing change; anything it cannot fix safely leaves the whole file alone.
@Suite struct PercentEncodingFixTests {
    func fix(_ text: String) -> (outcome: PercentEncodingFix.Outcome, text: String?) {
        let outcome = PercentEncodingFix.apply(to: Array(text.utf8))
        if case .fixed(let bytes) = outcome { return (outcome, String(decoding: bytes, as: UTF8.self)) }
        return (outcome, nil)
    }

    @Test func rewritesTheStringsAndAddsPercentEncodedFalse() {
        let input = """
            {"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [
              {"/": "/caf%C3%A9/*", "?": {"q": "cr%C3%A8me%20br%c3%bbl%C3%A9e"}},
              {"/": "/a%20b", "comment": "untouched"}
            ]}]}}
            """
        #expect(fix(input).text == """
            {"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [
              {"/": "/café/*", "?": {"q": "crème brûlée"}, "percentEncoded": false},
              {"/": "/a%20b", "comment": "untouched"}
            ]}]}}
            """)
    }

    @Test func keepsTheLayoutOfMultiLineComponentsAndReplacesAnExplicitTrue() {
        let input = """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": ["ABCDE1234X.com.example.shop"],
                    "components": [
                      {
                        "/": "/\\u0063af%C3%A9/*",
                        "#": "x"
                      },
                      {"/": "/stra%C3%9Fe", "percentEncoded": true}
                    ]
                  }
                ]
              }
            }
            """
        #expect(fix(input).text == """
            {
              "applinks": {
                "details": [
                  {
                    "appIDs": ["ABCDE1234X.com.example.shop"],
                    "components": [
                      {
                        "/": "/\\u0063afé/*",
                        "#": "x",
                        "percentEncoded": false
                      },
                      {"/": "/straße", "percentEncoded": false}
                    ]
                  }
                ]
              }
            }
            """)
    }

    @Test func theFixedFileMatchesWhatTheOriginalMatchedAndMore() throws {
        let input = #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [{"/": "/caf%C3%A9/*"}]}]}}"#
        let fixed = try #require(fix(input).text)
        for url in ["https://example.com/caf%C3%A9/x", "https://example.com/caf%c3%a9/x"] {
            #expect(try MatcherTestSupport.outcome(fixed, app: "ABCDE1234X.com.example.shop", url) == .match)
        }
        #expect(try MatcherTestSupport.outcome(input, app: "ABCDE1234X.com.example.shop", "https://example.com/caf%c3%a9/x") == .noMatch)
    }

    @Test(arguments: [
        #"{"/": "/caf%C3%A9/a%2Fb"}"#,
        #"{"/": "/caf%C3%A9/100%"}"#,
        #"{"/": "/caf%C3%A9/a b"}"#,
        #"{"/": "/caf%C3%A9/$(v)"}"#,
        #"{"/": "/caf%C3%A9", "percentEncoded": true, "percentEncoded": true}"#,
    ])
    func refusesWhatWouldChangeMeaning(component: String) {
        let input = #"{"applinks": {"substitutionVariables": {"v": ["a"]}, "details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [\#(component)]}]}}"#
        guard case .refused = fix(input).outcome else {
            Issue.record("fixed \(component)")
            return
        }
    }

    @Test func refusesWherePercentEncodedCannotBeSetAlone() {
        let legacy = #"{"applinks": {"details": [{"appID": "ABCDE1234X.com.example.shop", "paths": ["/caf%C3%A9"]}]}}"#
        let defaults = #"{"applinks": {"defaults": {"/": "/caf%C3%A9"}, "details": []}}"#
        let invalid = #"{"applinks": {"details": [{"/": "/caf%C3%A9"}}"#
        for input in [legacy, defaults, invalid] {
            guard case .refused = fix(input).outcome else {
                Issue.record("fixed \(input)")
                continue
            }
        }
    }

    /// Many components, each with edits inside its strings and at its closing, made in one
    /// pass: every byte between them stays as it was.
    @Test func fixesEveryComponentOfALargeFile() {
        let components = (0..<500).map { ##"{"/": "/caf%C3%A9/\##($0)", "#": "na%C3%AFve"}"## }
        let fixedComponents = (0..<500).map { ##"{"/": "/café/\##($0)", "#": "naïve", "percentEncoded": false}"## }
        let document = { (components: [String]) in
            #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [\#(components.joined(separator: ",\n  "))]}]}}"#
        }
        #expect(fix(document(components)).text == document(fixedComponents))
    }

    /// Of several components it cannot fix, the refusal names the first in pointer order
    /// (`/10` before `/2`), whatever the order of hashing.
    @Test func aRefusalNamesTheFirstComponentInPointerOrder() {
        let components = (0..<12).map { [2, 10].contains($0) ? #"{"/": "/caf%C3%A9/\#($0)/100%"}"# : #"{"/": "/caf%C3%A9/\#($0)"}"# }
        let input = #"{"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [\#(components.joined(separator: ", "))]}]}}"#
        #expect(fix(input).outcome == .refused(#"/applinks/details/0/components/10/~1 holds a "%" that is not an escape"#))
    }

    @Test func nothingToFixLeavesTheFile() {
        #expect(fix(#"{"applinks": {"details": [{"appIDs": ["A"], "components": [{"/": "/a%20b"}, {"/": "/café", "percentEncoded": false}]}]}}"#).outcome == .unchanged)
    }
}

/// The whole-file form of the fix, as `lint --fix` applied it before fixes became edits: every
/// component's edits, or the first refusal. The tests below pin the edits through it.
extension PercentEncodingFix {
    enum Outcome: Equatable, Sendable {
        case unchanged
        case fixed([UInt8])
        /// Why the file was left alone, for the user.
        case refused(String)
    }

    static func apply(to bytes: [UInt8]) -> Outcome {
        let file = LintFile(path: "", kind: .aasa, bytes: bytes)
        guard file.root != nil, case .success? = file.json else {
            return .refused("the file is not valid JSON")
        }
        let patternsByOwner = patternsByOwner(in: file)
        // In pointer order, so that a refusal names the same place whatever the hashing; each
        // pointer is written out once rather than at every comparison.
        let owners = patternsByOwner.filter { $0.value.contains(where: needsFix) }.keys
            .map { (text: $0.description, owner: $0) }.sorted { $0.text < $1.text }.map(\.owner)
        var fileEdits: [TextEdit] = []
        for owner in owners {
            switch edits(forComponentAt: owner, patterns: patternsByOwner[owner] ?? [], in: file) {
            case .success(let componentEdits): fileEdits += componentEdits
            case .failure(let refusal): return .refused(refusal.reason)
            }
        }
        guard !fileEdits.isEmpty else { return .unchanged }
        return .fixed(TextEdit.applying(fileEdits, to: bytes))
    }
}
