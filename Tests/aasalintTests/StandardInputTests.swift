import Foundation
import Testing

/// `aasalint lint -` as editors and pipes run it: `--stdin-filename PATH` makes standard input
/// that file, for its kind, the configuration and the reports.
@Suite struct StandardInputTests {
    static let typoAASA = """
        {"applinks": {"details": [{"appIDs": ["ABCDE1234X.com.example.shop"], "components": [{"/": "/p/*"}], "comment": 1, "paths": []}]}}
        """
    static let configuration = """
        overrides:
          - files: ["web/**"]
            rules: {ignored-key: note}
        ignore:
          - rule: unknown-key
            file: web/.well-known/apple-app-site-association
            pointer: /applinks/details/0/comment
            reason: kept for the web team
        exclude: ["vendor/**"]

        """

    func lint(_ arguments: [String], standardInput: String) throws -> BinaryRun {
        let workspace = try TemporaryFolder()
        try workspace.write(".aasalint.yml", Self.configuration)
        return try BinaryRunner.run(["lint"] + arguments, standardInput: Data(standardInput.utf8), workingDirectory: workspace.url)
    }

    @Test func reportsNameThePathAndTheConfigurationAppliesToIt() throws {
        let run = try lint(["-", "--stdin-filename", "./web/.well-known/apple-app-site-association"], standardInput: Self.typoAASA)
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput == """
            web/.well-known/apple-app-site-association:1:116: note: "paths" is ignored on every version: iOS 13 and later read only \
            "components", and iOS 12 and earlier, which read "paths", skip this entry, which has no "appID"; make sure "components" \
            covers the same URLs, then remove "paths" [ignored-key]
            1 note in 1 file (1 suppressed by ignore:)

            """)
    }

    @Test func withoutTheNameNeitherOverridesNorIgnoresApply() throws {
        let run = try lint(["-"], standardInput: Self.typoAASA)
        #expect(run.status == 1)
        let rules = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("<stdin>:") }.map { $0.split(separator: "[").last ?? "" }
        #expect(rules == ["unknown-key]", "ignored-key]"])
        #expect(run.standardOutput.contains("warning: \"paths\" is ignored"))
    }

    @Test func theKindComesFromTheName() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>aps-environment</key><string>Production</string></dict></plist>
            """
        let run = try lint(["-", "--stdin-filename", "ios/App.entitlements"], standardInput: plist)
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("ios/App.entitlements:2:"))
        #expect(run.standardOutput.contains("[aps-environment]"))
    }

    @Test func kindWinsOverTheName() throws {
        let run = try lint(["-", "--stdin-filename", "ios/App.entitlements", "--kind", "aasa"], standardInput: Self.typoAASA)
        #expect(run.standardOutput.contains("ios/App.entitlements:1:"))
        #expect(run.standardOutput.contains("[unknown-key]"))
    }

    /// Like a file named on the command line: skipped with a warning, as pre-commit and editors need.
    @Test func anExcludedNameIsNotLinted() throws {
        let run = try lint(["-", "--stdin-filename", "vendor/apple-app-site-association"], standardInput: Self.typoAASA)
        #expect(run.status == 0)
        #expect(run.standardOutput == "no file linted\n")
        #expect(run.standardError == #"aasalint: warning: vendor/apple-app-site-association: not linted: .aasalint.yml excludes it (exclude: "vendor/**")"# + "\n")
    }

    @Test func standardInputReplacesTheFileOfTheSameNameOnDisk() throws {
        let workspace = try TemporaryFolder()
        try workspace.write("web/apple-app-site-association", "{ not json")
        let run = try BinaryRunner.run(["lint", "--no-config", "web", "-", "--stdin-filename", "web/apple-app-site-association"],
                                       standardInput: Data(Self.typoAASA.utf8), workingDirectory: workspace.url)
        #expect(!run.standardOutput.contains("invalid-json"))
        #expect(run.standardOutput.hasSuffix("in 1 file\n"))
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>", "'<'"),
        ("\u{FEFF}  \n<plist version=\"1.0\"><dict/></plist>", "'<'"),
        ("bplist00\u{8}", "'bplist'"),
    ])
    func aPropertyListWithoutKindSaysWhatToAdd(input: String, start: String) throws {
        let run = try lint(["-"], standardInput: input)
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "aasalint: error: <stdin>: standard input starts with \(start), as a property list does, "
            + "but is read as an AASA file, which is JSON; for an entitlements file add --kind entitlements, or --stdin-filename NAME.entitlements\n")
    }

    @Test func theNameNeedsStandardInput() throws {
        let run = try lint(["web", "--stdin-filename", "web/apple-app-site-association"], standardInput: "")
        #expect(run.status == 2)
        #expect(run.standardError.contains("--stdin-filename names the file that standard input stands for: use it with -"))
    }
}
