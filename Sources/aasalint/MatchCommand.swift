import AASALintCore

/// `aasalint match AASA URL`: what the system decides for the URL, for each app, and why;
/// `aasalint match --explain-order AASA`: which components of each entry are dead or shadowed.
struct MatchCommand: KeepingSubcommand {
    static let name = "match"
    static let spec = CommandSpec(
        name: name,
        summary: "Decide like the system whether a URL opens each app of an AASA file, and why",
        usage: "aasalint match [options] AASA URL\n       aasalint match [options] AndroidManifest.xml URL\n"
            + "       aasalint match --package PKG --fingerprint SHA256 [--relation REL] assetlinks.json\n"
            + "       aasalint match --urls FILE | --sitemap FILE | --access-log FILE --domain HOST [options] AASA|AndroidManifest.xml\n"
            + "       aasalint match --explain-order [options] AASA",
        options: Options(),
        positionals: PositionalSpec(name: "AASA URL", help: "The apple-app-site-association file (- reads standard input), AndroidManifest.xml or assetlinks.json, then the URL (no URL with --explain-order, a URL source or assetlinks.json)",
                                    minimum: 1, maximum: 2, completion: .files),
        exitStatuses: [
            (ExitStatus.success, "the URL opens an app (with --app: that app; with a manifest: a filter handles it); with --explain-order: every component counts; with a URL source: every URL was read; with assetlinks.json: it grants the app"),
            (ExitStatus.findings, "the URL opens no app (blocked, or no match); with --explain-order: a component is dead or shadowed, or an entry never applies; with assetlinks.json: Android's verifier would not grant the app"),
            ExitStatus.failureMeaning,
        ]
    )

    struct Options: CommandOptions {
        let app = ValueOption("app", valueName: "ID", help: "Only this appID (default: every app the file lists)")
        let trace = Flag("trace", help: "Show every component tried and which part of the URL it did not match")
        let explainOrder = Flag("explain-order", help: "Instead of deciding a URL, show each entry's components in order and which are dead or shadowed")
        let sources = URLBatchMatch.Options()
        let format = DocumentFormat.option()
        let package = ValueOption("package", valueName: "PKG", help: "With assetlinks.json: the Android app's package name (applicationId)")
        let fingerprint = ValueOption("fingerprint", valueName: "SHA256", help: "With assetlinks.json: the SHA-256 of the app's signing certificate")
        let relation = ValueOption("relation", valueName: "REL", help: "With assetlinks.json: the relation (default delegate_permission/common.handle_all_urls)")

        static var fields: [OptionField<Self>] {
            [.option(\.app), .option(\.trace), .option(\.explainOrder), .group(\.sources), .option(\.format),
             .option(\.package), .option(\.fingerprint), .option(\.relation)]
        }
    }

    let output: StandardStreams
    /// Keeps the file, its matcher and the decisions until the process exits, which frees them faster.
    private let keptUntilExit: KeptUntilExit?

    init(output: StandardStreams, keptUntilExit: KeptUntilExit?) {
        self.output = output
        self.keptUntilExit = keptUntilExit
    }

    func execute(_ parsed: ParsedArguments<Options>) throws -> Int32 {
        try match(parsed)
    }

    private func match(_ parsed: ParsedArguments<Options>) throws(UsageError) -> Int32 {
        let kind = FileDiscovery.kind(ofNamed: parsed.positionals[0])
        if kind == .androidManifest || kind == .assetLinks {
            return try AndroidMatch(output: output).run(parsed, kind: kind)
        }
        let (file, document) = try AASAFileInput.readDocument(parsed.positionals[0])
        keptUntilExit?.keep(file)
        func compiled(decidingManyURLs: Bool = false) -> AASAMatcher {
            let matcher = AASAFileInput.matcher(of: document, decidesManyURLs: decidingManyURLs)
            keptUntilExit?.keep(matcher)
            return matcher
        }
        if parsed[\.explainOrder] {
            guard parsed.positionals.count == 1 else { throw UsageError("--explain-order takes the AASA file only, not a URL") }
            let explanation = OrderExplanation(file: file, analysis: OrderAnalysis(matcher: compiled()))
            output.write(DocumentFormat.of(parsed[\.format]) == .json ? explanation.json() : explanation.text())
            return explanation.findsDeadRules ? ExitStatus.findings : ExitStatus.success
        }
        if let source = try URLBatchMatch.source(parsed[\.sources]) {
            guard parsed.positionals.count == 1 else { throw UsageError("with --urls, --sitemap or --access-log give the AASA file only, not a URL") }
            let matcher = compiled(decidingManyURLs: true)
            return try URLBatchMatch(file: file, matcher: matcher, source: source, apps: parsed[\.app].map { [$0] } ?? matcher.appIDs,
                                     writesJSONLines: DocumentFormat.of(parsed[\.format]) == .json, listsEveryIdleComponent: parsed[\.sources][\.allIdle],
                                     output: output).run()
        }
        guard parsed.positionals.count == 2 else { throw UsageError("missing AASA URL: give the URL to decide after the AASA file, or use --explain-order") }
        let url: LinkURL
        do {
            url = try LinkURL(parsed.positionals[1])
        } catch {
            throw UsageError(error.description)
        }
        let report = MatchReport.deciding(url, in: file, document: document, app: parsed[\.app], tracing: parsed[\.trace])
        keptUntilExit?.keep(report.decisions)
        output.write(DocumentFormat.of(parsed[\.format]) == .json ? report.json() : report.text())
        return report.opensAnApp ? ExitStatus.success : ExitStatus.findings
    }
}
