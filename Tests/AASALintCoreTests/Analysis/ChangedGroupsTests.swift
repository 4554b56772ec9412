@testable import AASALintCore
import Testing

/// The groups the semantic diff compares, found from the components a change touches: they are
/// exactly the groups of the index of every component that hold a changed component, and
/// every other group holds the same components in the same order in both files.
@Suite struct ChangedGroupsTests {
    private static let app = "ABCDE12345.com.example.app"
    private static let segments = ["shop", "help", "a", "A", "*", "?", "$(digit)", "$(region)", "US", "a*", "sale"]

    private static func component(random: inout SeededRandom) -> String {
        var members: [String] = []
        if random.next(below: 8) > 0 {
            let path = (0..<(1 + random.next(below: 3))).map { _ in segments[random.next(below: segments.count)] }
            members.append("\"/\": \"/\(path.joined(separator: "/"))\"")
        }
        if random.next(below: 4) == 0 { members.append("\"?\": {\"k\": \"?*\"}") }
        if random.next(below: 3) == 0 { members.append("\"exclude\": true") }
        if random.next(below: 4) == 0 { members.append("\"caseSensitive\": false") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// `components` after one to three edits of the kinds fixes make: a component rewritten,
    /// removed, added, or two swapped.
    private static func edited(_ components: [String], random: inout SeededRandom) -> [String] {
        var result = components
        for _ in 0..<(1 + random.next(below: 3)) {
            let place = random.next(below: result.count)
            switch random.next(below: 4) {
            case 0: result[place] = component(random: &random)
            case 1 where result.count > 1: result.remove(at: place)
            case 2: result.insert(component(random: &random), at: place)
            default: result.swapAt(place, random.next(below: result.count))
            }
        }
        return result
    }

    private static func components(_ list: [String]) throws -> (components: [CompiledComponent], variables: SubstitutionVariables) {
        let json = #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [\#(list.joined(separator: ", "))]}]}}"#
        let matcher = try #require(AASAMatcher(file: LintFile(path: "generated.json", kind: .aasa, bytes: Array(json.utf8)), determinisesEagerly: false))
        return (try #require(matcher.entries.first?.components), matcher.variables)
    }

    @Test(arguments: 0..<300)
    func theGroupsAreThoseOfTheWholeIndexThatChanged(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) + 50_000)
        let before = (0..<(3 + random.next(below: 20))).map { _ in Self.component(random: &random) }
        let (old, oldVariables) = try Self.components(before)
        let (new, newVariables) = try Self.components(Self.edited(before, random: &random))
        let changed = ChangedGroups(old: old, new: new, oldVariables: oldVariables, newVariables: newVariables)
        let found = try #require(changed.groups())

        let vocabulary = PathKeyVocabulary()
        var oldKeys = PathKeyBuilder(variables: oldVariables, vocabulary: vocabulary)
        var newKeys = PathKeyBuilder(variables: newVariables, vocabulary: vocabulary)
        let everyGroup = ComponentKeyIndex(keys: old.map { oldKeys.key(of: $0) } + new.map { newKeys.key(of: $0) }, vocabulary: vocabulary).groups()
        let unmatched = Set(changed.unmatched)
        #expect(found == everyGroup.filter { $0.contains(where: unmatched.contains) }, "seed \(seed)")
        for group in everyGroup where !group.contains(where: unmatched.contains) {
            let before = group.filter { $0 < old.count }.map { old[$0].summary }
            let after = group.filter { $0 >= old.count }.map { new[$0 - old.count].summary }
            #expect(before == after, "seed \(seed): \(group)")
        }
    }

    @Test func componentsAtTheirPlaceArePairedAndTheRestIsNot() throws {
        let (old, variables) = try Self.components([#"{"/": "/a"}"#, #"{"/": "/b"}"#, #"{"/": "/c"}"#, #"{"/": "/d"}"#])
        let (renamed, _) = try Self.components([#"{"/": "/a"}"#, #"{"/": "/b", "caseSensitive": false}"#, #"{"/": "/c"}"#, #"{"/": "/d"}"#])
        #expect(ChangedGroups(old: old, new: renamed, oldVariables: variables, newVariables: variables).unmatched == [1, 5])
        // A component moved: those between its two places are not at their place any more.
        let (moved, _) = try Self.components([#"{"/": "/a"}"#, #"{"/": "/d"}"#, #"{"/": "/b"}"#, #"{"/": "/c"}"#])
        #expect(ChangedGroups(old: old, new: moved, oldVariables: variables, newVariables: variables).unmatched == [1, 2, 3, 5, 6, 7])
    }

    /// The same pattern text is another component when the files give its variable other values.
    @Test func aVariableWithOtherValuesChangesTheComponentsThatNameIt() throws {
        func file(_ values: String) throws -> AASAMatcher {
            let json = #"{"applinks": {"substitutionVariables": {"v": [\#(values)]}, "details": [{"appIDs": ["\#(Self.app)"], "#
                + #""components": [{"/": "/$(v)/*"}, {"/": "/other/*"}]}]}}"#
            return try #require(AASAMatcher(file: LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(json.utf8))))
        }
        let difference = SemanticDiff(old: try file(#""a""#), new: try file(#""b""#))
        #expect(difference.changes.map(\.kind) == [.startsOpening, .stopsOpening])
        #expect(difference.changes.map(\.exampleURLs) == [["https://example.com/b/"], ["https://example.com/a/"]])
    }
}
