import AASALintCore

/// `aasalint diff OLD NEW`: which URLs change behaviour between two versions of an AASA file,
/// per app and service, with example URLs computed from the rules.
struct DiffCommand: Subcommand {
    static let name = "diff"
    static let spec = CommandSpec(
        name: name,
        summary: "Compare two AASA files by meaning: which URLs stop or start opening each app",
        usage: "aasalint diff [options] OLD NEW",
        options: Options(),
        positionals: PositionalSpec(name: "OLD NEW",
                                    help: "The two apple-app-site-association files, or two assetlinks.json files (by name, such as old/assetlinks.json); - reads one from standard input, so `aasalint diff <(git show main:PATH) PATH` works",
                                    minimum: 2, maximum: 2, completion: .files),
        exitStatuses: [
            (ExitStatus.success, "the files decide every URL alike for every app compared"),
            (ExitStatus.findings, "some URLs change behaviour, an app is listed or no longer listed, or the comparison is incomplete; with assetlinks.json: an app or a certificate is granted or no longer granted, an include comes or goes, or Android's own verifier starts or stops failing on the file"),
            ExitStatus.failureMeaning,
        ]
    )

    struct Options: CommandOptions {
        let app = ValueOption("app", valueName: "ID", help: "Only this appID, or with assetlinks.json this package (default: every app either file lists)")
        let format = DocumentFormat.option()

        static var fields: [OptionField<Self>] {
            [.option(\.app), .option(\.format)]
        }
    }

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments<Options>) throws -> Int32 {
        try diff(parsed)
    }

    private func diff(_ parsed: ParsedArguments<Options>) throws(UsageError) -> Int32 {
        let paths = parsed.positionals
        guard paths.filter({ $0 == "-" }).count < 2 else { throw UsageError("only one of OLD and NEW can be read from standard input (-)") }
        if paths.contains(where: { FileDiscovery.kind(ofNamed: $0) == .assetLinks }) {
            return try AssetLinksDiffRun(output: output).run(oldPath: paths[0], newPath: paths[1], packageName: parsed[\.app],
                                                             json: DocumentFormat.of(parsed[\.format]) == .json)
        }
        let old = try AASAFileInput.read(paths[0]).matcher
        let new = try AASAFileInput.read(paths[1]).matcher
        let difference = SemanticDiff(old: old, new: new, appID: parsed[\.app])
        let report = DiffReport(oldPath: paths[0], newPath: paths[1], difference: difference)
        output.write(DocumentFormat.of(parsed[\.format]) == .json ? report.json() : report.text())
        return difference.isEquivalent ? ExitStatus.success : ExitStatus.findings
    }
}
