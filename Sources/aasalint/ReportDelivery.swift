import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a finding report reaches the user, the same for every command that reports findings:
/// the format, `--output` or standard output in buffered writes, colour and snippets, and the
/// exit status `--fail-on` asks for.
struct ReportDelivery {
    /// Which report, where, and the exit status.
    struct Options: CommandOptions {
        let format = ValueOption("format", short: "f", valueName: "FORMAT", allowedValues: ConfigurationLoader.formats,
                                 help: "Report format (default: text)")
        let output = ValueOption("output", short: "o", valueName: "FILE", completion: .files,
                                 help: "Write the report to FILE instead of standard output")
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

    let format: ReportFormat
    let failOn: Severity?
    let outputFile: String?
    /// `--step-summary`: where the Markdown report is added as well.
    let summaryFile: String?
    let textOptions: TextReporter.Options
    private let output: StandardStreams

    /// `ruleSummary` is `--summary` for the commands that offer it.
    init(_ parsed: ParsedArguments<Options>, _ presentation: ParsedArguments<PresentationOptions>,
         configuration: Configuration, output: StandardStreams, ruleSummary: Bool = false) {
        format = (parsed[\.format] ?? configuration.format).flatMap(ReportFormat.init(rawValue:)) ?? .text
        failOn = parsed[\.failOn].map { Severity(rawValue: $0) } ?? configuration.failOn.resolved(default: .error)
        outputFile = parsed[\.output]
        summaryFile = parsed[\.stepSummary]
        let toTerminal = outputFile == nil && output.isTerminal
        let colorAllowed = !presentation[\.noColor] && EnvironmentVariable.value(of: "NO_COLOR").map(\.isEmpty) ?? true
        let quiet = presentation[\.quiet]
        textOptions = TextReporter.Options(color: toTerminal && colorAllowed,
                                           snippets: !quiet && (presentation[\.snippet] || toTerminal),
                                           quiet: quiet, ruleSummary: ruleSummary)
        self.output = output
    }

    /// Writes the report to `--output`, or else to standard output, as the format's reporter makes it.
    func deliver(_ report: LintReport, sourceRoot: SourceRoot) throws {
        let reporter = format.reporter(options: textOptions, sourceRoot: sourceRoot)
        func send(to destination: (String) -> Void) {
            withoutActuallyEscaping(destination) { destination in
                var buffer = BufferedOutput(destination)
                reporter.write(report) { buffer.write($0) }
                buffer.flush()
            }
        }
        if let outputFile {
            try FileReplacement.write(to: outputFile, send)
        } else {
            send(to: output.writePiece)
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
    func exitStatus(for report: LintReport, hadProblems: Bool) -> Int32 {
        if hadProblems { return ExitStatus.failure }
        return report.fails(at: failOn) ? ExitStatus.findings : ExitStatus.success
    }
}
