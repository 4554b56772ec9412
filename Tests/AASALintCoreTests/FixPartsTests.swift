@testable import AASALintCore
import Testing

/// The parts `lint --fix` and `--diff` are made of, each on its own: the edits rules build
/// fixes from, the apps an edit touches, the unified diff, and the rounds' limits.
@Suite struct FixEditsTests {
    private static func file(_ text: String, kind: FileKind = .aasa) -> LintFile {
        LintFile(path: "file", kind: kind, bytes: Array(text.utf8))
    }

    private static func applied(_ edit: TextEdit?, to file: LintFile) throws -> String {
        String(decoding: TextEdit.applying([try #require(edit)], to: file.bytes), as: UTF8.self)
    }

    @Test func aJSONStringKeepsItsQuotesAndAPlistStringItsTags() throws {
        let json = Self.file(#"{"a": "old"}"#)
        let node = try #require(json.root?.node(at: JSONPointer(tokens: ["a"])))
        #expect(try Self.applied(json.edit(replacingString: node, with: "new"), to: json) == #"{"a": "new"}"#)

        let plist = Self.file("<plist><dict><key>a</key><string>old</string></dict></plist>", kind: .entitlements)
        let plistNode = try #require(plist.root?.node(at: JSONPointer(tokens: ["a"])))
        #expect(try Self.applied(plist.edit(replacingString: plistNode, with: "new"), to: plist)
            == "<plist><dict><key>a</key><string>new</string></dict></plist>")
    }

    /// An edit is offered only where it is certain: not over an escaped string, not with text
    /// that would need escaping.
    @Test func noEditWhereTheTextIsNotPlain() throws {
        let escaped = Self.file(#"{"a": "\u006fld"}"#)
        let node = try #require(escaped.root?.node(at: JSONPointer(tokens: ["a"])))
        #expect(escaped.edit(replacingString: node, with: "new") == nil)
        let plain = Self.file(#"{"a": "old"}"#)
        let plainNode = try #require(plain.root?.node(at: JSONPointer(tokens: ["a"])))
        for text in ["quote\"", "back\\slash", "<tag>", "&amp", "line\nbreak"] {
            #expect(plain.edit(replacingString: plainNode, with: text) == nil, "\(text)")
        }
    }

    @Test func aKeyIsRenamedWhateverEscapesItWasWrittenWith() throws {
        let file = Self.file(#"{"app\u0049ds": []}"#)
        let member = try #require(file.root?.members?.first)
        #expect(try Self.applied(file.edit(renaming: member, to: "appIDs"), to: file) == #"{"appIDs": []}"#)
        #expect(file.edit(renaming: member, to: "app\"IDs") == nil)
    }

    /// The separator goes with the element: from the end of the one before it, or for the
    /// first up to the next; the only element of a JSON array leaves `[]`.
    @Test(arguments: [
        (0, #"{"a": ["y", "z"]}"#),
        (1, #"{"a": ["x", "z"]}"#),
        (2, #"{"a": ["x", "y"]}"#),
    ])
    func anElementIsRemovedWithItsSeparator(index: Int, expected: String) throws {
        let file = Self.file(#"{"a": ["x", "y", "z"]}"#)
        let array = try #require(file.root?.node(at: JSONPointer(tokens: ["a"])))
        #expect(try Self.applied(file.edit(removingElement: index, of: array), to: file) == expected)
        #expect(file.edit(removingElement: 3, of: array) == nil)
    }

    @Test func theOnlyElementOfAJSONArrayLeavesItEmptyButAPlistKeepsIt() throws {
        let json = Self.file(#"{"a": ["x"]}"#)
        let array = try #require(json.root?.node(at: JSONPointer(tokens: ["a"])))
        #expect(try Self.applied(json.edit(removingElement: 0, of: array), to: json) == #"{"a": []}"#)

        let plist = Self.file("<plist><dict><key>a</key><array><string>x</string></array></dict></plist>", kind: .entitlements)
        let plistArray = try #require(plist.root?.node(at: JSONPointer(tokens: ["a"])))
        #expect(plist.edit(removingElement: 0, of: plistArray) == nil, "an empty <string> would stay")
        let two = Self.file("<plist><dict><key>a</key><array><string>x</string><string>y</string></array></dict></plist>", kind: .entitlements)
        let twoArray = try #require(two.root?.node(at: JSONPointer(tokens: ["a"])))
        #expect(try Self.applied(two.edit(removingElement: 1, of: twoArray), to: two)
            == "<plist><dict><key>a</key><array><string>x</string></array></dict></plist>")
    }

    /// Scalars are found in the bytes whatever escapes wrote them: `\u00e9` is one scalar.
    @Test func scalarsOfAStringAreReplacedThroughItsEscapes() throws {
        let file = Self.file(#"{"a": "caf\u00e9/x"}"#)
        let pointer = JSONPointer(tokens: ["a"])
        #expect(try Self.applied(file.edit(replacingScalars: 3..<4, inStringAt: pointer, with: "%C3%A9"), to: file) == #"{"a": "caf%C3%A9/x"}"#)
        #expect(file.edit(replacingScalars: 0..<1, inStringAt: JSONPointer(tokens: ["missing"]), with: "x") == nil)
    }
}

@Suite struct FixEffectsTests {
    private static func file(_ text: String) -> LintFile {
        LintFile(path: "apple-app-site-association", kind: .aasa, bytes: Array(text.utf8))
    }

    private static let pointer = JSONPointer(tokens: ["applinks", "details", "0", "components", "0"])

    @Test func theAppsOfTheEntryAnEditLiesIn() {
        let file = Self.file(#"{"applinks": {"details": [{"appIDs": ["A.one", "A.two"], "appID": "A.three", "components": [{"/": "/a"}]}]}}"#)
        #expect(file.appIDs(ofEntryContaining: Self.pointer) == ["A.one", "A.two", "A.three"])
    }

    /// A misspelt key names no app until a fix renames it; the proof asks as if it had been.
    @Test func renamedKeysCountAsTheirNewName() {
        let file = Self.file(#"{"applinks": {"details": [{"appIds": ["A.one"], "components": [{"/": "/a"}]}]}}"#)
        #expect(file.appIDs(ofEntryContaining: Self.pointer) == [])
        #expect(file.appIDs(ofEntryContaining: Self.pointer, renamed: ["appIds": "appIDs"]) == ["A.one"])
    }

    @Test func aDictionaryFormEntryIsKeyedByItsApp() {
        let file = Self.file(#"{"applinks": {"details": {"A.one": {"paths": ["/a"]}}}}"#)
        #expect(file.appIDs(ofEntryContaining: JSONPointer(tokens: ["applinks", "details", "A.one", "paths", "0"])) == ["A.one"])
    }

    /// Outside an entry an edit may touch every app: nil, not an empty set.
    @Test(arguments: [["applinks", "defaults"], ["applinks"], ["webcredentials", "apps", "0"], ["applinks", "details"]])
    func outsideAnEntryEveryAppMayChange(tokens: [String]) {
        let file = Self.file(#"{"applinks": {"defaults": {}, "details": [{"appIDs": ["A.one"]}]}, "webcredentials": {"apps": ["A.one"]}}"#)
        #expect(file.appIDs(ofEntryContaining: JSONPointer(tokens: tokens)) == nil)
    }
}

@Suite struct FixDiffTests {
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Three lines of context, and changes further apart than twice that make two hunks.
    @Test func hunksKeepThreeLinesOfContext() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 18\n", with: "")
        #expect(FixDiff.unified(path: "f", old: Self.bytes(old), new: Self.bytes(new)) == """
            --- f
            +++ f
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
             line 5
            @@ -15,6 +15,5 @@
             line 15
             line 16
             line 17
            -line 18
             line 19
             line 20

            """)
    }

    @Test func aMissingFinalNewlineIsSaidAsDiffSaysIt() {
        let diff = FixDiff.unified(path: "f", old: Self.bytes("a\nb"), new: Self.bytes("a\nc"))
        #expect(diff == "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
    }

    /// A CR LF file's diff changes only the lines the fixes changed, each with its own ending.
    @Test func linesKeepTheirOwnEndings() {
        let diff = FixDiff.unified(path: "f", old: Self.bytes("a\r\nb\r\nc\r\n"), new: Self.bytes("a\r\nB\r\nc\r\n"))
        #expect(diff == "--- f\n+++ f\n@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\r\n")
    }

    /// A hunk that only inserts into an empty file starts at line 0, as diff writes it.
    @Test func insertingIntoAnEmptyFile() {
        #expect(FixDiff.unified(path: "f", old: [], new: Self.bytes("a\n")) == "--- f\n+++ f\n@@ -0,0 +1,1 @@\n+a\n")
        #expect(FixDiff.unified(path: "f", old: Self.bytes("a\n"), new: Self.bytes("a\n")) == "--- f\n+++ f\n")
    }

    @Test(arguments: [
        ("plain/name.json", "plain/name.json"),
        ("with space", #""with space""#),
        ("new\nline", #""new\nline""#),
        ("quote\"and\\slash", #""quote\"and\\slash""#),
        ("escape\u{1B}[2J", #""escape\033[2J""#),
        ("café", #""caf\303\251""#),
    ])
    func headerNamesAreQuotedAsGitQuotesThem(path: String, header: String) {
        #expect(FixDiff.headerName(path) == header)
    }

    @Test func pathsPatchWouldSkipAreRefused() {
        #expect(FixDiff.refusal(ofPath: "/abs/apple-app-site-association")?.contains("absolute path") == true)
        #expect(FixDiff.refusal(ofPath: "site/../apple-app-site-association")?.contains("\"..\"") == true)
        #expect(FixDiff.refusal(ofPath: "site/..well-known/apple-app-site-association") == nil)
    }
}

@Suite struct FixRoundsTests {
    /// No rules: the findings are those the tests' lints make.
    private let plan: RulePlan

    init() throws {
        plan = RulePlan(fixed: try RuleSelection(registry: RuleRegistry([]), enable: [], disable: []))
    }

    /// A finding whose fix inserts `text` at `offset` of an entitlements file (no proof needed).
    private static func inserting(_ text: String, at offset: Int, in file: LintFile, rule: String = "test-rule") -> Diagnostic {
        Diagnostic(ruleID: rule, severity: .warning, message: "insert \(text)", location: file.location(offset: offset),
                   fix: Fix("insert \(text)", edits: [file.edit(replacing: offset..<offset, with: text)]))
    }

    /// A rule that is never satisfied stops after `maximumRounds` rounds, with its finding left.
    @Test func roundsStopAtTheLimit() {
        let original = LintFile(path: "App.entitlements", kind: .entitlements, bytes: Array("x".utf8))
        var lints = 0
        let outcome = FixSession(plan: plan).rounds { fixed in
            lints += 1
            let file = fixed.first ?? original
            return ([Self.inserting("+", at: 0, in: file)], [DiscoveredFile(path: file.path, kind: .entitlements)])
        } read: { _ in original.bytes }
        #expect(lints == FixSession.maximumRounds + 1)
        #expect(outcome.files.map { String(decoding: $0.fixed, as: UTF8.self) } == [String(repeating: "+", count: FixSession.maximumRounds) + "x"])
        #expect(outcome.fixCount == FixSession.maximumRounds)
        #expect(outcome.remainingSafe == 1)
    }

    /// Two fixes that insert at the same place cannot both be made in one round (their order
    /// would decide the result): the second waits, and the next round's lint decides.
    @Test func overlappingEditsWaitForTheNextRound() {
        let original = LintFile(path: "App.entitlements", kind: .entitlements, bytes: Array("x".utf8))
        var rounds: [String] = []
        let outcome = FixSession(plan: plan).rounds { fixed in
            let file = fixed.first ?? original
            let text = String(decoding: file.bytes, as: UTF8.self)
            rounds.append(text)
            var findings: [Diagnostic] = []
            if !text.contains("a") { findings.append(Self.inserting("a", at: 0, in: file, rule: "rule-a")) }
            if !text.contains("b") { findings.append(Self.inserting("b", at: 0, in: file, rule: "rule-b")) }
            return (findings, [DiscoveredFile(path: file.path, kind: .entitlements)])
        } read: { _ in original.bytes }
        #expect(rounds == ["x", "ax", "bax"])
        #expect(outcome.fixCount == 2)
        #expect(outcome.remainingSafe == 0 && outcome.refusals.isEmpty)
    }

    /// Unsafe fixes are counted, not made, unless asked for.
    @Test func unsafeFixesWaitToBeAskedFor() {
        let original = LintFile(path: "App.entitlements", kind: .entitlements, bytes: Array("x".utf8))
        let unsafe = Diagnostic(ruleID: "test-rule", severity: .warning, message: "m", location: original.location(offset: 0),
                                fix: Fix("insert", isSafe: false, edits: [original.edit(replacing: 0..<0, with: "u")]))
        for applies in [false, true] {
            let outcome = FixSession(plan: plan, appliesUnsafeFixes: applies).rounds { fixed in
                (fixed.isEmpty ? [unsafe] : [], [DiscoveredFile(path: original.path, kind: .entitlements)])
            } read: { _ in original.bytes }
            #expect(outcome.fixCount == (applies ? 1 : 0))
            #expect(outcome.remainingUnsafe == (applies ? 0 : 1))
        }
    }
}
