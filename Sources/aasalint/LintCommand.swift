import AASALintCore
import AASALintTooling
import AASALintRules
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct LintCommand: KeepingSubcommand {
    static let name = "lint"
    static let spec = CommandSpec(
        name: name,
        summary: "Lint apple-app-site-association and .entitlements files under the given paths",
        usage: "aasalint [lint] [options] [PATH ...]",
        options: Options(),
        positionals: PositionalSpec(name: "PATH", help: "Files and folders to lint (default: .); - reads standard input", completion: .files),
        exitStatuses: ReportDelivery.findingStatuses + [
            (ExitStatus.failure, "aasalint could not do its job: bad usage, a bad configuration, or a path it cannot read or that holds nothing to lint"),
        ]
    )

    struct Options: CommandOptions {
        let report = ReportDelivery.Options()
        let rulePlan = RulePlanOptions()
        let configuration = ConfigurationOptions()
        let repository = RepositoryOptions()
        let printConfig = Flag("print-config", help: "Print the effective configuration and exit")
        let baseline = ValueOption("baseline", valueName: "FILE", completion: .files, help: "Report only findings that this baseline does not accept")
        let writeBaseline = ValueOption("write-baseline", valueName: "FILE", completion: .files, help: "Record the current findings as accepted, in FILE")
        let fix = Flag("fix", help: "Apply the safe fixes to the files, then lint what is left")
        let unsafeFixes = Flag("unsafe-fixes", help: "With --fix or --diff, apply the unsafe fixes too")
        let diff = Flag("diff", help: "Print the fixes as a unified diff and change no file (exit status 1 when there is something to fix)")
        let release = Flag("release", help: "Treat every entitlements file and provisioning profile as a release (shipping) file")
        let explainRelease = Flag("explain-release", help: "Say which entitlements files are release files and why, and exit")
        let asOf = ValueOption("as-of", valueName: "DATE", help: "Judge provisioning-profile expiry on DATE (2026-03-01), such as the release day")
        let kind = ValueOption("kind", valueName: "KIND", allowedValues: FileKind.allCases.map(\.rawValue),
                               help: "What standard input (\"-\") holds (default: from --stdin-filename, else aasa)")
        let stdinFilename = ValueOption("stdin-filename", valueName: "PATH", completion: .files,
                                        help: "The file standard input (\"-\") stands for: its kind, the configuration's overrides, ignores and excludes, and the name in reports")
        let presentation = ReportDelivery.PresentationOptions()
        let summary = Flag("summary", help: "After the summary, count the findings per rule (text format)")
        let allowPlugins = PluginConsent.flag
        let remote = Flag("remote", help: "Instead of local files, check what the configuration's domains serve (as aasalint fetch); with signed apps as PATHs, also their domains, and that each lists the app")
        let download = RemoteRun.Options()

        static var fields: [OptionField<Self>] {
            [
                .group(\.report), .group(\.rulePlan), .group(\.configuration), .group(\.repository), .option(\.printConfig),
                .option(\.baseline), .option(\.writeBaseline), .option(\.fix), .option(\.unsafeFixes), .option(\.diff),
                .option(\.release), .option(\.explainRelease), .option(\.asOf), .option(\.kind), .option(\.stdinFilename),
                .group(\.presentation), .option(\.summary), .option(\.allowPlugins), .option(\.remote), .group(\.download)
            ]
        }
    }

    let output: StandardStreams
    /// Keeps what the lint read and found until the process exits, which frees it faster.
    private let keptUntilExit: KeptUntilExit?

    init(output: StandardStreams, keptUntilExit: KeptUntilExit?) {
        self.output = output
        self.keptUntilExit = keptUntilExit
    }

    func execute(_ parsed: ParsedArguments<Options>) throws -> Int32 {
        try lint(parsed)
    }

    private func lint(_ parsed: ParsedArguments<Options>) throws -> Int32 {
        let configuration = try ConfigurationOptions.load(parsed[\.configuration])
        var options = RunOptions(treatsAllEntitlementsAsRelease: parsed[\.release])
        if let day = parsed[\.asOf] {
            guard let date = CalendarDay.date(day) else {
                throw UsageError("--as-of takes a day written 2026-03-01, not \"\(day)\"")
            }
            options.asOf = date
        }
        if parsed[\.remote] {
            try Self.refuseOptionsThatDoNotApplyToDownloads(parsed)
            let delivery = try ReportDelivery(parsed[\.report], parsed[\.presentation], configuration: configuration, output: output,
                                          ruleSummary: parsed[\.summary])
            let plan = try RemoteRun.plan(configuration, options: options, rulePlan: parsed[\.rulePlan])
            if parsed[\.printConfig] {
                output.write(ConfigurationPrinter.print(plan, reports: delivery.reports, failOn: delivery.failOn))
                return ExitStatus.success
            }
            let sourceRoot = try RepositoryOptions.sourceRoot(parsed[\.repository])
            let signedApps = parsed.positionals.isEmpty ? nil : try RemoteRun.signedApps(at: parsed.positionals)
            let outcome = try RemoteRun(output: output).lint(hosts: try RemoteRun.hosts(configuration, signedFiles: signedApps?.files ?? []),
                                                             signedApps: signedApps, plan: plan, download: parsed[\.download])
            return try finish(outcome, parsed, delivery: delivery, sourceRoot: sourceRoot, changedFiles: nil, fixFailed: false)
        }
        // Neither --print-config nor --explain-release reports findings.
        let runsPlugins = !parsed[\.printConfig] && !parsed[\.explainRelease]
            && PluginConsent.isAllowed(for: configuration, flagGiven: parsed[\.allowPlugins], output: output)
        options.pluginLauncher = runsPlugins ? ProcessPluginLauncher() : nil
        let registry = try ConfigurationOptions.registry(for: configuration)
        let plan = try RulePlan(registry: registry, configuration: configuration, options: options,
                                enable: parsed[\.rulePlan][\.enable], disable: parsed[\.rulePlan][\.disable])
        let delivery = try ReportDelivery(parsed[\.report], parsed[\.presentation], configuration: configuration, output: output,
                                      ruleSummary: parsed[\.summary])
        if parsed[\.printConfig] {
            output.write(ConfigurationPrinter.print(plan, reports: delivery.reports, failOn: delivery.failOn))
            return ExitStatus.success
        }
        let sourceRoot = try RepositoryOptions.sourceRoot(parsed[\.repository])
        let changedFiles = try RepositoryOptions.changedFiles(parsed[\.repository])

        var paths = parsed.positionals.isEmpty ? ["."] : parsed.positionals
        var extraFiles: [LintFile] = []
        if paths.contains("-") {
            paths.removeAll { $0 == "-" }
            extraFiles += try StandardInputFile.read(kind: parsed[\.kind].flatMap(FileKind.init(rawValue:)),
                                                         standingFor: parsed[\.stdinFilename])
        } else if parsed[\.stdinFilename] != nil {
            throw UsageError("--stdin-filename names the file that standard input stands for: use it with -, as in `aasalint lint - --stdin-filename PATH`")
        }

        let baseline = try loadBaseline(parsed, configuration: configuration)
        // Usage errors before the tree is read.
        if parsed[\.fix] || parsed[\.diff] {
            guard extraFiles.isEmpty else {
                throw UsageError("--fix and --diff work on files, and standard input (-) is not one: name the file on the command line")
            }
        } else if parsed[\.unsafeFixes] {
            throw UsageError("--unsafe-fixes says which fixes --fix or --diff apply: use it with one of them")
        }
        let session = LintSession(plan: plan, baseline: baseline, retention: keptUntilExit?.retention)
        var workspace = session.read(paths: paths, extraFiles: extraFiles)
        var fixFailed = false
        var lintOfFixedFiles: LintSession.Outcome?
        if parsed[\.fix] || parsed[\.diff] {
            let fixing = FixCommandRun(output: output, writes: !parsed[\.diff])
            let (outcome, written, failed) = fixing.run(FixSession(plan: plan, baseline: baseline, appliesUnsafeFixes: parsed[\.unsafeFixes]),
                                                        on: workspace)
            if parsed[\.diff] { return failed ? ExitStatus.failure : outcome.fixCount > 0 ? ExitStatus.findings : ExitStatus.success }
            fixFailed = failed
            // What is left is reported on the files as written, without reading anything again:
            // the last round linted them, unless a write failed or plugins are to run.
            lintOfFixedFiles = failed ? nil : outcome.lintOfResult
            workspace = workspace.replacingContents(written)
        }
        let outcome = lintOfFixedFiles ?? session.lint(workspace)
        return try finish(outcome, parsed, delivery: delivery, sourceRoot: sourceRoot, changedFiles: changedFiles, fixFailed: fixFailed)
    }

    /// What every lint does with its outcome, whatever its input (files, standard input,
    /// downloads): explain the release files, write the baseline, deliver the reports, say what
    /// could not be linted, and choose the exit status.
    private func finish(_ outcome: LintSession.Outcome, _ parsed: ParsedArguments<Options>, delivery: ReportDelivery,
                        sourceRoot: SourceRoot, changedFiles: ChangedFiles?, fixFailed: Bool) throws -> Int32 {
        keptUntilExit?.keep(outcome)
        if parsed[\.explainRelease] {
            let lines = outcome.releaseExplanation.isEmpty ? ["no entitlements files among the linted files"] : outcome.releaseExplanation
            output.write(TerminalText.lines(lines))
            delivery.reportWarningsAndProblems(of: outcome, to: output)
            return outcome.problems.isEmpty ? ExitStatus.success : ExitStatus.failure
        }

        try refuseOverwritingLintedFiles([parsed[\.writeBaseline]].compactMap { $0 } + delivery.reportFiles, outcome: outcome)
        if let baselinePath = parsed[\.writeBaseline] {
            // A baseline written to a device or FIFO (`/dev/stdout`) starts anew: there is nothing to read back.
            let previous = FileReplacement.isRegularFile(baselinePath) ? try readBaseline(at: baselinePath) : Baseline(entries: [])
            let written = previous.recording(outcome.allDiagnostics, relativeTo: Self.folder(of: baselinePath), scope: outcome.scope)
            try write(written.json, to: baselinePath)
            let kept = written.entries.count - outcome.allDiagnostics.count
            output.writeError("aasalint: recorded \(Quantity.counted(outcome.allDiagnostics.count, "finding")) in \(baselinePath)"
                + (kept > 0 ? ", and kept \(Quantity.counted(kept, "entry", plural: "entries")) for files not linted in this run" : ""))
        }

        let report = changedFiles.map { changed in outcome.report.keepingDiagnostics { changed.contains($0.location.file) } }
            ?? outcome.report
        try delivery.deliver(report, sourceRoot: sourceRoot)
        delivery.reportWarningsAndProblems(of: outcome, to: output)
        if parsed[\.writeBaseline] != nil, outcome.problems.isEmpty, !fixFailed { return ExitStatus.success }
        return delivery.exitStatus(for: report, hadProblems: !outcome.problems.isEmpty || fixFailed)
    }

    /// `--remote` lints what the hosts serve now: options about local files (fixing them,
    /// baselines of their findings, git changes, standard input, plugins that read the tree)
    /// would be ignored, so they are refused rather than silently dropped.
    private static func refuseOptionsThatDoNotApplyToDownloads(_ parsed: ParsedArguments<Options>) throws(UsageError) {
        let refused: [(given: Bool, option: String, reason: String)] = [
            (parsed[\.fix] || parsed[\.diff] || parsed[\.unsafeFixes], parsed[\.diff] ? "--diff" : parsed[\.fix] ? "--fix" : "--unsafe-fixes",
             "a downloaded file is not yours to fix here: fix the file you deploy and lint it without --remote"),
            (parsed[\.baseline] != nil, "--baseline", "a baseline accepts findings of local files; --remote reports what the hosts serve now"),
            (parsed[\.writeBaseline] != nil, "--write-baseline", "a baseline accepts findings of local files; --remote reports what the hosts serve now"),
            (parsed[\.repository][\.changedSince] != nil, "--changed-since", "git knows nothing of what the hosts serve"),
            (parsed[\.explainRelease], "--explain-release", "it explains local entitlements files; lint them without --remote"),
            (parsed[\.stdinFilename] != nil || parsed[\.kind] != nil, parsed[\.kind] != nil ? "--kind" : "--stdin-filename",
             "--remote reads no standard input"),
            (parsed.positionals.contains("-"), "-", "--remote reads no standard input; its PATHs are signed apps"),
            (parsed[\.allowPlugins], "--allow-plugins", "plugins read the repository's files, and --remote lints downloads"),
        ]
        if let first = refused.first(where: \.given) {
            throw UsageError("\(first.option) does not apply to --remote: \(first.reason)")
        }
    }

    private func loadBaseline(_ parsed: ParsedArguments<Options>, configuration: Configuration) throws -> (Baseline, String)? {
        let path = parsed[\.baseline] ?? configuration.baseline.map { configuration.displayPath(ofConfiguredPath: $0) }
        guard let path, parsed[\.writeBaseline] == nil else { return nil }
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(path): cannot read the baseline (write one with --write-baseline \(path))")
        }
        return (try readBaseline(at: path), Self.folder(of: path))
    }

    private func readBaseline(at path: String) throws -> Baseline {
        guard case .bytes(let bytes) = try FileReader().contents(ofFile: path) else {
            throw UsageError("\(path): the baseline is too large to read (over \(FileReader.defaultReadLimit) bytes)")
        }
        return try Baseline(json: bytes, path: path)
    }

    /// `--output` or `--write-baseline` naming a linted file (by any path) would replace what was linted.
    private func refuseOverwritingLintedFiles(_ targets: [String], outcome: LintSession.Outcome) throws(UsageError) {
        let linted = Set(outcome.report.sources.keys.compactMap(FileIdentity.init(path:)))
        for target in targets {
            guard let identity = FileIdentity(path: target), linted.contains(identity) else { continue }
            throw UsageError("\(target) is one of the files being linted; aasalint will not write over it: give the report or baseline another name")
        }
    }

    func write(_ text: String, to path: String) throws {
        try FileReplacement.write(to: path) { $0(text) }
    }

    private static func folder(of path: String) -> String {
        let folder = PathNames.folder(of: path)
        return folder.isEmpty ? "." : folder
    }
}

