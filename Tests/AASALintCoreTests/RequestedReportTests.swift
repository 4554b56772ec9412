import Testing
@testable import AASALintCore

/// `FORMAT[:FILE]` of `--format` and `formats:`, and the one-line JSON of MCP messages.
@Suite struct RequestedReportTests {
    @Test(arguments: [
        ("text", RequestedReport(format: .text, file: nil)),
        ("sarif:aasalint.sarif", RequestedReport(format: .sarif, file: "aasalint.sarif")),
        ("gitlab:reports/a:b.json", RequestedReport(format: .gitlab, file: "reports/a:b.json")),
        ("junit:C:\\ci\\junit.xml", RequestedReport(format: .junit, file: "C:\\ci\\junit.xml")),
    ])
    func theFormatIsWhatComesBeforeTheFirstColon(text: String, expected: RequestedReport) throws {
        let parsed = try RequestedReport(text)
        #expect(parsed == expected)
        #expect(parsed.description == text)
    }

    @Test(arguments: [
        ("sarf:x.sarif", "'sarf' is not a report format; did you mean 'sarif'?"),
        ("json:", "'json:' names no file after the colon"),
        (":x", "'' is not a report format"),
    ])
    func badValuesSayWhatIsWrong(text: String, message: String) {
        #expect(throws: UsageError.self) { try RequestedReport(text) }
        do {
            _ = try RequestedReport(text)
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func aLineOfJSONHoldsTheWholeDocument() {
        let value = JSONWriter.Value.object([
            ("a", .array([.integer(1), .string("x\ny"), .object([])])),
            ("b", .object([("c", .null), ("d", .bool(true))])),
            ("e", .array([])),
        ])
        #expect(JSONWriter.line(value) == #"{"a":[1,"x\ny",{}],"b":{"c":null,"d":true},"e":[]}"# + "\n")
    }
}
