import AASALintCore
import AASALintTooling
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How finding reports reach the user, the same for every command that reports findings: the
/// reports (`--format FORMAT[:FILE]`, repeatable, or `formats:`), `--output` or standard output
/// in buffered writes, colour and snippets, and the exit status `--fail-on` asks for. One lint
/// makes every report.
struct ReportDelivery {
    /// Which reports, where, and the exit status.
    struct Options: CommandOptions {
        let format = ReportListOption("format", short: "f", valueName: "FORMAT", allowedValues: ConfigurationLoader.formats,
                                      help: "Report format (default: text); FORMAT:FILE writes that report to FILE, so that one run writes several")
        let output = ValueOption("output", short: "o", valueName: "FILE", completion: .files,
                                 help: "Write the report without :FILE to FILE instead of standard output")
        let failOn = ValueOption("fail-on", valueName: "SEVERITY", allowedValues: ["error", "warning", "note", "none"],
                                 help: "Exit with status 1 when a finding is at or above SEVERITY (default: error)")
        let stepSummary = ValueOption("step-summary", valueName: "FILE", completion: .files,
                                      help: "Also add the report as Markdown to the end of FILE, such as $GITHUB_STEP_SUMMARY")

        static var fields: [OptionField<Self>] {
            [.option(\.format), .option(\.output), .option(\.failOn), .option(\.stepSummary)]
        }
    }

    /// How the text report looks; they follow `enable`/`disable` and the file options in `--help`.
    struct PresentationOptions: CommandOptions {
        let snippet = Flag("snippet", help: "Show the source line and a caret under each finding (default on a terminal)")
        let noColor = Flag("no-color", help: "No ANSI colour (also when NO_COLOR is set)")
        let quiet = Flag("quiet", short: "q", help: "Print only the findings: no snippets, no summary")

        static var fields: [OptionField<Self>] {
            [.option(\.snippet), .option(\.noColor), .option(\.quiet)]
        }
    }

    /// The statuses of the commands that report findings (`lint`, `fetch`).
    static let findingStatuses: [(status: Int32, meaning: String)] = [
        (ExitStatus.success, "no finding at or above --fail-on"),
        (ExitStatus.findings, "findings at or above --fail-on"),
    ]

    /// The reports, in the order given; at most one has no file.
    let reports: [RequestedReport]
    let failOn: Severity?
    let outputFile: String?
    /// `--step-summary`: where the Markdown report is added as well.
    let summaryFile: String?
    let textOptions: TextReporter.Options
    /// For a text report written to its own file: no colour, snippets only with `--snippet`.
    private let fileTextOptions: TextReporter.Options
    private let output: StandardStreams

    /// `ruleSummary` is `--summary` for the commands that offer it.
    init(_ parsed: ParsedArguments<Options>, _ presentation: ParsedArguments<PresentationOptions>,
         configuration: Configuration, output: StandardStreams, ruleSummary: Bool = false) throws(UsageError) {
        let given = try parsed[\.format].map { text throws(UsageError) in try RequestedReport(text) }
        if !given.isEmpty {
            reports = given
        } else if !configuration.formats.isEmpty {
            reports = configuration.formats.map { report in
                RequestedReport(format: report.format, file: report.file.map(configuration.displayPath(ofConfiguredPath:)))
            }
        } else {
            reports = [RequestedReport(format: configuration.format ?? .text, file: nil)]
        }
        failOn = parsed[\.failOn].map { Severity(rawValue: $0) } ?? configuration.failOn.resolved(default: .error)
        outputFile = parsed[\.output]
        summaryFile = parsed[\.stepSummary]
        try Self.refuseClashes(reports, outputFile: outputFile)
        let toTerminal = outputFile == nil && output.isTerminal
        let colorAllowed = !presentation[\.noColor] && EnvironmentVariable.value(of: "NO_COLOR").map(\.isEmpty) ?? true
        let quiet = presentation[\.quiet]
        textOptions = TextReporter.Options(color: toTerminal && colorAllowed,
                                           snippets: !quiet && (presentation[\.snippet] || toTerminal),
                                           quiet: quiet, ruleSummary: ruleSummary)
        fileTextOptions = TextReporter.Options(color: false, snippets: !quiet && presentation[\.snippet], quiet: quiet, ruleSummary: ruleSummary)
        self.output = output
    }

