import Foundation
import Testing

/// `--format FORMAT[:FILE]` repeated and `formats:` in the configuration: one lint writes every
/// report, each as a run of that format alone would, and the exit status is computed once.
@Suite struct SeveralReportsTests {
    static let broken = """
        {"applinks": {"details": [{"appIDs": ["W7JAY4CE8.com.example.shop"], "components": [{"/": "/shop/*"}]}]}}
        """

    func workspace(_ files: [String: String] = [:]) throws -> TemporaryFolder {
        let workspace = try TemporaryFolder("reports")
        try workspace.write("web/apple-app-site-association", Self.broken)
        for (path, text) in files { try workspace.write(path, text) }
        return workspace
    }

    func lint(_ arguments: [String], in workspace: TemporaryFolder) throws -> BinaryRun {
        try BinaryRunner.run(["lint"] + arguments, workingDirectory: workspace.url)
    }

    func contents(_ path: String, in workspace: TemporaryFolder) throws -> String {
        String(decoding: try Data(contentsOf: workspace.url.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test func oneRunWritesThreeFormatsEachAsItsOwnRunWould() throws {
        let workspace = try workspace()
        let run = try lint(["--no-config", "--format", "text", "--format", "sarif:aasalint.sarif", "--format", "gitlab:gl-code-quality.json", "web"],
                           in: workspace)
        #expect(run.status == 1, "stderr: \(run.standardError)")
        #expect(run.standardError == "")
        for (format, file) in [("text", nil), ("sarif", "aasalint.sarif"), ("gitlab", "gl-code-quality.json")] {
            let alone = try lint(["--no-config", "--format", format, "web"], in: workspace)
            #expect(alone.status == 1)
            #expect(try file.map { try contents($0, in: workspace) } ?? run.standardOutput == alone.standardOutput, "\(format)")
        }
        #expect(try contents("gl-code-quality.json", in: workspace).contains("\"check_name\": \"invalid-app-id\""))
    }

    /// Files in `formats:` are relative to the configuration's folder, wherever aasalint runs.
    @Test func formatsInTheConfigurationWriteEachReport() throws {
        let workspace = try workspace([".aasalint.yml": "formats: [json, \"checkstyle:checkstyle.xml\", \"junit:reports/junit.xml\"]\nfail_on: none\n"])
        try FileManager.default.createDirectory(at: workspace.url.appendingPathComponent("reports"), withIntermediateDirectories: true)
        let run = try BinaryRunner.run(["lint", "."], workingDirectory: workspace.url.appendingPathComponent("web"))
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput.hasPrefix("{\n  \"version\": 1,"))
        #expect(try contents("checkstyle.xml", in: workspace).contains("source=\"aasalint.invalid-app-id\""))
        #expect(try contents("reports/junit.xml", in: workspace).contains("<testcase classname=\"apple-app-site-association\" name=\"invalid-app-id at 1:"))
        // The command line replaces the configuration's reports.
        let given = try lint(["--format", "azure", "web"], in: workspace)
        #expect(given.standardOutput.hasPrefix("##vso[task.logissue type=error;sourcepath=web/apple-app-site-association;"))
        let printed = try lint(["--print-config"], in: workspace)
        #expect(printed.standardOutput.contains("\"formats\": [\n    \"json\",\n    \"checkstyle:checkstyle.xml\",\n    \"junit:reports/junit.xml\"\n  ]"))
    }

    @Test(arguments: [
        (["--format", "text", "--format", "json"], "text and json would both go to standard output: give all reports but one a file, as in --format json:aasalint.json"),
        (["--format", "sarif:"], "'sarif:' names no file after the colon: write sarif for standard output, or sarif:FILE"),
        (["--format", "sarif:a.sarif", "--format", "gitlab:./a.sarif"], "two reports would be written to ./a.sarif: give each report its own file"),
        (["--format", "sarif:a.sarif", "--output", "b"], "--output names the file of the report without :FILE, and every --format names its own file"),
        (["--format", "json:web/apple-app-site-association"], "web/apple-app-site-association is one of the files being linted; aasalint will not write over it"),
    ])
    func clashingReportsAreRefused(arguments: [String], error: String) throws {
        let run = try lint(["--no-config"] + arguments + ["web"], in: try workspace())
        #expect(run.status == 2)
        #expect(run.standardError.contains("aasalint: error: \(error)"), "stderr: \(run.standardError)")
        #expect(run.standardOutput == "")
    }

    @Test func aMisspeltFormatIsNamedWithASuggestion() throws {
        let run = try lint(["--no-config", "--format", "gitlb:x.json", "web"], in: try workspace())
        #expect(run.status == 2)
        #expect(run.standardError.contains("'gitlb'") && run.standardError.contains("did you mean 'gitlab'?"), "stderr: \(run.standardError)")
    }

    @Test(arguments: [
        ("format: text\nformats: [json]\n", "'format' and 'formats' both say which reports to write"),
        ("formats: [\"sarf:x.sarif\"]\n", "in 'formats': 'sarf' is not a report format; did you mean 'sarif'?"),
    ])
    func badFormatsInTheConfigurationAreErrorsWithTheirPosition(configuration: String, error: String) throws {
        let run = try lint(["web"], in: try workspace([".aasalint.yml": configuration]))
        #expect(run.status == 2)
        #expect(run.standardError.contains(".aasalint.yml:") && run.standardError.contains(error), "stderr: \(run.standardError)")
    }
}
