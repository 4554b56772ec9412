@testable import AASALintCore
import Testing

/// The proof of AASA fixes: the semantic diff between the file before and after a fix may
/// show only what the fix declares.
@Suite struct FixProofTests {
    private static let app = "ABCDE12345.com.example.app"
    private static let text = #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/a/*"}]}]}}"#
    private let file = LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(text.utf8))

    /// A fix that rewrites `/a/*` as `/b/*`, declared as `effect`.
    private func session(effect: Fix.Effect) throws -> FixSession.Outcome {
        let node = try #require(file.root?.node(at: JSONPointer(tokens: ["applinks", "details", "0", "components", "0", "/"])))
        let edit = try #require(file.edit(replacingString: node, with: "/b/*"))
        let diagnostic = Diagnostic(ruleID: "test-rule", severity: .warning, message: "write /b/*", location: file.location(.root),
                                    fix: Fix("write \"/b/*\"", edits: [edit], effect: effect))
        let plan = RulePlan(fixed: try RuleSelection(registry: RuleRegistry([]), enable: [], disable: []))
        return FixSession(plan: plan).rounds { fixed in
            (fixed.isEmpty ? [diagnostic] : [], [DiscoveredFile(path: file.path, kind: .aasa)])
        } read: { _ in file.bytes }
    }

    @Test func aFixThatChangesMoreThanItSaysIsNotMade() throws {
        let outcome = try session(effect: .keepsMeaning)
        #expect(outcome.files.isEmpty)
        #expect(outcome.refusals.map(\.reason) == [
            "it would change more than it says (it should keep every URL's meaning): for \(Self.app) (applinks), "
                + "URLs that start opening the app, such as https://example.com/b/",
        ])
    }

    @Test func aFixThatChangesWhatItSaysIsMadeAndListed() throws {
        let declared = Fix.DeclaredChange("/b/ opens the app instead of /a/", appIDs: [Self.app], kinds: [.startsOpening, .stopsOpening])
        let outcome = try session(effect: .changesMeaning(declared))
        #expect(outcome.refusals.isEmpty)
        #expect(outcome.files.map { String(decoding: $0.fixed, as: UTF8.self) } == [Self.text.replacingOccurrences(of: "/a/*", with: "/b/*")])
        let changes = try #require(outcome.behaviourChanges.first)
        #expect(changes.statement == "/b/ opens the app instead of /a/")
        #expect(changes.changes.map(\.kind) == [.startsOpening, .stopsOpening])
        #expect(changes.changes.map { $0.exampleURLs.first } == ["https://example.com/b/", "https://example.com/a/"])
    }

    @Test func aDeclaredChangeForAnotherAppDoesNotCover() throws {
        let declared = Fix.DeclaredChange("another app changes", appIDs: ["ABCDE12345.com.example.other"])
        let outcome = try session(effect: .changesMeaning(declared))
        #expect(outcome.files.isEmpty)
        #expect(outcome.refusals.count == 1)
    }

    /// Issue 27, item 10: fixes made in one round are each held to their own declaration. `/a/*`
    /// to `/b/*` declares that URLs start and stop opening; `/c/*` to `/d/*` declares that it keeps
    /// every URL's meaning, and the union of the two declarations would have let it through.
    @Test func eachFixIsProvenAgainstItsOwnDeclaration() throws {
        let text = #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/a/*"}, {"/": "/c/*"}]}]}}"#
        let file = LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(text.utf8))
        func diagnostic(_ index: Int, writing pattern: String, effect: Fix.Effect) throws -> Diagnostic {
            let pointer = JSONPointer(tokens: ["applinks", "details", "0", "components", "\(index)", "/"])
            let node = try #require(file.root?.node(at: pointer))
            let edit = try #require(file.edit(replacingString: node, with: pattern))
            return Diagnostic(ruleID: "test-rule", severity: .warning, message: "write \(pattern)", location: file.location(pointer),
                              fix: Fix("write \"\(pattern)\"", edits: [edit], effect: effect))
        }
        let declared = Fix.DeclaredChange("/b/ opens the app instead of /a/", appIDs: [Self.app], kinds: [.startsOpening, .stopsOpening])
        let honest = try diagnostic(0, writing: "/b/*", effect: .changesMeaning(declared))
        let silent = try diagnostic(1, writing: "/d/*", effect: .keepsMeaning)
        let plan = RulePlan(fixed: try RuleSelection(registry: RuleRegistry([]), enable: [], disable: []))
        let outcome = FixSession(plan: plan).rounds { fixed in
            (fixed.isEmpty ? [honest, silent] : [], [DiscoveredFile(path: file.path, kind: .aasa)])
        } read: { _ in file.bytes }
        #expect(outcome.files.map { String(decoding: $0.fixed, as: UTF8.self) } == [text.replacingOccurrences(of: "/a/*", with: "/b/*")])
        #expect(outcome.refusals.map(\.diagnostic) == [silent])
        #expect(outcome.refusals.first?.reason.hasPrefix("it would change more than it says (it should keep every URL's meaning)") == true)
    }

    /// Issue 27, item 15: a round whose result has a finding the file did not have, on the text
    /// the round wrote, is undone and its fix refused; a new finding elsewhere (what a renamed
    /// key makes the system read) was there to see before, and the fix stays.
    @Test func aFixThatMakesAFindingOnWhatItWroteIsNotMade() throws {
        let pointer = JSONPointer(tokens: ["applinks", "details", "0", "components", "0", "/"])
        let node = try #require(file.root?.node(at: pointer))
        let edit = try #require(file.edit(replacingString: node, with: "/b/*"))
        let declared = Fix.DeclaredChange("/b/ opens the app instead of /a/", appIDs: [Self.app], kinds: [.startsOpening, .stopsOpening])
        let fixing = Diagnostic(ruleID: "test-rule", severity: .warning, message: "write /b/*", location: file.location(pointer),
                                fix: Fix("write \"/b/*\"", edits: [edit], effect: .changesMeaning(declared)))
        let plan = RulePlan(fixed: try RuleSelection(registry: RuleRegistry([]), enable: [], disable: []))
        for (onWritten, expectsFix) in [(true, false), (false, true)] {
            let outcome = FixSession(plan: plan).rounds { fixed in
                guard let now = fixed.first else { return ([fixing], [DiscoveredFile(path: file.path, kind: .aasa)]) }
                let place = onWritten ? now.location(pointer) : now.location(JSONPointer(tokens: ["applinks", "details", "0", "appIDs"]))
                return ([Diagnostic(ruleID: "made-rule", severity: .error, message: "made", location: place)], [DiscoveredFile(path: file.path, kind: .aasa)])
            } read: { _ in file.bytes }
            #expect(outcome.files.isEmpty != expectsFix)
            #expect(outcome.behaviourChanges.isEmpty != expectsFix)
            #expect(outcome.refusals.map(\.reason) == (expectsFix ? [] : ["it would make a finding the file did not have: 1:91 [made-rule] made"]))
        }
    }

    /// The proof compares only the groups of components a fix touches, found from those
    /// components: among hundreds that do not change, a fix is still held to its declaration,
    /// and what an unchanged component before it decides stays out of the changes. Here the
    /// exclusion of `/shop/sale/*` keeps deciding its URLs, and only the others of `/shop/*`
    /// become blocked, which a fix that says URLs stop opening does not cover.
    @Test func aFixAmongManyUnchangedComponentsIsHeldToItsDeclaration() throws {
        let others = (0..<400).map { #"{"/": "/g\#($0)/*"}"# }
        let components = others[..<200] + [#"{"/": "/shop/sale/*", "exclude": true}"#, #"{"/": "/shop/*"}"#] + others[200...]
        let text = #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [\#(components.joined(separator: ", "))]}]}}"#
        let file = LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(text.utf8))
        let pointer = JSONPointer(tokens: ["applinks", "details", "0", "components", "201"])
        let node = try #require(file.root?.node(at: pointer))
        let edit = file.edit(replacing: node.span, with: #"{"/": "/shop/*", "exclude": true}"#)
        let plan = RulePlan(fixed: try RuleSelection(registry: RuleRegistry([]), enable: [], disable: []))
        func outcome(declaring kinds: Set<BehaviourChange.Kind>) -> FixSession.Outcome {
            let declared = Fix.DeclaredChange("/shop/ is excluded", appIDs: [Self.app], kinds: kinds)
            let diagnostic = Diagnostic(ruleID: "test-rule", severity: .warning, message: "exclude /shop/", location: file.location(pointer),
                                        fix: Fix("exclude /shop/", edits: [edit], effect: .changesMeaning(declared)))
            return FixSession(plan: plan).rounds { fixed in
                (fixed.isEmpty ? [diagnostic] : [], [DiscoveredFile(path: file.path, kind: .aasa)])
            } read: { _ in file.bytes }
        }
        let wrong = outcome(declaring: [.stopsOpening])
        #expect(wrong.files.isEmpty)
        #expect(wrong.refusals.map(\.reason) == [
            "it would change more than it says (it should only change this: /shop/ is excluded): for \(Self.app) (applinks), "
                + "URLs that an exclusion now blocks, such as https://example.com/shop/",
        ])
        let honest = outcome(declaring: [.becomesBlocked])
        #expect(honest.refusals.isEmpty)
        #expect(honest.behaviourChanges.flatMap(\.changes).map(\.exampleURLs) == [["https://example.com/shop/"]])
    }
}