    /// Two reports to standard output would interleave, and two to one file would overwrite each other.
    private static func refuseClashes(_ reports: [RequestedReport], outputFile: String?) throws(UsageError) {
        let unnamed = reports.filter { $0.file == nil }
        if unnamed.count > 1 {
            throw UsageError("\(unnamed.map(\.format.rawValue).joined(separator: " and ")) would both go to \(outputFile ?? "standard output"): "
                + "give all reports but one a file, as in --format \(unnamed[1].format.rawValue):aasalint.\(unnamed[1].format.rawValue)")
        }
        if outputFile != nil, unnamed.isEmpty {
            throw UsageError("--output names the file of the report without :FILE, and every --format names its own file: drop --output or one :FILE")
        }
        var seen: Set<String> = []
        for file in reports.compactMap(\.file) + [outputFile].compactMap({ $0 }) {
            let key = PathNames.absolute(file)
            guard seen.insert(key).inserted else {
                throw UsageError("two reports would be written to \(file): give each report its own file")
            }
        }
    }

    /// The files reports are written to.
    var reportFiles: [String] { reports.compactMap(\.file) + [outputFile].compactMap { $0 } }

    /// Writes each report to its file, or to `--output`, or else to standard output, as the
    /// format's reporter makes it.
    func deliver(_ report: LintReport, sourceRoot: SourceRoot) throws {
        for requested in reports {
            let path = requested.file ?? outputFile
            let reporter = requested.format.reporter(options: requested.file == nil ? textOptions : fileTextOptions, sourceRoot: sourceRoot)
            func send(to destination: (String) -> Void) {
                withoutActuallyEscaping(destination) { destination in
                    var buffer = BufferedOutput(destination)
                    reporter.write(report) { buffer.write($0) }
                    buffer.flush()
                }
            }
            if let path {
                try FileReplacement.write(to: path, send)
            } else {
                send(to: output.writePiece)
            }
        }
        if let summaryFile {
            try Self.append(ReportFormat.markdown.reporter(sourceRoot: sourceRoot).render(report), to: summaryFile)
        }
    }

    /// A step summary may already hold what earlier commands of the step wrote; it is kept.
    /// (GitHub reads the summary as UTF-8 Markdown, so it is read back as text.)
    private static func append(_ text: String, to path: String) throws(UsageError) {
        var existing = ""
        if FileIdentity(path: path) != nil, case .bytes(let bytes) = try FileReader().contents(ofFile: path) {
            existing = String(decoding: bytes, as: UTF8.self)
        }
        try FileReplacement.write(to: path) { emit in
            emit(existing)
            emit(text)
        }
    }

    /// Failure when the run had problems; otherwise whether a finding reaches `--fail-on`.
    /// After the report, on standard error: the run's warnings, the note on where the analysis
    /// stopped short, then what could not be linted, for every lint whatever its input.
    func reportWarningsAndProblems(of outcome: LintSession.Outcome, to output: StandardStreams) {
        for warning in outcome.warnings {
            output.writeError("aasalint: warning: \(warning)")
        }
        if let notice = outcome.report.analysisLimitNotice {
            output.writeError("aasalint: note: \(notice)")
        }
        for problem in outcome.problems {
            output.writeError("aasalint: error: \(problem.message)")
        }
    }

    func exitStatus(for report: LintReport, hadProblems: Bool) -> Int32 {
        if hadProblems { return ExitStatus.failure }
        return report.fails(at: failOn) ? ExitStatus.findings : ExitStatus.success
    }
}
