import Foundation
import Testing

/// The `aasalint` binary on inputs built to make the pattern and rule-order machinery slow
/// (issue 14, items 3, 4, 5 and 9): thousands of rules that all meet, a wildcard before a
/// variable of thousands of values, `diff` of thousands of rules, and `--fix` of thousands of
/// edits. Each ends within the bounds of `HostileInputTests`, and where the analysis stops it
/// says so with a note or a message, never a guess. The same inputs took minutes and gigabytes
/// before the analysis shared one budget per file.
@Suite struct HostileAnalysisTests {
    static let appID = "ABCDE12345.com.example.app"
    /// A run that spends the whole budget of a file: about a second of processor time in a
    /// release build, half a minute or more in a debug build. Unbounded, the same runs took
    /// many minutes.
    static let wholeBudget = Duration.seconds(90)

    static func aasa(_ components: [String], variables: [String: [String]] = [:]) -> String {
        let definitions = variables.map { name, values in
            "\"\(name)\": [" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        let substitution = variables.isEmpty ? "" : "\"substitutionVariables\": {\(definitions.joined(separator: ", "))}, "
        return #"{"applinks": {\#(substitution)"details": [{"appIDs": ["\#(appID)"], "components": [\#(components.joined(separator: ", "))]}]}}"#
    }

    /// `count` distinct values of six URL characters, spread over 64 of them as random text
    /// would be: the automaton of `*$(v)` then has a state for nearly every prefix of a value.
    static func values(_ count: Int) -> [String] {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return (0..<count).map { index in
            var mixed = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15
            return String((0..<6).map { _ in
                defer { mixed >>= 6 }
                return alphabet[Int(mixed & 63)]
            })
        }
    }

    // MARK: Item 3: rules whose literal prefix is short

    /// `/*/i1`, `/*/i2`, ...: the index has only `/` to go by, so every rule meets every other;
    /// `/%1/*` likewise, since the key of an encoded pattern ends at its `%`. Comparing each with
    /// all before it took time and memory in the square of their number.
    @Test func thousandsOfRulesThatAllMeetEndAtTheFileBudget() throws {
        let folder = try Workspace("hostile")
        let count = 8_000
        try folder.write("wildcards/apple-app-site-association", Self.aasa((0..<count).map { #"{"/": "/*/i\#($0)"}"# }))
        try folder.write("percent/apple-app-site-association", Self.aasa((0..<count).map { #"{"/": "/%\#($0)/*"}"# }))
        try folder.write("exclusions/apple-app-site-association",
                         Self.aasa((0..<count).map { #"{"/": "/*/i\#($0)", "exclude": \#($0 % 2 == 1)}"# }))
        for name in ["wildcards", "percent", "exclusions"] {
            let lint = try folder.aasalint(["lint", "--no-config", name])
            lint.expectGraceful(status: 1, time: Self.wholeBudget, stderr: ["aasalint: note: the component-order analysis is incomplete in "])
        }
        let explained = try folder.aasalint(["match", "wildcards/apple-app-site-association", "--explain-order"])
        explained.expectGraceful(status: 0, time: Self.wholeBudget, stdout: ["not analysed: the file's analysis budget was spent before this component"])
    }

    // MARK: Item 4: a wildcard before a variable of thousands of values

    /// `*$(v)` with 6,000 values (a 60 KB file) took tens of seconds to compile, in lint, in
    /// `match --explain-order` and in `match` of one URL; values with wildcards, and a variable
    /// shared by hundreds of patterns, are the two other ways its automaton used to grow.
    @Test func aWildcardBeforeAVariableOfThousandsOfValuesIsBoundedWhereItIsCompiled() throws {
        let folder = try Workspace("hostile")
        let values = Self.values(6_000)
        try folder.write("plain/apple-app-site-association", Self.aasa([#"{"/": "*$(v)"}"#, #"{"/": "/a/*"}"#], variables: ["v": values]))
        try folder.write("wild/apple-app-site-association",
                         Self.aasa([#"{"/": "$(v)*$(v)"}"#, #"{"/": "/a/*"}"#], variables: ["v": (0..<3_000).map { "x\($0)*y" }]))
        try folder.write("shared/apple-app-site-association",
                         Self.aasa((0..<300).map { #"{"/": "*$(v)\#($0)"}"# } + [#"{"/": "/a/*"}"#], variables: ["v": Array(values.prefix(3_000))]))

        let plain = try folder.aasalint(["lint", "--no-config", "plain"])
        plain.expectGraceful(status: 1, stderr: ["the component-order analysis is incomplete for this component: a pattern of component 1 is too complex to analyse"])
        let wild = try folder.aasalint(["lint", "--no-config", "wild"])
        wild.expectGraceful(status: 1, stderr: ["a pattern of component 1 is too complex to analyse"])
        let shared = try folder.aasalint(["lint", "--no-config", "shared"])
        shared.expectGraceful(status: 1, time: Self.wholeBudget, stderr: ["aasalint: note: the component-order analysis"])

        let decided = try folder.aasalint(["match", "plain/apple-app-site-association", "https://example.com/a/b/" + values[4_321]])
        decided.expectGraceful(status: 0, stdout: ["\(Self.appID): match", #"{"/": "*$(v)"}"#])
        let fallingThrough = try folder.aasalint(["match", "shared/apple-app-site-association", "https://example.com/a/" + values[7] + "/"])
        fallingThrough.expectGraceful(status: 0, stdout: ["\(Self.appID): match", #"{"/": "/a/*"}"#])
        let explained = try folder.aasalint(["match", "plain/apple-app-site-association", "--explain-order"])
        explained.expectGraceful(status: 0, stdout: ["too complex"])
    }

    // MARK: Item 5: diff of thousands of rules

    /// 6,000 rules that all meet, reversed (126 KB a file): the index alone took a gigabyte.
    @Test func diffOfThousandsOfRulesThatAllMeetSaysItIsIncomplete() throws {
        let folder = try Workspace("hostile")
        let components = (0..<6_000).map { #"{"/": "/*/p\#($0)"}"# }
        try folder.write("old.json", Self.aasa(components))
        try folder.write("new.json", Self.aasa(components.reversed()))
        // Thousands of small groups, each changed: the budget is the whole comparison's.
        try folder.write("groups-old.json", Self.aasa((0..<6_000).map { #"{"/": "/g\#($0)/*a*b*c"}"# }))
        try folder.write("groups-new.json", Self.aasa((0..<6_000).map { #"{"/": "/g\#($0)/*a*c*b"}"# }))

        let reversed = try folder.aasalint(["diff", "old.json", "new.json"])
        reversed.expectGraceful(status: 1, stdout: ["\(Self.appID) (applinks): not compared completely: "])
        let groups = try folder.aasalint(["diff", "groups-old.json", "groups-new.json", "--format", "json"])
        groups.expectValidJSON(status: 1, time: Self.wholeBudget)
    }

    // MARK: Item 9: --fix of thousands of edits

    /// 20,000 components to fix (889 KB): each edit used to move the rest of the file.
    @Test func fixOfThousandsOfEditsIsOnePass() throws {
        let folder = try Workspace("hostile")
        let count = 20_000
        try folder.write("site/apple-app-site-association", Self.aasa((0..<count).map { #"{"/": "/caf%C3%A9/\#($0)"}"# }))
        let fix = try folder.aasalint(["lint", "--no-config", "--fix", "site"])
        // --fix lints the file to find its fixes and compiles it before and after them for the
        // proof, on top of the lint that reports what is left.
        fix.expectGraceful(status: 1, memory: 240 << 20)
        let fixed = try String(contentsOf: folder.url.appendingPathComponent("site/apple-app-site-association"), encoding: .utf8)
        #expect(fixed.components(separatedBy: #""percentEncoded": false"#).count == count + 1)
        #expect(fixed.contains(#"{"/": "/café/19999", "percentEncoded": false}"#))
        #expect(!fixed.contains("%C3%A9"))
    }
}
