import Foundation
import Testing
@testable import AASALintCore

/// The CI formats (GitLab, JUnit, Checkstyle, SonarQube, Azure Pipelines) with file names and
/// messages that hold every character their syntax reads: each comes back intact from the
/// format's own escaping, and none starts a command, element or line of its own. Their goldens
/// are in ReporterTests; `.ci/run` reads them with each consumer's reader.
@Suite struct CIReporterTests {
    static let root = SourceRoot(path: "/repo", workingDirectory: "/repo")
    static let hostileName = "we]ird;dir %25/\"q\" 'a' <b>&c\n##vso[task.setvariable variable=x]y/apple-app-site-association"
    static let hostileMessage = "50% of \"paths\" <match> & ';' ]fail\r\n##vso[task.complete result=Failed]done\u{1B}[2J"

    static let report = LintReport(diagnostics: [
        Diagnostic(ruleID: "catch-all", severity: .error, message: hostileMessage,
                   location: Location(file: hostileName, range: SourceRange(start: .init(line: 3, column: 5), end: .init(line: 3, column: 9)),
                                      pointer: JSONPointer("/applinks/details/0")),
                   related: [RelatedLocation(Location(file: hostileName, range: SourceRange(start: .init(line: 2, column: 1), end: .init(line: 2, column: 4)), pointer: nil),
                                             message: "the <earlier> rule & more")],
                   exampleURL: "https://example.com/a?b=1&c=%20"),
        Diagnostic(ruleID: "developer-mode", severity: .note, message: "note",
                   location: Location(file: "build/Shop.ipa!Payload/Shop.app/Shop", range: SourceRange(start: .init(line: 8, column: 2), end: .init(line: 8, column: 9)),
                                      pointer: nil)),
    ], fileCount: 2, rules: [])

    static func rendered(_ format: ReportFormat) -> String {
        format.reporter(sourceRoot: root).render(report)
    }

    static let expectedMessage = hostileMessage + ". Example: https://example.com/a?b=1&c=%20"

