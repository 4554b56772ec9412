import AASALintCore

/// `aasalint match` for Android's files: which activity handles a URL (`AndroidManifest.xml
/// URL`), or whether an `assetlinks.json` grants an app (`--package PKG --fingerprint SHA256`).
struct AndroidMatch {
    let output: StandardStreams

    func run(_ parsed: ParsedArguments<MatchCommand.Options>, kind: FileKind) throws(UsageError) -> Int32 {
        let file = try Self.read(parsed.positionals[0], kind: kind)
        let json = DocumentFormat.of(parsed[\.format]) == .json
        if kind == .assetLinks {
            guard parsed.positionals.count == 1 else { throw UsageError("with assetlinks.json give --package and --fingerprint, not a URL") }
            guard let packageName = parsed[\.package], let written = parsed[\.fingerprint] else {
                throw UsageError("missing --package PKG --fingerprint SHA256: which app to look for in \(file.path)")
            }
            guard let fingerprint = CertificateFingerprint.normalized(written) else {
                throw UsageError("--fingerprint \(written) is not a SHA-256 fingerprint: 32 bytes of hex, such as the SHA256 line of keytool -list -v")
            }
            guard let document = file.assetLinks else {
                throw UsageError("\(file.path): not a statement list: \(file.json?.value == nil ? "not valid JSON" : "its root is not an array") (aasalint lint lists every problem)")
            }
            let grant = AssetLinksGrant(document: document, packageName: packageName, fingerprint: fingerprint,
                                        relation: parsed[\.relation] ?? AssetLinksDocument.handleAllURLs)
            let report = AssetLinksGrantReport(file: file, grant: grant)
            output.write(json ? report.json() : report.text())
            return grant.isGranted ? ExitStatus.success : ExitStatus.findings
        }
        guard let manifest = file.androidManifest else {
            throw UsageError("\(file.path): not an Android manifest (aasalint lint lists every problem)")
        }
        if let source = try URLBatchMatch.source(parsed[\.sources]) {
            guard parsed.positionals.count == 1 else { throw UsageError("with --urls, --sitemap or --access-log give the manifest only, not a URL") }
            return try AndroidURLBatchMatch(file: file, manifest: manifest, source: source, writesJSONLines: json,
                                            listsEveryIdleFilter: parsed[\.sources][\.allIdle], output: output).run()
        }
        guard parsed.positionals.count == 2 else { throw UsageError("missing URL: give the URL to decide after the manifest, or --urls, --sitemap or --access-log") }
        guard let uri = AndroidURI(parsed.positionals[1]) else {
            throw UsageError("\(parsed.positionals[1]) is not a URL: write it with its scheme, such as https://example.com/product/1")
        }
        let report = AndroidLinkReport(file: file, manifest: manifest, uri: uri)
        output.write(json ? report.json() : report.text(trace: parsed[\.trace]))
        return report.isHandled ? ExitStatus.success : ExitStatus.findings
    }

    /// Reads an Android file a command decides or compares (`-` for standard input).
    static func read(_ path: String, kind: FileKind) throws(UsageError) -> LintFile {
        let reader = FileReader()
        guard let handle = InputDescriptor.opening(path), let contents = reader.contents(of: handle) else {
            throw UsageError("\(path): cannot read this file (check the path and its permissions)")
        }
        let file = FileReader.file(path: path == "-" ? "<stdin>" : path, kind: kind, contents)
        guard file.isRead else { throw UsageError("\(file.path): the file is over \(reader.readLimit) bytes, more than aasalint reads") }
        return file
    }
}