/// What `aasalint lint -` reads: standard input, as the file `--stdin-filename` names (its kind
/// from the name unless `--kind` says), or as `<stdin>`. An artifact read this way is an `.ipa`,
/// and stands for the entitlements files of its executables.
enum StandardInputFile {
    static func read(kind givenKind: FileKind?, standingFor name: String?) throws(UsageError) -> [LintFile] {
        let path = name.map(DisplayPath.of) ?? "<stdin>"
        guard let contents = FileReader().contents(of: InputDescriptor.standardInput) else {
            throw UsageError("\(path): cannot read standard input")
        }
        let kind = givenKind ?? name.map(FileDiscovery.kind(ofExplicitName:)) ?? .aasa
        if givenKind == nil, name == nil, case .bytes(let bytes) = contents, let start = propertyListStart(of: bytes) {
            throw UsageError("<stdin>: standard input starts with '\(start)', as a property list does, but is read as an AASA file, "
                + "which is JSON; for an entitlements file add --kind entitlements, or --stdin-filename NAME.entitlements")
        }
        guard kind == .artifact else { return [FileReader.file(path: path, kind: kind, contents)] }
        guard case .bytes(let bytes) = contents else {
            throw UsageError("\(path): standard input is too large to read as an app archive; name the file on the command line, which reads only the entries needed")
        }
        let artifact = ArtifactReader.read(archive: bytes, shownAs: path)
        if let problem = artifact.problems.first { throw problem }
        return artifact.files
    }

    /// `<` (an XML property list, after any byte order mark and white space) or `bplist` (a
    /// binary one), which no JSON document starts with.
    private static func propertyListStart(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: Array("bplist".utf8)) { return "bplist" }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "<") ? "<" : nil
    }
}
