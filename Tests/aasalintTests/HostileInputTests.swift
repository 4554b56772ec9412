import AASALintTestSupport
import Foundation
import Testing

/// The `aasalint` binary on inputs built to break it: absurd nesting and sizes, invalid
/// encodings, entity and alias bombs, patterns that make backtracking matchers explode,
/// file-system traps, and text that would drive a terminal. However hostile the input, a run
/// ends by itself with exit status 0, 1 or 2 (never a signal), within bounds of time and memory,
/// with findings or an error that says what is wrong; text output never passes on a control
/// character, and JSON and SARIF output stay valid JSON.
///
/// Inputs are generated in a temporary folder. Time bounds are for a debug build on a busy CI
/// machine: they catch what is quadratic or worse, not what is a little slow.
@Suite struct HostileInputTests {
    static let megabyte = 1024 * 1024

    // MARK: Size and shape

    @Test func nestingOf100000LevelsIsRefusedAtTheDepthLimit() throws {
        let folder = try Workspace("hostile")
        let levels = 100_000
        try folder.write("arrays/apple-app-site-association", String(repeating: "[", count: levels) + String(repeating: "]", count: levels))
        try folder.write("objects/apple-app-site-association", String(repeating: "{\"a\":", count: levels) + "1" + String(repeating: "}", count: levels))
        try folder.write("deep.entitlements", Self.plist(String(repeating: "<array>", count: levels) + String(repeating: "</array>", count: levels)))
        try folder.write("deep.yml", "rules: " + String(repeating: "[", count: levels) + String(repeating: "]", count: levels) + "\n")

        let lint = try folder.aasalint(["lint", "--no-config", "arrays", "objects", "deep.entitlements"])
        lint.expectGraceful(status: 1, stdout: ["nested more than 512 levels deep"])
        #expect(lint.output.standardOutput.components(separatedBy: "nesting deeper than 512 levels").count == 3, "\(lint)")
        let configuration = try folder.aasalint(["lint", "--config", "deep.yml", "arrays"])
        configuration.expectGraceful(status: 2, stderr: ["deep.yml:1:", "nesting deeper than 256 levels"])
        let match = try folder.aasalint(["match", "objects/apple-app-site-association", "https://example.com/"])
        match.expectGraceful(status: 2, stderr: ["nesting deeper than 512 levels"])
    }

    /// The file is sparse: it takes no disk space, and reading it whole would take 200 MB of memory.
    @Test func fileOf200MegabytesIsRefusedBeforeItIsRead() throws {
        let folder = try Workspace("hostile")
        let size = 200 * Self.megabyte
        try folder.sparseFile("big/apple-app-site-association", size: size)
        try folder.sparseFile("big.entitlements", size: size)
        try folder.sparseFile("big.yml", size: size)
        try folder.symbolicLink("linked/apple-app-site-association", to: "../big/apple-app-site-association")
        let unread = 100 * Self.megabyte

        let lint = try folder.aasalint(["lint", "--no-config", "big", "big.entitlements", "linked"])
        lint.expectGraceful(status: 1, memory: unread, stdout: ["big/apple-app-site-association", "big.entitlements", "linked/apple-app-site-association"]
            .map { "\($0):1:1: error: the file is \(size) bytes" })
        let match = try folder.aasalint(["match", "linked/apple-app-site-association", "https://example.com/"])
        match.expectGraceful(status: 2, memory: unread, stderr: ["linked/apple-app-site-association: the file is", "more than aasalint reads"])
        let configuration = try folder.aasalint(["lint", "--config", "big.yml", "big"])
        configuration.expectGraceful(status: 2, memory: unread, stderr: ["big.yml: the configuration file is \(size) bytes"])
        // Standard input is read as a stream, up to the limit and no further.
        let standardInput = try folder.aasalint(["lint", "--no-config", "-"], standardInput: "big/apple-app-site-association")
        standardInput.expectGraceful(status: 1, memory: unread, stdout: ["<stdin>:1:1: error: the file is \(size) bytes"])
        let diff = try folder.aasalint(["diff", "-", "big/apple-app-site-association"], standardInput: "big/apple-app-site-association")
        diff.expectGraceful(status: 2, memory: unread, stderr: ["<stdin>: the file is over"])
    }