    @Test func gitlabKeepsNamesAndMessagesAndSharesSARIFFingerprints() throws {
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(Self.rendered(.gitlab).utf8)) as? [[String: Any]])
        try #require(issues.count == 2)
        #expect(issues[0]["description"] as? String == Self.expectedMessage)
        let location = try #require(issues[0]["location"] as? [String: Any])
        #expect(location["path"] as? String == Self.hostileName)
        #expect((location["lines"] as? [String: Int])?["begin"] == 3)
        #expect(((location["positions"] as? [String: Any])?["begin"] as? [String: Int]) == ["line": 3, "column": 5])
        #expect(issues.map { $0["severity"] as? String } == ["critical", "info"])
        // Inside a signed app the artifact is the file, and the executable leads the message.
        let signed = try #require(issues[1]["location"] as? [String: Any])
        #expect(signed["path"] as? String == "build/Shop.ipa")
        #expect(signed["positions"] == nil)
        #expect(issues[1]["description"] as? String == "Payload/Shop.app/Shop: note")

        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(Self.rendered(.sarif).utf8)) as? [String: Any])
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(issues.map { $0["fingerprint"] as? String } == results.map { ($0["partialFingerprints"] as? [String: String])?["aasalint/v1"] })
    }

    @Test func sonarqubeCountsColumnsFromZeroAndLeavesEmptyRangesToTheLine() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(Self.rendered(.sonarqube).utf8)) as? [String: Any])
        let issues = try #require(document["issues"] as? [[String: Any]])
        let primary = try #require(issues.first?["primaryLocation"] as? [String: Any])
        #expect(primary["filePath"] as? String == Self.hostileName)
        #expect(primary["message"] as? String == Self.expectedMessage)
        #expect(primary["textRange"] as? [String: Int] == ["startLine": 3, "endLine": 3, "startColumn": 4, "endColumn": 8])
        let secondary = try #require((issues.first?["secondaryLocations"] as? [[String: Any]])?.first)
        #expect(secondary["message"] as? String == "the <earlier> rule & more")
        let rules = try #require(document["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["catch-all", "developer-mode"])
        #expect(rules.map { ($0["impacts"] as? [[String: String]])?.first?["severity"] } == ["HIGH", "LOW"])
        func range(_ start: (Int, Int), _ end: (Int, Int)) -> String {
            JSONWriter.prettyPrinted(SonarQubeReporter.textRange(SourceRange(start: .init(line: start.0, column: start.1), end: .init(line: end.0, column: end.1))))
                .filter { !$0.isWhitespace }
        }
        #expect(range((1, 1), (1, 1)) == #"{"startLine":1}"#)
        #expect(range((2, 5), (4, 1)) == #"{"startLine":2,"endLine":4,"startColumn":4,"endColumn":0}"#)
    }

    /// What an XML reader gives back for an attribute value or character data.
    private static func unescapedXML(_ text: some StringProtocol) -> String {
        String(text).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The value of the first `name="..."` in `text`.
    private static func attribute(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: " \(name)=\"") else { return nil }
        let rest = text[start.upperBound...]
        return rest.firstIndex(of: "\"").map { unescapedXML(rest[..<$0]) }
    }

    @Test(arguments: [ReportFormat.junit, .checkstyle])
    func xmlFormatsEscapeEverySpecialCharacter(format: ReportFormat) throws {
        let xml = Self.rendered(format)
        let visible = TerminalText.escaped(Self.expectedMessage)
        #expect(Self.attribute("message", in: xml) == visible)
        #expect(Self.attribute("name", in: " " + xml.components(separatedBy: format == .junit ? "<testsuite " : "<file ")[1]) == TerminalText.escaped(Self.hostileName))
        // Markup comes only from the reporter: every < starts one of its elements.
        let elements = Set(xml.split(separator: "<").dropFirst().map { $0.prefix { $0.isLetter || $0 == "/" || $0 == "?" } })
        #expect(elements.isSubset(of: ["?xml", "testsuites", "/testsuites", "testsuite", "/testsuite", "testcase", "/testcase", "failure", "/failure",
                                       "error", "checkstyle", "/checkstyle", "file", "/file"]))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func junitHasACaseForEveryFindingAndOnePassingCaseForACleanRun() {
        let xml = Self.rendered(.junit)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(xml.contains("<testsuites name=\"aasalint\" tests=\"2\" failures=\"2\" errors=\"0\">"))
        let clean = JUnitReporter(sourceRoot: Self.root).render(LintReport(diagnostics: [], fileCount: 3, rules: []))
        #expect(clean.contains("<testcase classname=\"aasalint\" name=\"no problems in 3 files\"/>"))
        let incomplete = JUnitReporter(sourceRoot: Self.root).render(LintReport(diagnostics: [], fileCount: 0, rules: [], problems: ["web/x: cannot read"]))
        #expect(incomplete.contains("<error message=\"web/x: cannot read\" type=\"input\"/>"))
        #expect(incomplete.contains("tests=\"1\" failures=\"0\" errors=\"1\""))
    }

    /// As the agent reads a logging command: the properties up to the first `]`, split on `;`,
    /// then each value and the message unescaped.
    @Test func azureCommandsCannotBeEndedOrInjected() throws {
        let lines = Self.rendered(.azure).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines.filter { $0.contains("##vso[") }.allSatisfy { $0.hasPrefix("##vso[task.logissue ") })
        let first = String(lines[0].dropFirst("##vso[task.logissue ".count))
        let end = try #require(first.firstIndex(of: "]"))
        func unescaped(_ text: some StringProtocol) -> String {
            String(text).replacingOccurrences(of: "%3B", with: ";").replacingOccurrences(of: "%5D", with: "]")
                .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%AZP25", with: "%")
        }
        let properties = Dictionary(uniqueKeysWithValues: first[..<end].split(separator: ";").map { pair in
            let equals = pair.firstIndex(of: "=")!
            return (String(pair[..<equals]), unescaped(pair[pair.index(after: equals)...]))
        })
        #expect(properties == ["type": "error", "sourcepath": Self.hostileName, "linenumber": "3", "columnnumber": "5", "code": "catch-all"])
        #expect(unescaped(first[first.index(after: end)...]) == Self.expectedMessage.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}"))
        #expect(lines[1] == "##vso[task.logissue type=warning;sourcepath=build/Shop.ipa;code=developer-mode]note: Payload/Shop.app/Shop: note")
        #expect(AzureReporter.escapedData("100%") == "100%AZP25")
    }
}
