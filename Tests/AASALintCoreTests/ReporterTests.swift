import AASALintTestSupport
import Foundation
import Testing
@testable import AASALintCore

/// One hand-built report rendered in every format and compared with the goldens in
/// `Fixtures/reporters/`, plus focused checks of the parts that goldens only show by example.
/// `AASALINT_UPDATE_GOLDENS=1` rewrites the goldens instead of comparing.
@Suite struct ReporterTests {
    // MARK: Goldens

    @Test func textGolden() throws {
        try expectGolden(TextReporter().render(SampleReport.report), named: "report.txt")
    }

    @Test func textWithSnippetsGolden() throws {
        let reporter = TextReporter(options: .init(snippets: true))
        try expectGolden(reporter.render(SampleReport.report), named: "report-snippets.txt")
    }

    @Test func textWithColorGolden() throws {
        let reporter = TextReporter(options: .init(color: true, snippets: true))
        try expectGolden(reporter.render(SampleReport.report), named: "report-color.txt")
    }

    @Test func jsonGolden() throws {
        try expectGolden(JSONReporter().render(SampleReport.report), named: "report.json")
    }

    @Test func sarifGolden() throws {
        try expectGolden(SARIFReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report), named: "report.sarif")
    }

    @Test func formatsChooseTheirReporter() {
        let options = TextReporter.Options(quiet: true)
        #expect(ReportFormat.allCases.map(\.rawValue) == ["text", "json", "sarif", "github", "markdown", "gitlab", "junit", "checkstyle", "sonarqube", "azure"])
        func rendered(_ format: ReportFormat) -> String {
            format.reporter(options: options, sourceRoot: SampleReport.sourceRoot).render(SampleReport.report)
        }
        #expect(rendered(.text) == TextReporter(options: options).render(SampleReport.report))
        #expect(rendered(.json) == JSONReporter().render(SampleReport.report))
        #expect(rendered(.sarif) == SARIFReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
        #expect(rendered(.github) == GitHubReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
        #expect(rendered(.markdown) == MarkdownReporter().render(SampleReport.report))
        #expect(rendered(.gitlab) == GitLabReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
        #expect(rendered(.junit) == JUnitReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
        #expect(rendered(.checkstyle) == CheckstyleReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
        #expect(rendered(.sonarqube) == SonarQubeReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
        #expect(rendered(.azure) == AzureReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
    }

    @Test(arguments: [
        (ReportFormat.gitlab, "report.gitlab.json"), (.junit, "report.junit.xml"), (.checkstyle, "report.checkstyle.xml"),
        (.sonarqube, "report.sonarqube.json"), (.azure, "report.azure"),
    ])
    func ciFormatGoldens(format: ReportFormat, golden: String) throws {
        try expectGolden(format.reporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report), named: golden)
    }

    @Test func markdownGolden() throws {
        try expectGolden(MarkdownReporter().render(SampleReport.report), named: "report.md")
    }

    /// Text from files stays literal in a table cell, and rows beyond the budget are counted
    /// under "Not in the tables" rather than cut off.
    @Test func markdownEscapesCellsAndCountsWhatItLeavesOut() {
        #expect(MarkdownReporter.escaped("a|b <i>*x*</i> & [l](u)\n") == "a\\|b \\<i\\>\\*x\\*\\</i\\> &amp; \\[l\\](u)\\\\u{A}")
        let many = LintReport(diagnostics: (1...400).map { line in
            finding(file: "web/apple-app-site-association", line: line, column: 1, severity: .error, message: String(repeating: "m", count: 40), ruleID: "r")
        }, fileCount: 1, rules: [])
        let text = MarkdownReporter(byteBudget: 10_000).render(many)
        #expect(text.utf8.count <= 10_000)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Line") }.count
        #expect(rows > 0 && rows < 400)
        #expect(text.contains("- \(400 - rows) findings left out of these tables, which GitHub cuts at 1 MiB"))
        #expect(text.contains("390 findings of this report are only here"))
    }

    @Test func githubGolden() throws {
        try expectGolden(GitHubReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report), named: "report.github")
    }

    @Test func githubEscapesDataAndProperties() {
        #expect(GitHubReporter.escapedData("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b")
        #expect(GitHubReporter.escapedProperty("dir,with:odd%name\n") == "dir%2Cwith%3Aodd%25name%0A")
        let report = LintReport(diagnostics: [Diagnostic(
            ruleID: "r", severity: .note, message: "a\nb % c",
            location: Location(file: "a,b:c.json", range: SourceRange(start: .init(line: 2, column: 3), end: .init(line: 4, column: 5)), pointer: nil),
            exampleURL: "https://example.com/x"
        )], fileCount: 1, rules: [])
        #expect(GitHubReporter(sourceRoot: SampleReport.sourceRoot).render(report)
            == "::notice file=a%2Cb%3Ac.json,line=2,endLine=4,col=3,endColumn=5,title=r::a%0Ab %25 c. Example: https://example.com/x\n")
    }

    /// The runner reads `file=` from the repository root; a download has no file there, so its
    /// URL and position lead the message of an annotation of the run.
    @Test func githubNamesFilesFromTheRepositoryRootAndDownloadsByURL() {
        let root = SourceRoot(path: "/home/dev/shop", workingDirectory: "/home/dev/shop/web")
        let report = LintReport(diagnostics: [
            finding(file: "apple-app-site-association", line: 2, column: 3, severity: .warning, message: "m", ruleID: "r"),
            finding(file: "https://example.com/.well-known/apple-app-site-association", severity: .error, message: "answered 404",
                    ruleID: "http-status"),
        ], fileCount: 2, rules: [])
        #expect(GitHubReporter(sourceRoot: root).render(report) == """
            ::error title=http-status::https://example.com/.well-known/apple-app-site-association:1:1: answered 404
            ::warning file=web/apple-app-site-association,line=2,endLine=2,col=3,endColumn=3,title=r::m

            """)
    }

    @Test func ruleSummaryCountsFindingsPerRuleMostSevereFirst() throws {
        let lines = TextReporter.ruleSummaryLines(of: SampleReport.report)
        #expect(lines.count == Set(SampleReport.report.diagnostics.map(\.ruleID)).count)
        let withSummary = TextReporter(options: .init(ruleSummary: true)).render(SampleReport.report)
        let plain = TextReporter(options: .init()).render(SampleReport.report)
        let summary = try #require(TextReporter.summary(of: SampleReport.report))
        #expect(withSummary == plain.replacingOccurrences(of: summary + "\n", with: summary + "\n" + lines.map { $0 + "\n" }.joined()))
        #expect(lines.first?.contains(" error   ") == true)
    }

    // MARK: Text

    struct SummaryCase: Sendable, CustomTestStringConvertible {
        let errors, warnings, notes, files: Int
        var baselined = 0
        var ignored = 0
        var problems = 0
        let expected: String?

        var testDescription: String { expected ?? "no summary" }
    }

    @Test(arguments: [
        SummaryCase(errors: 0, warnings: 0, notes: 0, files: 0, expected: "no file linted"),
        SummaryCase(errors: 0, warnings: 0, notes: 0, files: 1, expected: "no problems in 1 file"),
        SummaryCase(errors: 0, warnings: 0, notes: 0, files: 4, expected: "no problems in 4 files"),
        SummaryCase(errors: 1, warnings: 0, notes: 0, files: 1, expected: "1 error in 1 file"),
        SummaryCase(errors: 0, warnings: 1, notes: 0, files: 2, expected: "1 warning in 2 files"),
        SummaryCase(errors: 0, warnings: 0, notes: 1, files: 1, expected: "1 note in 1 file"),
        SummaryCase(errors: 2, warnings: 0, notes: 1, files: 3, expected: "2 errors and 1 note in 3 files"),
        SummaryCase(errors: 0, warnings: 2, notes: 2, files: 1, expected: "2 warnings and 2 notes in 1 file"),
        SummaryCase(errors: 3, warnings: 1, notes: 2, files: 4, expected: "3 errors, 1 warning and 2 notes in 4 files"),
        SummaryCase(errors: 1, warnings: 1, notes: 1, files: 1, expected: "1 error, 1 warning and 1 note in 1 file"),
        SummaryCase(errors: 0, warnings: 2, notes: 0, files: 3, baselined: 4, ignored: 1,
                    expected: "2 warnings in 3 files (4 suppressed by the baseline, 1 by ignore:)"),
        SummaryCase(errors: 0, warnings: 0, notes: 0, files: 1, baselined: 1, expected: "no problems in 1 file (1 suppressed by the baseline)"),
        SummaryCase(errors: 1, warnings: 0, notes: 0, files: 2, ignored: 2, expected: "1 error in 2 files (2 suppressed by ignore:)"),
        // Exit status 2: never "no problems".
        SummaryCase(errors: 0, warnings: 0, notes: 0, files: 0, problems: 1, expected: nil),
        SummaryCase(errors: 0, warnings: 0, notes: 0, files: 2, problems: 1,
                    expected: "no findings in 2 files, but the run is incomplete: 1 error on standard error"),
        SummaryCase(errors: 0, warnings: 1, notes: 0, files: 1, problems: 2,
                    expected: "1 warning in 1 file, but the run is incomplete: 2 errors on standard error"),
    ])
    func summaryWording(_ summary: SummaryCase) {
        let severities = Array(repeating: Severity.error, count: summary.errors)
            + Array(repeating: .warning, count: summary.warnings)
            + Array(repeating: .note, count: summary.notes)
        let report = LintReport(diagnostics: severities.map { finding(severity: $0) }, fileCount: summary.files, rules: [],
                                baselinedCount: summary.baselined, ignoredCount: summary.ignored,
                                problems: Array(repeating: "cannot read", count: summary.problems))
        #expect(TextReporter.summary(of: report) == summary.expected)
        let rendered = TextReporter().render(report)
        if let expected = summary.expected {
            #expect(rendered.hasSuffix(expected + "\n"))
        } else {
            #expect(rendered.isEmpty)
        }
    }

    @Test func staleBaselineEntriesAreCountedInWordsAndEscaped() {
        let entry = Baseline.Entry(file: "web/aasa\u{1B}[2J", rule: "catch\u{7}-all", pointer: "", digest: "0")
        let one = LintReport(diagnostics: [], fileCount: 1, rules: [], staleBaselineEntries: [entry])
        #expect(TextReporter().render(one) == """
            no problems in 1 file
            1 baseline entry no longer matches a finding; rewrite the baseline with --write-baseline:
                web/aasa\\u{1B}[2J catch\\u{7}-all (file)

            """)
        let two = LintReport(diagnostics: [], fileCount: 1, rules: [], staleBaselineEntries: [entry, entry])
        #expect(TextReporter().render(two).contains("\n2 baseline entries no longer match a finding;"))
    }

    @Test func findingLineHasTheProblemMatcherShape() {
        let report = LintReport(
            diagnostics: [finding(file: "a/b.json", line: 3, column: 7, severity: .warning, message: "too broad", ruleID: "catch-all")],
            fileCount: 1,
            rules: [])
        #expect(TextReporter().render(report) == "a/b.json:3:7: warning: too broad [catch-all]\n1 warning in 1 file\n")
    }

    /// Columns count bytes, as clang's do: "café" before the findings on line 6 makes them one
    /// column later than in characters.
    @Test func quietPrintsOnlyFindingLines() {
        let reporter = TextReporter(options: .init(snippets: true, quiet: true))
        #expect(reporter.render(SampleReport.report) == """
            ios/My App/App.entitlements:8:11: note: developer mode only works on devices with developer mode turned on [developer-mode]
            web/.well-known/apple-app-site-association:6:57: error: this exclusion never applies to https://example.com/caf%C3%A9/menu: rule 0 ("/café/*") matches it first [exclude-shadowed]
            web/.well-known/apple-app-site-association:6:75: warning: "*" matches every URL on the domain, so every link opens the app [catch-all]
            web/.well-known/apple-app-site-association:9:21: error: raw control character U+001B in "/\\u{1B}[31mred\\u{A}": write it as \\u001b [raw-control-character]

            """)
        #expect(reporter.render(LintReport(diagnostics: [], fileCount: 3, rules: [])) == "")
    }

    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb\u{07}\u{9B}1m\tc\u{7F}\r\n\u{0}") == "a\\u{1B}[2Jb\\u{7}\\u{9B}1m\tc\\u{7F}\\u{D}\\u{A}\\u{0}")
        #expect(TerminalText.escaped("evil\u{202E}txt.exe\u{2066}") == "evil\\u{202E}txt.exe\\u{2066}")
        #expect(TerminalText.escaped("café → ü\u{A0}") == "café → ü\u{A0}")
    }

    @Test func hostileFileCannotReachTheTerminal() {
        let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{9D}"
        let source = LineTable(Array("{\"\(hostile)\": \"\(hostile)\"}".utf8))
        let report = LintReport(
            diagnostics: [
                Diagnostic(
                    ruleID: "rule\u{1B}",
                    severity: .error,
                    message: "key \(hostile)",
                    location: Location(file: "dir\u{1B}/file", range: source.range(ofOffsets: 20..<21), pointer: nil),
                    related: [RelatedLocation(Location(file: "x\u{1B}", range: source.range(ofOffsets: 0..<1), pointer: nil), message: hostile)],
                    exampleURL: "https://example.com/\u{1B}",
                    fix: Fix("remove \u{1B}"))
            ],
            fileCount: 1,
            rules: [],
            sources: ["dir\u{1B}/file": source])
        for options in [TextReporter.Options(), .init(snippets: true), .init(quiet: true)] {
            let output = TextReporter(options: options).render(report)
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
            #expect(!output.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        }
        let colored = TextReporter(options: .init(color: true, snippets: true)).render(report)
        #expect(colored.contains("key \\u{1B}]0;owned\\u{7}\\u{1B}[2J\\u{9D}"))
    }

    @Test func caretsAlignUnderTabsEscapesAndNonASCII() {
        let line = "\tcafé\u{1B}\t\"x\": 1"
        let start = line.unicodeScalars.count - 6  // the opening quote of "x"
        let report = snippetReport(line: line, start: start, end: start + 3)
        // The column counts bytes ("é" is two), the caret characters and the width of escapes.
        #expect(TextReporter(options: .init(snippets: true)).render(report) == """
            f.json:1:\(start + 2): error: m [r]
                \tcafé\\u{1B}\t"x": 1
                \t          \t^~~
            1 error in 1 file

            """)
    }

    @Test func escapedCharacterInsideTheRangeIsUnderlinedWhole() {
        let report = snippetReport(line: "ab\u{1B}c", start: 2, end: 3)
        #expect(TextReporter(options: .init(snippets: true)).render(report).contains("    ab\\u{1B}c\n      ^~~~~~\n"))
    }

    @Test func zeroWidthAndEndOfLineRangesShowOneCaret() {
        let atStart = snippetReport(line: "{}", start: 0, end: 0)
        #expect(TextReporter(options: .init(snippets: true)).render(atStart).contains("    {}\n    ^\n"))
        let pastEnd = snippetReport(line: "{}", start: 2, end: 2)
        #expect(TextReporter(options: .init(snippets: true)).render(pastEnd).contains("    {}\n      ^\n"))
        let emptyFile = snippetReport(line: "", start: 0, end: 0)
        #expect(TextReporter(options: .init(snippets: true)).render(emptyFile) == "f.json:1:1: error: m [r]\n1 error in 1 file\n")
    }

    @Test func longLinesShowAWindowAroundTheRange() {
        let line = String(repeating: "a", count: 200) + "TARGET" + String(repeating: "b", count: 200)
        let output = TextReporter(options: .init(snippets: true)).render(snippetReport(line: line, start: 200, end: 206))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "    ..." + String(repeating: "a", count: 40) + "TARGET" + String(repeating: "b", count: 74) + "...")
        #expect(lines[2] == "       " + String(repeating: " ", count: 40) + "^~~~~~")
    }

    @Test func colorOnlyWhenAsked() {
        let plain = TextReporter(options: .init(snippets: true)).render(SampleReport.report)
        #expect(!plain.contains("\u{1B}"))
        let colored = TextReporter(options: .init(color: true)).render(SampleReport.report)
        let firstLine = colored.split(separator: "\n")[0]
        #expect(firstLine == "\u{1B}[1mios/My App/App.entitlements:8:11:\u{1B}[0m \u{1B}[36mnote\u{1B}[0m: developer mode only works on devices with developer mode turned on \u{1B}[2m[developer-mode]\u{1B}[0m")
        #expect(colored.contains("\u{1B}[1;31merror\u{1B}[0m: this exclusion"))
        #expect(colored.contains("\u{1B}[33mwarning\u{1B}[0m: \"*\" matches"))
    }

    // MARK: JSON

    @Test func jsonEscapesEveryControlCharacterAndLeavesSlashes() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let text = controls + "\"\\/ \u{7F}\u{85}\u{2028}\u{2029}é😀"
        let written = JSONWriter.prettyPrinted(.array([.string(text)]))
        let expected = #"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"#
            + #"\"\\/ \u007f\u0085\u2028\u2029é😀"#
        #expect(written == "[\n  \"\(expected)\"\n]\n")
        let parsed = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String]
        #expect(parsed == [text])
    }

    @Test func jsonWriterKeepsKeyOrderAndIndentsByTwo() {
        let value = JSONWriter.Value.object([
            ("z", .integer(-1)),
            ("a", .array([.bool(true), .null, .object([])])),
            ("m", .array([])),
        ])
        #expect(JSONWriter.prettyPrinted(value) == """
            {
              "z": -1,
              "a": [
                true,
                null,
                {}
              ],
              "m": []
            }

            """)
    }

    @Test func jsonWriterHandsALargeDocumentOverInPiecesThatMakeTheWhole() {
        // More than one 64 KB piece, with integers at both ends of their range.
        let value = JSONWriter.Value.generated(count: 5_000) { index in
            .object([("n", .integer(index == 0 ? .min : index == 1 ? .max : index * 7)), ("s", .string("/p/\(index)~\"x\""))])
        }
        var pieces: [String] = []
        JSONWriter.write(value, to: { pieces.append($0) })
        #expect(pieces.count > 1)
        #expect(pieces.joined() == JSONWriter.prettyPrinted(value))
        #expect(JSONWriter.line(.array([.integer(.min), .integer(0), .integer(-10)])) == "[\(Int.min),0,-10]\n")
        #expect(JSONWriter.prettyPrinted(.string("/p/1~\"x\"")) == #""/p/1~\"x\"""# + "\n")
    }

    @Test func pointersEscapeTildesAndSlashesOnlyInTheTokensThatHoldThem() {
        #expect(JSONPointer(tokens: ["applinks", "details", "0", "components", "12", "/"]).description == "/applinks/details/0/components/12/~1")
        #expect(JSONPointer(tokens: ["a~b", "c", "é"]).description == "/a~0b/c/é")
        #expect(JSONPointer(tokens: [""]).description == "/")
        #expect(JSONPointer.root.description == "")
    }

    @Test func jsonReportParsesBackToTheDiagnostics() throws {
        let document = try jsonObject(JSONReporter().render(SampleReport.report))
        #expect(document["version"] as? Int == 1)
        #expect((document["tool"] as? [String: Any])?["version"] as? String == AASALintVersion.current)
        #expect(document["files"] as? Int == 2)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["message"] as? String } == SampleReport.report.diagnostics.map(\.message))
        #expect(diagnostics.map { $0["pointer"] as? String } == SampleReport.report.diagnostics.map { $0.location.pointer?.description })
        #expect(diagnostics.map { $0["file"] as? String } == SampleReport.report.diagnostics.map(\.location.file))
    }

    // MARK: SARIF

    @Test func sarifMeetsGitHubRequirements() throws {
        let log = try jsonObject(SARIFReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        try #require(runs.count == 1)
        let run = runs[0]
        #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == "aasalint/")
        #expect((run["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == true)

        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "aasalint")
        #expect(driver["version"] as? String == AASALintVersion.current)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == SampleReport.rules.map(\.id))
        for rule in rules {
            #expect(!text(rule["shortDescription"]).isEmpty)
            #expect(!text(rule["fullDescription"]).isEmpty)
            let help = try #require(rule["help"] as? [String: Any])
            #expect(!((help["text"] as? String) ?? "").isEmpty)
            #expect(!((help["markdown"] as? String) ?? "").isEmpty)
            #expect((rule["helpUri"] as? String)?.hasPrefix("https://") == true)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
        }

        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == SampleReport.report.diagnostics.count)
        for result in results {
            let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(physical["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect(!uri.hasPrefix("/") && !uri.contains("://") && !uri.contains(" "))
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let region = try #require(physical["region"] as? [String: Any])
            for field in ["startLine", "startColumn", "endLine", "endColumn"] {
                #expect((region[field] as? Int ?? 0) >= 1, "\(field) in \(region)")
            }
            let fingerprint = (result["partialFingerprints"] as? [String: Any])?["aasalint/v1"] as? String
            #expect(fingerprint?.wholeMatch(of: /[0-9a-f]{16}:[0-9]+/) != nil)
        }
    }

    @Test func sarifRuleIndexPointsAtTheResultsRule() throws {
        let log = try jsonObject(SARIFReporter(sourceRoot: SampleReport.sourceRoot).render(SampleReport.report))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require((run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        // The sample lists its rules in a different order from its findings.
        #expect(results.map { $0["ruleIndex"] as? Int } == [3, 2, 0, 1])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
    }

    @Test func sarifLeavesOutTheIndexOfAnUndescribedRule() throws {
        let log = try jsonObject(SARIFReporter(sourceRoot: SampleReport.sourceRoot)
            .render(LintReport(diagnostics: [finding(ruleID: "custom-rule")], fileCount: 1, rules: [])))
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "custom-rule")
        #expect(result["ruleIndex"] == nil)
    }

    @Test(arguments: [
        ("ios/My App/App.entitlements", "ios/My%20App/App.entitlements"),
        ("./web/apple-app-site-association", "web/apple-app-site-association"),
        ("a:b/c+d#e?f%g/é.json", "a%3Ab/c%2Bd%23e%3Ff%25g/%C3%A9.json"),
        ("Fixtures/x_y-z.~1.entitlements", "Fixtures/x_y-z.~1.entitlements"),
    ])
    func relativePathsBecomeEncodedURIsUnderTheSourceRoot(path: String, uri: String) {
        #expect(artifactLocation(path) == "{\n  \"uri\": \"\(uri)\",\n  \"uriBaseId\": \"%SRCROOT%\"\n}\n")
    }

    /// Paths are relative to the working directory, URIs to the repository root above it.
    @Test(arguments: [
        ("apple-app-site-association", "web/apple-app-site-association"),
        ("../ios/App.entitlements", "ios/App.entitlements"),
        ("/home/dev/shop/web/a", "web/a"),
    ])
    func pathsFromASubfolderAreRelativeToTheRoot(path: String, uri: String) {
        let root = SourceRoot(path: "/home/dev/shop", workingDirectory: "/home/dev/shop/web")
        #expect(artifactLocation(path, root: root) == "{\n  \"uri\": \"\(uri)\",\n  \"uriBaseId\": \"%SRCROOT%\"\n}\n")
    }

    @Test(arguments: [
        ("/tmp/my site/aasa", "file:///tmp/my%20site/aasa"),
        ("../../other/aasa", "file:///home/other/aasa"),
        ("/home/dev/shopfront/aasa", "file:///home/dev/shopfront/aasa"),
    ])
    func pathsOutsideTheRootBecomeFileURIs(path: String, uri: String) {
        #expect(artifactLocation(path) == "{\n  \"uri\": \"\(uri)\"\n}\n")
    }

    @Test func downloadsKeepTheirURL() {
        let url = "https://example.com/.well-known/apple-app-site-association"
        #expect(artifactLocation(url) == "{\n  \"uri\": \"\(url)\"\n}\n")
    }

    @Test func theSourceRootIsAFolderURI() throws {
        let root = SourceRoot(path: "/home/dev/my shop/", workingDirectory: "/")
        let log = try jsonObject(SARIFReporter(sourceRoot: root).render(LintReport(diagnostics: [], fileCount: 0, rules: [])))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
        #expect(bases == ["%SRCROOT%": ["uri": "file:///home/dev/my%20shop/"]])
        #expect(SARIFReporter.fileURI(ofFolder: "/") == "file:///")
    }

    /// GitHub rejects a run of more than 25,000 results: the most severe are kept, in report
    /// order, and a notification counts the rest.
    @Test func resultsStopAtTheLimitKeepingTheMostSevere() throws {
        let diagnostics = [Severity.note, .error, .warning, .note, .error].enumerated().map { index, severity in
            finding(line: index + 1, severity: severity, message: "finding \(index)")
        }
        let reporter = SARIFReporter(sourceRoot: SampleReport.sourceRoot, resultLimit: 3)
        let log = try jsonObject(reporter.render(LintReport(diagnostics: diagnostics, fileCount: 1, rules: [])))
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { text($0["message"]) } == ["finding 1", "finding 2", "finding 4"])
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.map { $0["level"] as? String } == ["warning"])
        #expect(notifications.map { text($0["message"]) } == [
            "2 of 5 findings are left out: GitHub code scanning accepts at most 3 results in a run, so this report keeps "
                + "the most severe ones; run aasalint with --format text or json to see them all",
        ])

        let underLimit = try jsonObject(reporter.render(LintReport(diagnostics: Array(diagnostics.prefix(3)), fileCount: 1, rules: [])))
        let invocations = (underLimit["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]]
        #expect(invocations?.first?["toolExecutionNotifications"] == nil)
        #expect(SARIFReporter.resultLimit == 25_000)
    }

    @Test func regionsAreValidEvenWhenEmpty() {
        func region(_ start: (Int, Int), _ end: (Int, Int)) -> String {
            let range = SourceRange(start: SourcePosition(line: start.0, column: start.1), end: SourcePosition(line: end.0, column: end.1))
            return JSONWriter.prettyPrinted(SARIFReporter.region(range)).filter { !$0.isWhitespace }
        }
        #expect(region((1, 1), (1, 1)) == #"{"startLine":1,"startColumn":1,"endLine":1,"endColumn":1}"#)
        #expect(region((2, 5), (2, 9)) == #"{"startLine":2,"startColumn":5,"endLine":2,"endColumn":9}"#)
        #expect(region((2, 5), (4, 1)) == #"{"startLine":2,"startColumn":5,"endLine":4,"endColumn":1}"#)
        #expect(region((0, 0), (0, 0)) == #"{"startLine":1,"startColumn":1,"endLine":1,"endColumn":1}"#)
    }

    @Test func fingerprintsIgnoreLinesAndCountRepeats() throws {
        let pointer = JSONPointer("/applinks/details/0")
        let first = finding(line: 3, ruleID: "r", pointer: pointer)
        let moved = finding(line: 30, ruleID: "r", pointer: pointer)
        func hash(_ diagnostic: Diagnostic) -> String {
            FindingFingerprint.hash(of: diagnostic, file: diagnostic.location.file)
        }
        #expect(hash(first) == hash(moved))
        #expect(hash(first) != hash(finding(line: 3, ruleID: "other", pointer: pointer)))
        #expect(hash(first) != hash(finding(line: 3, ruleID: "r", pointer: nil)))
        // Computed independently: FNV-1a 64 of "exclude-shadowed\0web/apple-app-site-association\0#/applinks/details/0".
        let known = finding(file: "web/apple-app-site-association", ruleID: "exclude-shadowed", pointer: pointer)
        #expect(hash(known) == "55a52b72a9205c2c")

        let log = try jsonObject(SARIFReporter(sourceRoot: SampleReport.sourceRoot).render(LintReport(diagnostics: [first, moved], fileCount: 1, rules: [])))
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["aasalint/v1"] }
        #expect(fingerprints == ["\(hash(first)):1", "\(hash(first)):2"])
    }

    /// The same file from the root and from a subfolder is the same alert.
    @Test func fingerprintsDoNotDependOnTheWorkingDirectory() throws {
        func fingerprint(file: String, workingDirectory: String) throws -> String? {
            let root = SourceRoot(path: "/home/dev/shop", workingDirectory: workingDirectory)
            let log = try jsonObject(SARIFReporter(sourceRoot: root).render(LintReport(diagnostics: [finding(file: file)], fileCount: 1, rules: [])))
            let result = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
            return (result?["partialFingerprints"] as? [String: String])?["aasalint/v1"]
        }
        let fromRoot = try fingerprint(file: "web/aasa", workingDirectory: "/home/dev/shop")
        #expect(fromRoot != nil)
        #expect(try fingerprint(file: "aasa", workingDirectory: "/home/dev/shop/web") == fromRoot)
    }

    @Test func ruleNamesAndDescriptionsComeFromTheDescription() {
        #expect(SARIFReporter.upperCamelCaseName(of: "exclude-shadowed") == "ExcludeShadowed")
        #expect(SARIFReporter.upperCamelCaseName(of: "appid-prefix_2") == "AppidPrefix2")
        #expect(SARIFReporter.firstParagraph(of: "\n  One line\n  and more.\n\n  Second.") == "One line and more.")
        #expect(SARIFReporter.firstParagraph(of: "  \n") == nil)
    }

    // MARK: Helpers

    private func finding(
        file: String = "f.json",
        line: Int = 1,
        column: Int = 1,
        severity: Severity = .error,
        message: String = "m",
        ruleID: String = "r",
        pointer: JSONPointer? = nil
    ) -> Diagnostic {
        let position = SourcePosition(line: line, column: column)
        return Diagnostic(
            ruleID: ruleID,
            severity: severity,
            message: message,
            location: Location(file: file, range: SourceRange(start: position, end: position), pointer: pointer))
    }

    /// A one-line file `f.json` with one finding over the scalars `start..<end`.
    private func snippetReport(line: String, start: Int, end: Int) -> LintReport {
        let range = SourceRange(start: SourcePosition(line: 1, column: start + 1), end: SourcePosition(line: 1, column: end + 1))
        return LintReport(
            diagnostics: [Diagnostic(ruleID: "r", severity: .error, message: "m", location: Location(file: "f.json", range: range, pointer: nil))],
            fileCount: 1,
            rules: [],
            sources: ["f.json": LineTable(Array(line.utf8))])
    }

    private func artifactLocation(_ path: String, root: SourceRoot = SampleReport.sourceRoot) -> String {
        JSONWriter.prettyPrinted(SARIFReporter(sourceRoot: root).artifact(path).location)
    }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func text(_ message: Any?) -> String {
        (message as? [String: Any])?["text"] as? String ?? ""
    }

    private func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/reporters/\(name)")
        if let mismatch = try Golden.mismatch(of: actual, with: url) {
            Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
        }
    }
}

/// Four findings in two files, covering a related location, an example URL, a fix, a
/// message with an ESC and a newline, a range that spans lines, and source lines with tabs,
/// non-ASCII and a raw control character before or under the range.
private enum SampleReport {
    /// aasalint ran at the repository's top level.
    static let sourceRoot = SourceRoot(path: "/home/dev/shop", workingDirectory: "/home/dev/shop")
    static let aasaPath = "web/.well-known/apple-app-site-association"
    static let entitlementsPath = "ios/My App/App.entitlements"

    static let aasaText = [
        "{",
        "  \"applinks\": {",
        "    \"details\": [",
        "      {",
        "        \"appIDs\": [\"ABCDE12345.com.example.shop\"],",
        "\t\"components\": [{\"/\": \"/café/*\"}, {\"/\": \"/café/menu\", \"exclude\": true}, {",
        "          \"/\": \"*\"",
        "        }],",
        "        \"paths\": [\"/\u{1B}[31mred\"]",
        "      }",
        "    ]",
        "  }",
        "}",
        "",
    ].joined(separator: "\n")

    static let entitlementsText = [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<plist version=\"1.0\">",
        "<dict>",
        "\t<key>aps-environment</key>",
        "\t<string>development</string>",
        "\t<key>com.apple.developer.associated-domains</key>",
        "\t<array>",
        "\t\t<string>applinks:example.com?mode=developer</string>",
        "\t</array>",
        "</dict>",
        "</plist>",
        "",
    ].joined(separator: "\n")

    static let aasaLines = LineTable(Array(aasaText.utf8))
    static let entitlementsLines = LineTable(Array(entitlementsText.utf8))

    /// In neither alphabetical nor finding order, so that a wrong `ruleIndex` shows.
    static let rules = [
        RuleDescription(
            id: "catch-all",
            summary: "A component matches every URL on the domain",
            rationale: """
                A component whose path is `*` opens the app for every link to the domain,
                including pages the app cannot show.

                List the paths the app handles instead.
                """,
            severity: .warning,
            isOptIn: true,
            options: [RuleOptionDescription(name: "allow_root", defaultValue: .bool(false), help: "Accept `/*` as well.")],
            examples: [
                RuleExample(triggers: true, #"{"applinks": {"details": [{"components": [{"/": "*"}]}]}}"#),
                RuleExample(triggers: false, #"{"applinks": {"details": [{"components": [{"/": "/shop/*"}]}]}}"#),
            ]),
        RuleDescription(
            id: "raw-control-character",
            summary: "A string holds a raw control character",
            rationale: "JSON forbids raw control characters in strings; Apple's CDN rejects the file.",
            severity: .error),
        RuleDescription(
            id: "exclude-shadowed",
            summary: "An exclude rule comes after a rule that already opens the URLs it should block",
            rationale: """
                The system tries rules in order and the first match wins. An `exclude` placed
                after a broader rule never sees the URLs that rule matches.

                Move the exclusion above the rule that shadows it, for example:

                ```json
                [{"/": "/help/internal/*", "exclude": true}, {"/": "/help/*"}]
                ```
                """,
            severity: .error),
        RuleDescription(
            id: "developer-mode",
            summary: "An associated domain uses developer mode",
            rationale: "`?mode=developer` bypasses Apple's CDN and only works on devices with developer mode on.",
            severity: .note,
            fileKinds: [.entitlements]),
    ]

    static let report = LintReport(
        diagnostics: [
            Diagnostic(
                ruleID: "exclude-shadowed",
                severity: .error,
                message: #"this exclusion never applies to https://example.com/caf%C3%A9/menu: rule 0 ("/café/*") matches it first"#,
                location: Location(
                    file: aasaPath,
                    range: range(of: #""exclude""#, in: aasaText, aasaLines),
                    pointer: JSONPointer("/applinks/details/0/components/1/exclude")),
                related: [
                    RelatedLocation(
                        Location(
                            file: aasaPath,
                            range: range(of: #"{"/": "/café/*"}"#, in: aasaText, aasaLines),
                            pointer: JSONPointer("/applinks/details/0/components/0")),
                        message: "the earlier rule that matches first")
                ],
                exampleURL: "https://example.com/caf%C3%A9/menu"),
            Diagnostic(
                ruleID: "catch-all",
                severity: .warning,
                message: #""*" matches every URL on the domain, so every link opens the app"#,
                location: Location(
                    file: aasaPath,
                    range: range(of: "{\n          \"/\": \"*\"\n        }", in: aasaText, aasaLines),
                    pointer: JSONPointer("/applinks/details/0/components/2"))),
            Diagnostic(
                ruleID: "raw-control-character",
                severity: .error,
                message: "raw control character U+001B in \"/\u{1B}[31mred\n\": write it as \\u001b",
                location: Location(
                    file: aasaPath,
                    range: range(of: "\u{1B}", in: aasaText, aasaLines),
                    pointer: JSONPointer("/applinks/details/0/paths/0"))),
            Diagnostic(
                ruleID: "developer-mode",
                severity: .note,
                message: "developer mode only works on devices with developer mode turned on",
                location: Location(
                    file: entitlementsPath,
                    range: range(of: "applinks:example.com?mode=developer", in: entitlementsText, entitlementsLines),
                    pointer: JSONPointer("/com.apple.developer.associated-domains/0")),
                fix: Fix("remove `?mode=developer` before release")),
        ].sorted(by: Diagnostic.reportOrder),
        fileCount: 2,
        rules: rules,
        sources: [aasaPath: aasaLines, entitlementsPath: entitlementsLines])

    /// The range of the first occurrence of `needle`, located by bytes as the parsers do.
    private static func range(of needle: String, in text: String, _ lines: LineTable) -> SourceRange {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        let offset = (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) } ?? 0
        return lines.range(ofOffsets: offset..<(offset + pattern.count))
    }
}