    @Test func stringsOfAMegabyte() throws {
        let folder = try Workspace("hostile")
        let long = String(repeating: "a", count: Self.megabyte)
        try folder.write("apple-app-site-association", #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.\#(long)"], "components": [{"/": "/x"}]}]}, "\#(long)": 1}"#)
        try folder.write("long.entitlements", Self.plist("<dict><key>com.apple.developer.associated-domains</key><array><string>applinks:\(long).com</string></array></dict>"))
        try folder.write("long.yml", "include: [\"\(long)\"]\n")

        let lint = try folder.aasalint(["lint", "--no-config", "apple-app-site-association", "long.entitlements"])
        lint.expectGraceful(status: 1, memory: 200 * Self.megabyte, stdout: ["[unknown-key]", "long.entitlements:3:"])
        for format in ["json", "sarif"] {
            try folder.aasalint(["lint", "--no-config", "--format", format, "apple-app-site-association"]).expectValidJSON(status: 1)
        }
        let configuration = try folder.aasalint(["lint", "--config", "long.yml", "apple-app-site-association"])
        configuration.expectGraceful(status: 2, stderr: ["long.yml: the configuration file is"])
    }

    /// A pattern of a megabyte would compile into a megabyte of automaton states; files over
    /// `LintFile.compilationLimit` are not compiled (Apple ignores files over 128 KB).
    @Test func patternOfAMegabyte() throws {
        let folder = try Workspace("hostile")
        try folder.write("apple-app-site-association",
                         #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/\#(String(repeating: "a", count: Self.megabyte))"}]}]}}"#)
        let lint = try folder.aasalint(["lint", "--no-config", "apple-app-site-association"], deadline: .seconds(10))
        lint.expectGraceful(status: 1, time: .seconds(5), memory: 200 * Self.megabyte,
                            stderr: ["the component-order analysis was skipped: the file is"])
    }

    /// Apple ignores a file over 128 KB; one of megabytes is still read and checked, but its
    /// rules are not compiled or compared.
    @Test func megabytesOfRealisticRules() throws {
        let folder = try Workspace("hostile")
        let shapes = [#"{"/": "/$(lang)/product/%d/*"}"#, #"{"/": "/help/%d/*", "exclude": true}"#,
                      #"{"/": "/store/*/item%d", "?": {"ref": "?*"}}"#, #"{"/": "/blog/%d/??*"}"#]
        let components = (0..<40_000).map { shapes[$0 % shapes.count].replacingOccurrences(of: "%d", with: String($0)) }
        try folder.write("apple-app-site-association",
                         #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components.joined(separator: ",\n"))]}]}}"#)
        let lint = try folder.aasalint(["lint", "--no-config", "apple-app-site-association"], deadline: .seconds(15))
        lint.expectGraceful(status: 1, time: .seconds(10), stderr: ["the component-order analysis was skipped: the file is"])
    }

    @Test func patternAtAppleSizeLimitCompiles() throws {
        let folder = try Workspace("hostile")
        try folder.write("apple-app-site-association",
                         #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/\#(String(repeating: "a", count: 128 * 1024))"}]}]}}"#)
        try folder.aasalint(["lint", "--no-config", "apple-app-site-association"]).expectGraceful(status: 1, memory: 300 * Self.megabyte)
    }

    @Test func hundredThousandKeysInOneAASAObject() throws {
        let folder = try Workspace("hostile")
        let keys = 100_000
        // On one line, as minified files are: every finding's column is on that line.
        try folder.write("apple-app-site-association", "{" + (0..<keys).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}")

        let text = try folder.aasalint(["lint", "--no-config", "--snippet", "apple-app-site-association"])
        // Reports are written as they are made: 100,000 findings are never held as text.
        text.expectGraceful(status: 1, memory: 300 * Self.megabyte)
        #expect(text.output.standardOutput.components(separatedBy: "[unknown-key]").count == keys + 1, "\(text.output.standardOutput.suffix(300))")
        // GitHub rejects a run of more than 25,000 results; the report says what it left out.
        let sarif = try folder.aasalint(["lint", "--no-config", "--format", "sarif", "apple-app-site-association"])
        let run = (sarif.expectValidJSON(status: 1, memory: 300 * Self.megabyte)?["runs"] as? [[String: Any]])?.first
        #expect((run?["results"] as? [Any])?.count == 25_000)
        let notifications = (run?["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]
        let notice = (notifications?.first?["message"] as? [String: Any])?["text"] as? String
        let counts = try #require(notice?.firstMatch(of: /^(\d+) of (\d+) findings are left out/), "\(notice ?? "no notification")")
        #expect((Int(counts.output.2) ?? 0) >= keys)
        #expect((Int(counts.output.2) ?? 0) - (Int(counts.output.1) ?? 0) == 25_000)
    }

    @Test func hundredThousandKeysInEntitlementsAndConfiguration() throws {
        let folder = try Workspace("hostile")
        let keys = 100_000
        try folder.write("keys.entitlements", Self.plist("<dict>" + (0..<keys).map { "<key>k\($0)</key><true/>" }.joined() + "</dict>"))
        try folder.write("keys.yml", (0..<keys).map { "k\($0): 1\n" }.joined())

        try folder.aasalint(["lint", "--no-config", "keys.entitlements"]).expectGraceful(status: 0)
        let configuration = try folder.aasalint(["lint", "--config", "keys.yml", "keys.entitlements"])
        configuration.expectGraceful(status: 2, memory: 300 * Self.megabyte, stderr: ["keys.yml:100000:1: error: unknown key 'k99999'"])
    }

    // MARK: Encodings

    @Test func invalidUTF8WhereverAStringCanAppear() throws {
        let folder = try Workspace("hostile")
        let invalid: [UInt8] = [0xFF, 0xC3, 0x28]
        let aasa: [(String, String)] = [
            ("key", #"{"applinks\#u{0}": {"details": []}}"#),
            ("app-id", #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.\#u{0}"], "components": []}]}}"#),
            ("pattern", #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/\#u{0}/*"}]}]}}"#),
            ("query", #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"?": {"\#u{0}": "?*"}}]}]}}"#),
            ("variable", #"{"applinks": {"substitutionVariables": {"v": ["\#u{0}"]}, "details": []}}"#),
        ]
        for (name, template) in aasa {
            try folder.write("\(name)/apple-app-site-association", Self.replacingNUL(in: template, with: invalid))
        }
        try folder.write("key.entitlements", Self.replacingNUL(in: Self.plist("<dict><key>\u{0}</key><true/></dict>"), with: invalid))
        try folder.write("string.entitlements", Self.replacingNUL(in: Self.plist("<dict><key>k</key><string>\u{0}</string></dict>"), with: invalid))
        try folder.write("key.yml", Self.replacingNUL(in: "rules:\n  \u{0}: off\n", with: invalid))
        try folder.write("value.yml", Self.replacingNUL(in: "include: [\"\u{0}\"]\n", with: invalid))

        let lint = try folder.aasalint(["lint", "--no-config"] + aasa.map(\.0) + ["key.entitlements", "string.entitlements"])
        lint.expectGraceful(status: 1, stdout: aasa.map { "\($0.0)/apple-app-site-association:1:" })
        #expect(lint.output.standardOutput.components(separatedBy: "[invalid-utf8]").count == aasa.count + 1, "\(lint)")
        #expect(lint.output.standardOutput.components(separatedBy: "invalid UTF-8 at byte offset").count == 3, "\(lint)")
        for format in ["json", "sarif"] {
            try folder.aasalint(["lint", "--no-config", "--format", format] + aasa.map(\.0)).expectValidJSON(status: 1)
        }
        for configuration in ["key.yml", "value.yml"] {
            let run = try folder.aasalint(["lint", "--config", configuration, "key"])
            run.expectGraceful(status: 2, stderr: ["\(configuration):", "invalid leading UTF-8 octet (byte 0x"])
        }
        let match = try folder.aasalint(["match", "pattern/apple-app-site-association", "https://example.com/"])
        match.expectGraceful(status: 2, stderr: ["invalid UTF-8"])
    }

    /// Foundation cannot name an entry whose name is not UTF-8, so it cannot look inside.
    @Test func folderNameThatIsNotUTF8() throws {
        let folder = try Workspace("hostile")
        try folder.write("good/apple-app-site-association", #"{"applinks": {"details": []}}"#)
        // macOS file systems refuse such names; there is nothing to test there.
        guard folder.makeFolder(rawName: Array("bad".utf8) + [0xFF, 0xFE]) else { return }
        let lint = try folder.aasalint(["lint", "--no-config", "."])
        lint.expectGraceful(status: 2, stdout: ["good/apple-app-site-association"], stderr: ["its name is not valid UTF-8"])
    }

    @Test func byteOrderMarks() throws {
        let folder = try Workspace("hostile")
        let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]
        try folder.write("utf8/apple-app-site-association", utf8BOM + Array(#"{"applinks": {"details": []}}"#.utf8))
        try folder.write("utf16/apple-app-site-association", [0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        try folder.write("bom.entitlements", utf8BOM + Array(Self.plist("<dict/>").utf8))
        try folder.write("bom.yml", utf8BOM + Array("rules: {}\n".utf8))

        let lint = try folder.aasalint(["lint", "--config", "bom.yml", "utf8", "utf16", "bom.entitlements"])
        lint.expectGraceful(status: 1, stdout: [
            "utf8/apple-app-site-association:1:1: warning: the file starts with a UTF-8 byte order mark",
            "utf16/apple-app-site-association:1:1: error: invalid UTF-8: the file starts with a UTF-16 byte order mark",
        ])
        #expect(!lint.output.standardOutput.contains("bom.entitlements"), "a BOM before the XML declaration is allowed: \(lint)")
    }

    @Test func nulBytes() throws {
        let folder = try Workspace("hostile")
        try folder.write("in-string/apple-app-site-association", #"{"applinks": {"details": [{"appIDs": ["A\#u{0}B"]}]}}"#)
        try folder.write("after-value/apple-app-site-association", #"{"applinks": {"details": []}}"# + "\u{0}")
        try folder.write("only-nul/apple-app-site-association", [UInt8](repeating: 0, count: 4096))
        try folder.write("nul.entitlements", Self.plist("<dict><key>k</key><string>a\u{0}b</string></dict>"))
        try folder.write("nul.yml", "rules: {}\n\u{0}\n")

        let lint = try folder.aasalint(["lint", "--no-config", "in-string", "after-value", "only-nul", "nul.entitlements"])
        lint.expectGraceful(status: 1, stdout: [
            "in-string/apple-app-site-association:1:41: error: not valid JSON: control character U+0000 in a string",
            "after-value/apple-app-site-association:1:30: error: not valid JSON: unexpected content after the end",
            "only-nul/apple-app-site-association:1:1: error: not valid JSON: expected a value, found a NUL byte",
            "the character U+0000 is not allowed in XML",
        ])
        try folder.aasalint(["lint", "--no-config", "--format", "sarif", "in-string", "only-nul"]).expectValidJSON(status: 1)
        let configuration = try folder.aasalint(["lint", "--config", "nul.yml", "in-string"])
        configuration.expectGraceful(status: 2, stderr: ["nul.yml:2:1: error: invalid YAML: control characters are not allowed (U+0000)"])
    }

    // MARK: Bombs

    @Test func xmlEntityBombsAndExternalEntitiesAreRefused() throws {
        let folder = try Workspace("hostile")
        let laughs = (1...9).map { level in
            "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }.joined(separator: "\n")
        let documents = [
            "billion-laughs": "<!DOCTYPE plist [\n<!ENTITY lol0 \"lol\">\n\(laughs)\n]>\n<plist><dict><key>k</key><string>&lol9;</string></dict></plist>",
            "external-entity": "<!DOCTYPE plist [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]>\n<plist><dict><key>k</key><string>&secret;</string></dict></plist>",
            "parameter-entity": "<!DOCTYPE plist [<!ENTITY % remote SYSTEM \"http://127.0.0.1:9/evil.dtd\"> %remote;]>\n<plist><dict/></plist>",
            "external-dtd": "<!DOCTYPE plist SYSTEM \"file:///etc/passwd\">\n<plist><dict><key>k</key><string>&secret;</string></dict></plist>",
        ]
        for (name, body) in documents {
            try folder.write("\(name).entitlements", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + body)
        }
        let lint = try folder.aasalint(["lint", "--no-config", "."])
        lint.expectGraceful(status: 1, stdout: documents.keys.map { "\($0).entitlements:" })
        #expect(lint.output.standardOutput.components(separatedBy: "[invalid-plist]").count == documents.count + 1, "\(lint)")
        #expect(!lint.output.standardOutput.contains("root:"), "an external entity was read: \(lint)")
    }

    @Test func yamlAliasBombsAreRefused() throws {
        let folder = try Workspace("hostile")
        let levels = (1...9).map { level in
            "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]"
        }.joined(separator: "\n")
        try folder.write("bomb.yml", "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n\(levels)\n")
        try folder.write("self.yml", "rules: &loop {catch-all: *loop}\n")
        try folder.write("apple-app-site-association", #"{"applinks": {"details": []}}"#)

        let bomb = try folder.aasalint(["lint", "--config", "bomb.yml", "apple-app-site-association"])
        bomb.expectGraceful(status: 2, stderr: ["aliases expand to more than 100000 values"])
        let loop = try folder.aasalint(["lint", "--config", "self.yml", "apple-app-site-association"])
        loop.expectGraceful(status: 2, stderr: ["self.yml:1:"])
    }

    /// A string of 500 KB aliased 400 times would be 200 MB of text in the configuration tree,
    /// and more in everything that copies it.
    @Test func yamlAliasesOfALongStringAreRefusedByTheirSize() throws {
        let folder = try Workspace()
        let aliases = Array(repeating: "*long", count: 400).joined(separator: ", ")
        try folder.write("strings.yml", "x: &long \(String(repeating: "a", count: 500 * 1024))\ninclude: [\(aliases)]\nexclude: [\(aliases)]\n")
        try folder.write("apple-app-site-association", #"{"applinks": {"details": []}}"#)
        let lint = try folder.aasalint(["lint", "--config", "strings.yml", "apple-app-site-association"], deadline: .seconds(60))
        lint.expectGraceful(status: 2, stderr: ["strings.yml:2:", "aliases expand to more than 1 MB of keys and values"])
    }

    // MARK: Patterns

    @Test func pathologicalPatternsStayLinear() throws {
        let folder = try Workspace("hostile")
        let patterns = [
            "*a*a*a*a*a*a*a*a*b", "*a??????????????????b", String(repeating: "*a", count: 40) + "b",
            String(repeating: "?*", count: 40) + "b", "*$(alnum)*$(alnum)*$(alnum)*$(alnum)*$(alnum)*b",
        ]
        let components = patterns.map { ##"{"/": "\##($0)", "?": {"q": "\##($0)"}, "#": "\##($0)"}"## }.joined(separator: ", ")
        try folder.write("apple-app-site-association",
                         #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components)]}]}}"#)
        let lint = try folder.aasalint(["lint", "--no-config", "apple-app-site-association"])
        lint.expectGraceful(status: 1)

        let long = String(repeating: "a", count: 10_000)
        let url = "https://example.com/\(long)?q=\(long)#\(long)"
        for extra in [[], ["--trace"], ["--format", "json"]] {
            let match = try folder.aasalint(["match", "apple-app-site-association", url] + extra)
            match.expectGraceful(status: 1)
            if extra == ["--format", "json"] { match.expectValidJSON(status: 1) }
        }
        let matching = try folder.aasalint(["match", "apple-app-site-association", "https://example.com/\(long)b?q=\(long)b#\(long)b"])
        matching.expectGraceful(status: 0)
    }

    /// A custom rule's regular expression that a backtracking matcher would run exponentially
    /// on (`(a+)+`) meets values built to make it: the matcher does not backtrack, so every value
    /// is decided, in the linted file and in a download alike.
    @Test func backtrackingCustomRuleOnHostileValues() throws {
        let folder = try Workspace()
        let values = (0..<2_000).map { _ in #""9JA89QQLNQ.\#(String(repeating: "a", count: 28))!""# }.joined(separator: ", ")
        try folder.write("apple-app-site-association",
                         #"{"applinks": {"details": [{"appIDs": [\#(values)], "components": [{"/": "/x/*"}]}]}}"#)
        try folder.write("rules.yml", #"""
            custom_rules:
              - {id: bundle-shape, select: /applinks/details/*/appIDs/*, matches: "^9JA89QQLNQ\\.(a+)+$", message: "{value} has the wrong shape"}
            """#)
        let lint = try folder.aasalint(["lint", "--config", "rules.yml", "--quiet", "apple-app-site-association"], deadline: .seconds(60))
        lint.expectGraceful(status: 1, stdout: ["9JA89QQLNQ.\(String(repeating: "a", count: 28))! has the wrong shape [bundle-shape]"])
        #expect(lint.output.standardOutput.components(separatedBy: "has the wrong shape [bundle-shape]").count == 2_001, "every value is decided: \(lint)")

        let server = try RemoteTestServer()
        let fetch = try folder.aasalint(["fetch", "--config", "rules.yml", "--quiet", "backtracking.example.com",
                                         "--origin-base", server.originBase, "--cdn-base", server.cdnBase], deadline: .seconds(60))
        fetch.expectGraceful(status: 1, stdout: ["has the wrong shape [bundle-shape]"])
        #expect(fetch.output.standardOutput.components(separatedBy: "has the wrong shape [bundle-shape]").count == 101, "\(fetch)")
    }

    /// A gzip body of a quarter of a megabyte that decodes to 256 MB: the download limit holds
    /// while the body is decoded, and nothing of the refused answer piles up.
    @Test func gzipBombIsStoppedWhileItIsDecoded() throws {
        let folder = try Workspace()
        let server = try RemoteTestServer()
        let fetch = try folder.aasalint(["fetch", "--no-config", "--quiet", "gzip-bomb.example.com",
                                         "--origin-base", server.originBase, "--cdn-base", server.cdnBase], deadline: .seconds(60))
        fetch.expectGraceful(status: 1, stdout: [
            "the answer is larger than the limit of 4194304 bytes (it decodes to more, with Content-Encoding: gzip), so the download was stopped",
        ])
    }

    // MARK: File system

    @Test func discoverySurvivesLoopsAndEntriesItCannotRead() throws {
        let folder = try Workspace("hostile")
        try folder.write("site/apple-app-site-association", #"{"applinks": {"details": []}}"#)
        try folder.symbolicLink("site/loop", to: "..")
        try folder.symbolicLink("site/deeper/up", to: "../..")
        try folder.symbolicLink("self.entitlements", to: "self.entitlements")
        try folder.symbolicLink("dangling/apple-app-site-association", to: "nowhere")
        try folder.symbolicLink("zero.entitlements", to: "/dev/zero")
        try folder.symbolicLink("unrelated-broken-link", to: "nowhere")
        try folder.fifo("pipe/apple-app-site-association")

        let lint = try folder.aasalint(["lint", "--no-config", "."])
        lint.expectGraceful(status: 2, stdout: ["site/apple-app-site-association:1:"], stderr: [
            "self.entitlements: cannot read this file: it is a symbolic link to self.entitlements that leads nowhere or back to itself",
            "dangling/apple-app-site-association: cannot read this file: it is a symbolic link to nowhere that leads nowhere",
            "pipe/apple-app-site-association: not a regular file (a named pipe)",
        ])
        // Refused as a link onto another file system where /dev is one (it is almost everywhere).
        #expect(["zero.entitlements: not a regular file (a character device)", "zero.entitlements: not linted: it is a symbolic link onto another file system"]
            .contains { lint.output.standardError.contains($0) }, "\(lint)")
        #expect(!lint.output.standardError.contains("unrelated-broken-link"), "\(lint)")
        let explicit = try folder.aasalint(["lint", "--no-config", "pipe/apple-app-site-association"])
        explicit.expectGraceful(status: 2)
        let match = try folder.aasalint(["match", "zero.entitlements", "https://example.com/"])
        match.expectGraceful(status: 2, memory: 100 * Self.megabyte, stderr: ["zero.entitlements: "])
    }

    /// Root reads files whatever their permissions, and CI runs as root: there the run is made
    /// as an unprivileged user, so that the test runs everywhere.
    @Test(.enabled(if: UnprivilegedLauncher.isAvailable, "root reads files whatever their permissions, and setpriv is missing to run as another user"))
    func unreadableFile() throws {
        let folder = try Workspace("hostile")
        try folder.write("locked/apple-app-site-association", "{}")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.url.appendingPathComponent("locked/apple-app-site-association").path)
        let lint = try folder.aasalint(["lint", "--no-config", "locked"], launcher: UnprivilegedLauncher.launcher(in: folder))
        lint.expectGraceful(status: 2, stderr: ["locked/apple-app-site-association: cannot open this file for reading"])
    }

    // MARK: Plugins

    /// The timeout stops the plugin and everything it started: a child holding the pipes
    /// does not keep aasalint waiting, and is not left running.
    @Test func pluginTimeoutStopsItsChildren() throws {
        let folder = try Workspace()
        try folder.write("apple-app-site-association", #"{"applinks": {"details": []}}"#)
        try folder.write(".aasalint.yml", """
            plugins:
              - {id: sleeper, command: [sh, -c, "sleep 1000 & echo $! > child.pid; wait"], timeout: 2}
            """)
        let lint = try folder.aasalint(["lint", "--quiet", "apple-app-site-association"], environment: Self.pluginsAllowed, deadline: .seconds(60))
        lint.expectGraceful(status: 2, stderr: ["plugin 'sleeper' did not answer within 2 seconds and was stopped"])
        let child = try #require(Int32(try String(contentsOf: folder.url.appendingPathComponent("child.pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.ends(child), "the plugin's child \(child) is still running")
    }

    /// A plugin may exit without reading its request, however large: aasalint takes its
    /// answer, and no SIGPIPE ends aasalint.
    @Test func pluginThatDoesNotReadItsRequest() throws {
        let folder = try Workspace()
        let components = (0..<5_000).map { #"{"/": "/product/\#($0)/*", "comment": "\#(String(repeating: "c", count: 100))"}"# }
        try folder.write("apple-app-site-association",
                         #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components.joined(separator: ","))]}]}}"#)
        try folder.write(".aasalint.yml", """
            plugins:
              - {id: hasty, command: [sh, -c, "echo '{\\"diagnostics\\": []}'"]}
              - {id: failing, command: [sh, -c, "echo gone >&2; exit 3"]}
            """)
        let lint = try folder.aasalint(["lint", "--quiet", "apple-app-site-association"], environment: Self.pluginsAllowed)
        lint.expectGraceful(status: 2, stderr: ["aasalint: error: plugin 'failing' exited with status 3: gone\n"])
        #expect(!lint.output.standardError.contains("hasty"), "\(lint)")
    }

    /// A configuration in a cloned repository or a pull request names a plugin: no run starts
    /// it unless the caller allows plugins, whatever else the run does.
    @Test func pluginsOfARepositoryDoNotRunUnlessAllowed() throws {
        let folder = try Workspace()
        try folder.write("site/apple-app-site-association", Self.cleanAASA)
        try folder.write("empty/.keep", "")
        try folder.write(".aasalint.yml", Self.plugin(command: "touch ran; echo '{\"diagnostics\": []}'"))
        let notice = "aasalint: note: did not run the plugins of .aasalint.yml (intruder)"
        let runs: [(arguments: [String], status: Int32)] = [
            (["lint"], 0), (["lint", "empty"], 2), (["lint", "--explain-release"], 0), (["lint", "--write-baseline", "baseline.json"], 0), (["site"], 0),
        ]
        for (arguments, status) in runs {
            let run = try folder.aasalint(arguments, environment: ["AASALINT_ALLOW_PLUGINS": ""])
            run.expectGraceful(status: status)
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ran").path), "the plugin ran: \(run)")
            if !arguments.contains("--explain-release") {
                #expect(run.output.standardError.contains(notice), "\(run)")
            }
        }
        try folder.aasalint(["lint", "--allow-plugins", "site"]).expectGraceful(status: 0)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("ran").path), "allowed, the plugin runs")
    }

    /// Looking upward for `.aasalint.yml` ends at the repository's root, and a configuration
    /// that another user owns or may change is not read, unless it is named with --config.
    @Test func configurationFoundUpwardMustBeTheRepositorys() throws {
        let folder = try Workspace()
        try folder.write(".aasalint.yml", "rules: {ignored-key: off}\n")
        try folder.write("repository/.git/HEAD", "ref: refs/heads/main\n")
        let aasa = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.app"], "paths": ["*"], "components": [{"/": "/product/*"}]}]}}"#
        try folder.write("repository/site/apple-app-site-association", aasa)
        try folder.write("loose/site/apple-app-site-association", aasa)

        let repository = try folder.aasalint(["lint", "--quiet", "site"], in: "repository")
        repository.expectGraceful(status: 0, stdout: ["[ignored-key]"])
        let configuration = folder.url.appendingPathComponent(".aasalint.yml").path
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: configuration)
        let writable = try folder.aasalint(["lint", "--quiet", "site"], in: "loose")
        writable.expectGraceful(status: 2, stderr: ["/.aasalint.yml: not reading this configuration: anyone may change it (mode 666)"])
        try folder.aasalint(["lint", "--quiet", "--config", configuration, "site"], in: "loose").expectGraceful(status: 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: configuration)
        try folder.aasalint(["lint", "--quiet", "site"], in: "loose").expectGraceful(status: 0)
        // Root may give the file away; another user cannot be made the owner otherwise.
        guard getuid() == 0 else { return }
        guard chown(configuration, 65534, 65534) == 0 else { return }
        let foreign = try folder.aasalint(["lint", "--quiet", "site"], in: "loose")
        foreign.expectGraceful(status: 2, stderr: ["/.aasalint.yml: not reading this configuration: it belongs to another user"])
    }

    /// A plugin receives the files under its configuration's folder, and nothing else: not a
    /// file named from outside, not one reached through a link, not standard input.
    @Test func pluginsReceiveOnlyTheirConfigurationsFiles() throws {
        let folder = try Workspace()
        let aasa = Self.cleanAASA
        try folder.write("project/site/apple-app-site-association", aasa)
        try folder.write("secret/apple-app-site-association", aasa)
        try folder.write("secret/standard-input", aasa)
        try folder.symbolicLink("project/linked", to: "../secret")
        try folder.write("project/.aasalint.yml", Self.plugin(command: "cat > ../request.json; echo '{\"diagnostics\": []}'"))
        let lint = try folder.aasalint(["lint", "--allow-plugins", ".", "../secret", "-"], standardInput: "secret/standard-input", in: "project")
        lint.expectGraceful(status: 0)
        let request = try String(contentsOf: folder.url.appendingPathComponent("request.json"), encoding: .utf8)
        #expect(request.contains(#""path": "site/apple-app-site-association""#), "\(request)")
        #expect(!request.contains("secret") && !request.contains("linked") && !request.contains("stdin"), "\(request)")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("request.json"))
        try folder.aasalint(["lint", "--allow-plugins", "../secret"], in: "project").expectGraceful(status: 0)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("request.json").path), "started without files")
    }

    /// A configuration with one plugin, `intruder`, that runs a shell command.
    static func plugin(command: String) -> String {
        "plugins:\n  - {id: intruder, command: [sh, -c, '\(command.replacingOccurrences(of: "'", with: "''"))']}\n"
    }

    static let pluginsAllowed = ["AASALINT_ALLOW_PLUGINS": "1"]
    /// A file without findings.
    static let cleanAASA = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.app"], "components": [{"/": "/product/*"}]}]}}"#

    /// Whether the process ends within a minute: a killed process may stay a zombie for a moment.
    static func ends(_ pid: Int32) -> Bool {
        for _ in 0..<600 {
            if kill(pid, 0) != 0 { return true }
            if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8), status.contains("State:\tZ") { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    // MARK: Output safety

    /// Escape sequences that clear the screen, retitle the window, hide text or reverse it,
    /// in every place a finding quotes file content, and in file names.
    @Test func outputNeverPassesOnTerminalControls() throws {
        let folder = try Workspace("hostile")
        let hostile = #"\u001b[2J\u001b]0;owned\u0007\u001b[8m\r\b\u009b31m\u202e\u2066"#
        try folder.write("apple-app-site-association", #"""
            {"applinks": {"details": [{"appIDs": ["\#(hostile)"], "appID": "x",
              "components": [{"/": "/\#(hostile)", "?": {"\#(hostile)": "x"}, "comment": "\#(hostile)"}]}]},
             "\#(hostile)": 1, "webcredentials": {"apps": ["\#(hostile)"]}}
            """#)
        try folder.write("\u{1B}]0;named\u{07}/apple-app-site-association", #"{"\#(hostile)": 1}"#)
        // YAML's own escape: a raw control character is a syntax error.
        try folder.write("hostile.yml", "rules: {\"\\e[2Jcatch-all\": warning}\n")

        let text = try folder.aasalint(["lint", "--no-config", "--snippet", "--summary", "."])
        text.expectGraceful(status: 1)
        text.expectNoTerminalControls()
        #expect(text.output.standardOutput.contains(#"\u{1B}[2J"#), "escaped, not dropped: \(text)")
        for format in ["json", "sarif", "github"] {
            let report = try folder.aasalint(["lint", "--no-config", "--format", format, "."])
            report.expectNoTerminalControls()
            if format != "github" { report.expectValidJSON(status: 1) }
        }
        let configuration = try folder.aasalint(["lint", "--config", "hostile.yml", "apple-app-site-association"])
        configuration.expectGraceful(status: 2)
        configuration.expectNoTerminalControls()
        let match = try folder.aasalint(["match", "apple-app-site-association", "https://example.com/x", "--trace"])
        match.expectGraceful(status: 1)
        match.expectNoTerminalControls()
    }

    /// A report that cannot be written (a full disk) is a failure it names, never a trap.
    @Test func reportThatCannotBeWrittenIsAFailureNotACrash() throws {
        let folder = try Workspace()
        try folder.write("apple-app-site-association", "{" + (0..<5_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}")
        // A device that is always full (Linux only).
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { return }
        for arguments in [["lint", "--no-config", "apple-app-site-association"], ["rules"], ["lint", "--no-config", "--format", "sarif", "."]] {
            let run = try folder.aasalint(arguments, standardOutput: full, repeatableOutput: true)
            run.expectGraceful(status: 2, stderr: ["aasalint: error: cannot write the report: no space left on device\n"])
            #expect(run.output.standardError.components(separatedBy: "cannot write").count == 2, "said once: \(run)")
        }
    }

    /// A reader that closed the pipe (`aasalint | head`; aasalint sees EPIPE because it ignores
    /// SIGPIPE) chose to stop reading: the run ends quietly with its own status, as grep does.
    @Test func closedPipeEndsTheRunQuietly() throws {
        let folder = try Workspace()
        try folder.write("apple-app-site-association", "{" + (0..<5_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}")
        let closedPipe = Pipe()
        try closedPipe.fileHandleForReading.close()
        let runs: [([String], Int32)] = [
            (["lint", "--no-config", "apple-app-site-association"], 1), (["rules"], 0), (["lint", "--no-config", "--format", "sarif", "."], 1),
        ]
        for (arguments, status) in runs {
            let run = try folder.aasalint(arguments, standardOutput: closedPipe.fileHandleForWriting, repeatableOutput: true)
            run.expectGraceful(status: status)
            #expect(run.output.standardError.isEmpty, "nothing said: \(run)")
        }
    }

    // MARK: Input builders

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">\(body)</plist>
        """
    }

    /// Swift strings cannot hold invalid UTF-8: templates mark its place with a NUL.
    static func replacingNUL(in template: String, with bytes: [UInt8]) -> [UInt8] {
        Array(template.utf8).flatMap { $0 == 0 ? bytes : [$0] }
    }
}

/// A temporary folder for one test's inputs, removed when the test ends.
typealias Workspace = TemporaryFolder

extension Workspace {

    /// A file of `size` bytes that occupies no disk space.
    func sparseFile(_ path: String, size: Int) throws {
        let file = try place(path)
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    func symbolicLink(_ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: try place(path).path, withDestinationPath: destination)
    }

    func fifo(_ path: String) throws {
        let file = try place(path)
        guard mkfifo(file.path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// False when the file system refuses the name.
    func makeFolder(rawName: [UInt8]) -> Bool {
        let path = Array(url.path.utf8) + [UInt8(ascii: "/")] + rawName + [0]
        return path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) == 0 }
        }
    }

    /// Runs in the workspace, or in its folder `subfolder`.
    ///
    /// On Linux the peak memory is sampled from /proc while the child runs, and on a loaded
    /// machine the watcher may not be scheduled before a short run ends: such a run is made
    /// again (the same input takes the same memory), up to three times, unless its standard
    /// output goes to a handle of the caller's that keeps what it is given (`repeatableOutput`
    /// says one keeps nothing: a full device, a closed pipe), or unless it runs --fix, which
    /// changes what a second run would meet; without a sample the memory bound fails, except
    /// for such a run made once.
    func aasalint(_ arguments: [String], standardInput: String? = nil, standardOutput: FileHandle? = nil, repeatableOutput: Bool = false,
                  environment: [String: String] = [:], in subfolder: String? = nil, deadline: Duration = .seconds(120),
                  launcher: [String]? = nil) throws -> HostileRun {
        // A run with --fix changes the files it lints: made again, it would meet them fixed
        // and say something else. It is made once, and its memory is known only when sampled.
        let changesItsInput = arguments.contains("--fix")
        var attempt = 1
        while true {
            let watch = ProcessWatch(deadline: deadline)
            let clock = ContinuousClock()
            let start = clock.now
            let (output, usage) = try MeasuredRunner.run(arguments, standardInputFile: standardInput.map(url.appendingPathComponent),
                                                         environment: environment, standardOutput: standardOutput,
                                                         workingDirectory: subfolder.map(url.appendingPathComponent) ?? url,
                                                         launcher: launcher, watch: { pid, ended in watch.watch(pid, until: ended) })
            let run = HostileRun(arguments: arguments, output: output, elapsed: clock.now - start,
                                 processorTime: usage.processorTime, peakMemory: usage.peakMemory ?? watch.peakMemory, timedOut: watch.timedOut,
                                 madeOnce: changesItsInput)
            if run.peakMemory != nil || run.timedOut || changesItsInput || (standardOutput != nil && !repeatableOutput) || attempt == 3 { return run }
            attempt += 1
        }
    }
}

/// Runs aasalint as a user without privileges when the tests run as root (as CI does), so that
/// what only root may do (read any file) does not hide what users see.
enum UnprivilegedLauncher {
    /// `nobody` on Linux; setpriv (util-linux) switches to it without a password or a login shell.
    static let user: uid_t = 65534
    static let setpriv = "/usr/bin/setpriv"

    static var isAvailable: Bool { getuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv) }

    /// nil when the tests do not run as root. Otherwise the command runs a copy of the binary
    /// inside `folder`, which the user may reach: the build folder may sit under root's home.
    static func launcher(in folder: Workspace) throws -> [String]? {
        guard getuid() == 0 else { return nil }
        let copy = folder.url.appendingPathComponent("aasalint-as-nobody")
        try writeExecutable(Data(contentsOf: try BinaryRunner.executable()), to: copy.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        return [setpriv, "--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--", copy.path]
    }

    /// Writes the copy through a descriptor closed on exec: the tests run in parallel, and a child
    /// another test started while the copy was open for writing kept that descriptor (FileManager's
    /// copy does not close it on exec), so that running the copy failed with "Text file busy".
    private static func writeExecutable(_ bytes: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                written += count
            }
        }
    }
}

/// How one run on hostile input ended.
struct HostileRun: CustomStringConvertible {
    let arguments: [String]
    let output: BinaryRun
    let elapsed: Duration
    /// The processor time the run used (user and system), from `wait4`.
    let processorTime: Duration
    /// Peak resident memory in bytes: from `wait4` on Darwin, sampled from /proc on Linux
    /// (ChildResourceUsage says why); nil only when neither said.
    let peakMemory: Int?
    let timedOut: Bool
    /// A run that changes its input is not made again for a sample of its memory.
    var madeOnce = false

    /// A run on hostile input takes a few seconds of processor time in a debug build; much
    /// more means that something is quadratic or worse. Processor time, not wall time: a busy
    /// machine stretches the second, and a hang (no work at all) meets the watch's wall-time allowance.
    static let defaultTime = Duration.seconds(30)
    /// The process alone takes about 30 MB.
    static let defaultMemory = 150 * 1024 * 1024

    var description: String {
        "aasalint \(arguments.joined(separator: " ")): status \(output.status), \(elapsed) (\(processorTime) of processor time), "
            + "peak memory \(peakMemory.map { "\($0 / 1024 / 1024) MB" } ?? "unknown")\n"
            + "stdout: \(output.standardOutput.prefix(2000))\nstderr: \(output.standardError.prefix(2000))"
    }

    /// Ended by itself, with the expected status, within the bounds, saying what is expected.
    func expectGraceful(status: Int32, time: Duration = defaultTime, memory: Int = defaultMemory,
                        stdout: [String] = [], stderr: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        for text in stdout {
            #expect(output.standardOutput.contains(text), "stdout lacks \"\(text)\": \(self)", sourceLocation: sourceLocation)
        }
        for text in stderr {
            #expect(output.standardError.contains(text), "stderr lacks \"\(text)\": \(self)", sourceLocation: sourceLocation)
        }
        #expect(!timedOut, "stopped after \(elapsed) (processor deadline, wall-time allowance or memory ceiling): \(self)", sourceLocation: sourceLocation)
        #expect(!output.endedBySignal, "ended by a signal: \(self)", sourceLocation: sourceLocation)
        #expect(output.status == status, "\(self)", sourceLocation: sourceLocation)
        #expect(processorTime < time, "took \(processorTime): \(self)", sourceLocation: sourceLocation)
        #expect(peakMemory.map { $0 < memory } ?? madeOnce, "used more than \(memory / 1024 / 1024) MB, or unknown: \(self)",
                sourceLocation: sourceLocation)
    }

    /// The run was graceful and its standard output is one JSON value, which it returns when
    /// it is an object.
    @discardableResult
    func expectValidJSON(status: Int32, time: Duration = defaultTime, memory: Int = defaultMemory,
                         sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any]? {
        expectGraceful(status: status, time: time, memory: memory, sourceLocation: sourceLocation)
        do {
            return try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8), options: [.fragmentsAllowed]) as? [String: Any]
        } catch {
            Issue.record("not valid JSON (\(error)): \(self)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Neither output holds a character that moves the cursor, rewrites the screen or
    /// reverses text: C0 controls other than tab and line feed, DEL, C1 controls (U+009B
    /// starts an escape sequence on its own), and bidirectional overrides and isolates.
    func expectNoTerminalControls(sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in [("stdout", output.standardOutput), ("stderr", output.standardError)] {
            let controls = text.unicodeScalars.filter { scalar in
                switch scalar.value {
                case 0x09, 0x0A: false
                case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
                default: false
                }
            }
            #expect(controls.isEmpty, "\(name) passes on \(controls.map { String($0.value, radix: 16) }): \(self)",
                    sourceLocation: sourceLocation)
        }
    }
}

/// Watches a running process from a thread of its own and kills it once it has used its
/// deadline in processor time, passed the memory ceiling, or done nothing for many times its
/// deadline, so that a loop, a hang or a blow-up fails the test instead of stalling the suite
/// or the machine. Processor time, because a machine busy with other builds stretches wall
/// time several times over for the same work. A run's processor time, and on Darwin its peak
/// memory, come from `wait4` once it has ended (HostileRun); on Linux the peak memory is the
/// last sample of /proc taken here (ChildResourceUsage says why). While the process runs only
/// Linux's /proc says what it has used; elsewhere the deadline here is wall time.
final class ProcessWatch: @unchecked Sendable {
    static let memoryCeiling = 2 * 1024 * 1024 * 1024
    /// How much longer than its deadline a run may take in wall time: a process that waits on
    /// nothing is stopped, one that shares a loaded machine is not.
    static let wallTimeAllowance = 8
    private let deadline: Duration
    private let lock = NSLock()
    private var killed = false
    private var peak: Int?

    init(deadline: Duration) {
        self.deadline = deadline
    }

    var timedOut: Bool { lock.withLock { killed } }
    /// The last sample of the peak resident memory (Linux only).
    var peakMemory: Int? { lock.withLock { peak } }

    func watch(_ pid: pid_t, until ended: () -> Bool) {
        let clock = ContinuousClock()
        let start = clock.now
        while !ended() {
            let elapsed = clock.now - start
            if let resident = Self.peakResidentMemory(of: pid) {
                lock.withLock { peak = max(peak ?? 0, resident) }
            }
            let overWork = (Self.processorTime(of: pid) ?? elapsed) > deadline
            if overWork || elapsed > deadline * Self.wallTimeAllowance || (peakMemory ?? 0) > Self.memoryCeiling {
                lock.withLock { killed = true }
                kill(pid, SIGKILL)
                return
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// `utime` plus `stime` of /proc/PID/stat (Linux only). The fields are counted after the
    /// command name, which is in parentheses and may hold spaces.
    private static func processorTime(of pid: Int32) -> Duration? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        // After the name: state is field 3, utime field 14 and stime field 15.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return .milliseconds((user + system) * 1000 / Int(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// `VmHWM` of /proc/PID/status, the high-water mark of resident memory (Linux only).
    private static func peakResidentMemory(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
