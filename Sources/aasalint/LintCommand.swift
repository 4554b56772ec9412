import AASALintCore
import AASALintRules
import Foundation

struct LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Lint apple-app-site-association and .entitlements files under the given paths",
        usage: "aasalint [lint] [options] [PATH ...]",
        options: [
            OptionSpec(name: "format", shortName: "f", valueName: "FORMAT",
                       allowedValues: ReportFormat.allCases.map(\.rawValue), help: "Report format (default: text)"),
            OptionSpec(name: "output", shortName: "o", valueName: "FILE", help: "Write the report to FILE instead of standard output"),
            OptionSpec(name: "fail-on", valueName: "SEVERITY", allowedValues: ["error", "warning", "note", "none"],
                       help: "Exit with status 1 when a finding is at or above SEVERITY (default: error)"),
            OptionSpec(name: "enable", valueName: "ID", isRepeatable: true, help: "Also run this rule (for opt-in rules)"),
            OptionSpec(name: "disable", valueName: "ID", isRepeatable: true, help: "Do not run this rule"),
            OptionSpec(name: "kind", valueName: "KIND", allowedValues: FileKind.allCases.map(\.rawValue),
                       help: "What standard input (\"-\") holds (default: aasa)"),
            OptionSpec(name: "snippet", help: "Show the source line and a caret under each finding (default on a terminal)"),
            OptionSpec(name: "no-color", help: "No ANSI colour (also when NO_COLOR is set)"),
            OptionSpec(name: "quiet", shortName: "q", help: "Print only the findings: no snippets, no summary"),
        ],
        positionals: PositionalSpec(name: "PATH", help: "Files and folders to lint (default: .); - reads standard input")
    )

    let output: StandardStreams

    func run(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: Self.spec)
        } catch {
            return output.fail(error.description)
        }
        if parsed.wantsHelp {
            output.write(HelpFormatter.help(for: Self.spec))
            return ExitStatus.success
        }
        do {
            return try lint(parsed)
        } catch {
            return output.fail(error.description)
        }
    }

    private func lint(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
        let registry: RuleRegistry
        do {
            registry = try BuiltInRules.registry()
        } catch {
            throw UsageError("internal error: \(error)")
        }
        let selection = try RuleSelection(registry: registry, enable: parsed.values("enable"), disable: parsed.values("disable"))
        let format = parsed.value("format").flatMap(ReportFormat.init(rawValue:)) ?? .text
        let failOn = parsed.value("fail-on").map { $0 == "none" ? nil : Severity(rawValue: $0) } ?? .error

        var paths = parsed.positionals.isEmpty ? ["."] : parsed.positionals
        var extraFiles: [LintFile] = []
        if paths.contains("-") {
            paths.removeAll { $0 == "-" }
            let kind = parsed.value("kind").flatMap(FileKind.init(rawValue:)) ?? .aasa
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            extraFiles.append(LintFile(path: "<stdin>", kind: kind, bytes: bytes))
        }

        let (report, problems) = LintSession(selection: selection).run(paths: paths, extraFiles: extraFiles)

        let outputFile = parsed.value("output")
        let toTerminal = outputFile == nil && output.isTerminal
        let options = TextReporter.Options(
            color: toTerminal && !parsed.flag("no-color") && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true,
            snippets: !parsed.flag("quiet") && (parsed.flag("snippet") || toTerminal),
            quiet: parsed.flag("quiet")
        )
        let rendered = format.reporter(options: options).render(report)
        if let outputFile {
            do {
                try Data(rendered.utf8).write(to: URL(fileURLWithPath: outputFile))
            } catch {
                throw UsageError("\(outputFile): cannot write the report (\(error.localizedDescription))")
            }
        } else {
            output.write(rendered)
        }
        for problem in problems {
            output.writeError("aasalint: error: \(problem.message)\n")
        }
        if !problems.isEmpty { return ExitStatus.failure }
        return report.fails(at: failOn) ? ExitStatus.findings : ExitStatus.success
    }
}
