/// SARIF 2.1.0 as GitHub code scanning wants it: every rule described in `tool.driver.rules`,
/// every result pointing at its rule by index, locations relative to the repository root
/// under `%SRCROOT%`, full regions, a fingerprint that survives edits which move lines, and
/// no more results than GitHub accepts in one run.
struct SARIFReporter: Reporter {
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    static let informationURI = "https://github.com/aasalint/aasalint"
    static let sourceRootBaseID = "%SRCROOT%"
    static let fingerprintKey = "aasalint/v1"
    /// GitHub code scanning rejects a run with more results than this.
    package static let resultLimit = 25_000

    package let sourceRoot: SourceRoot
    let resultLimit: Int

    package init(sourceRoot: SourceRoot) {
        self.init(sourceRoot: sourceRoot, resultLimit: Self.resultLimit)
    }

    init(sourceRoot: SourceRoot, resultLimit: Int) {
        self.sourceRoot = sourceRoot
        self.resultLimit = resultLimit
    }

    package func write(_ report: LintReport, to output: (String) -> Void) {
        var ruleIndexes: [String: Int] = [:]
        for (index, rule) in report.rules.enumerated() where ruleIndexes[rule.id] == nil {
            ruleIndexes[rule.id] = index
        }
        let artifacts = artifactLocations(of: report.diagnostics)
        let fingerprints = FindingFingerprint.fingerprints(of: report.diagnostics) { index in
            artifacts[report.diagnostics[index].location.file]!.identity
        }
        let kept = Self.mostSevere(report.diagnostics, limit: resultLimit)
        let results = JSONWriter.Value.generated(count: kept.count) { [ruleIndexes] position in
            let index = kept[position]
            let diagnostic = report.diagnostics[index]
            return Self.result(diagnostic, ruleIndex: ruleIndexes[diagnostic.ruleID], fingerprint: fingerprints[index],
                               artifacts: artifacts)
        }
        JSONWriter.write(.object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([
                .object([
                    ("tool", .object([
                        ("driver", .object([
                            ("name", .string("aasalint")),
                            ("version", .string(AASALintVersion.current)),
                            ("semanticVersion", .string(AASALintVersion.current)),
                            ("informationUri", .string(Self.informationURI)),
                            ("rules", .array(report.rules.map(Self.reportingDescriptor))),
                        ])),
                    ])),
                    ("invocations", .array([Self.invocation(report, leftOut: report.diagnostics.count - kept.count)])),
                    // The trailing slash makes "aasalint" the category, so GitHub keeps one
                    // set of alerts per tool however often it runs.
                    ("automationDetails", .object([("id", .string("aasalint/"))])),
                    // Where %SRCROOT% was on this machine; GitHub puts the checkout there.
                    ("originalUriBaseIds", .object([
                        (Self.sourceRootBaseID, .object([("uri", .string(Self.fileURI(ofFolder: sourceRoot.path)))])),
                    ])),
                    // SARIF counts columns in UTF-16 code units unless told otherwise.
                    ("columnKind", .string("unicodeCodePoints")),
                    ("results", results),
                ]),
            ])),
        ]), to: output)
    }

    /// The indexes of the `limit` most severe findings, in report order.
    static func mostSevere(_ diagnostics: [Diagnostic], limit: Int) -> [Int] {
        guard diagnostics.count > limit else { return Array(diagnostics.indices) }
        let bySeverity = diagnostics.indices.sorted { first, second in
            let (a, b) = (diagnostics[first].severity, diagnostics[second].severity)
            return a != b ? a > b : first < second
        }
        return bySeverity.prefix(limit).sorted()
    }

    // MARK: Rules

    private static func reportingDescriptor(_ rule: RuleDescription) -> JSONWriter.Value {
        .object([
            ("id", .string(rule.id)),
            ("name", .string(upperCamelCaseName(of: rule.id))),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(firstParagraph(of: rule.rationale) ?? rule.summary))])),
            ("help", .object([
                ("text", .string(helpText(rule))),
                ("markdown", .string(helpMarkdown(rule))),
            ])),
            ("helpUri", .string(rule.helpURL)),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
            ("properties", .object([
                ("tags", .array(rule.fileKinds.map(\.rawValue).sorted().map(JSONWriter.Value.string))),
            ])),
        ])
    }

    /// `exclude-shadowed` -> `ExcludeShadowed`, the form SARIF viewers show as a rule name.
    static func upperCamelCaseName(of id: String) -> String {
        id.split { !$0.isLetter && !$0.isNumber }
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// The rationale's first paragraph on one line: the rationale is wrapped for source code.
    static func firstParagraph(of markdown: String) -> String? {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespace() }
            .drop { $0.isEmpty }
            .prefix { !$0.isEmpty }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    private static func helpText(_ rule: RuleDescription) -> String {
        var sections = [rule.rationale.trimmingWhitespace()]
        if !rule.options.isEmpty {
            sections.append((["Options:"] + rule.options.map { "- \($0.name) (default: \($0.defaultValue)): \($0.help)" })
                .joined(separator: "\n"))
        }
        for example in rule.examples {
            let heading = example.triggers ? "Triggers the rule:" : "Does not trigger the rule:"
            let body = example.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            sections.append(([heading] + body).joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    private static func helpMarkdown(_ rule: RuleDescription) -> String {
        var sections = [rule.rationale.trimmingWhitespace()]
        if !rule.options.isEmpty {
            sections.append("## Options")
            sections.append(rule.options.map { "- `\($0.name)` (default: `\($0.defaultValue)`): \($0.help)" }.joined(separator: "\n"))
        }
        if !rule.examples.isEmpty {
            sections.append("## Examples")
            for example in rule.examples {
                sections.append(example.triggers ? "Triggers the rule:" : "Does not trigger the rule:")
                sections.append(codeBlock(example.text))
            }
        }
        return sections.joined(separator: "\n\n")
    }

    /// A fenced block whose fence is longer than any run of backticks inside the text.
    private static func codeBlock(_ text: String) -> String {
        var longestRun = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        return "\(fence)\n\(text.trimmingWhitespace())\n\(fence)"
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    // MARK: Results

    /// A file's `artifactLocation`, and the name that its fingerprints hash: the same file
    /// has the same name from whichever folder aasalint ran.
    struct Artifact {
        let location: JSONWriter.Value
        let identity: String
        /// For the signed entitlements of an executable inside an artifact (`Shop.ipa`), the
        /// executable's path in it: positions inside the artifact would mean nothing to a viewer.
        var innerPath: String?
    }

    private func artifactLocations(of diagnostics: [Diagnostic]) -> [String: Artifact] {
        var artifacts: [String: Artifact] = [:]
        for diagnostic in diagnostics {
            for file in [diagnostic.location.file] + diagnostic.related.map(\.location.file) where artifacts[file] == nil {
                artifacts[file] = artifact(file)
            }
        }
        return artifacts
    }

    /// Files in the repository get URIs relative to `%SRCROOT%`, which GitHub resolves against
    /// the checkout; other files on this machine absolute `file://` URIs; downloads their URL.
    func artifact(_ path: String) -> Artifact {
        let file = ReportedFile(path, sourceRoot: sourceRoot)
        let location: JSONWriter.Value = switch file.place {
        case .repository(let relativePath):
            .object([("uri", .string(Self.percentEncoded(relativePath))), ("uriBaseId", .string(Self.sourceRootBaseID))])
        case .outside(let absolutePath):
            .object([("uri", .string("file://" + Self.percentEncoded(absolutePath)))])
        case .download(let url):
            .object([("uri", .string(url))])
        }
        return Artifact(location: location, identity: file.identity, innerPath: file.innerPath)
    }

    private static func result(_ diagnostic: Diagnostic, ruleIndex: Int?, fingerprint: String,
                               artifacts: [String: Artifact]) -> JSONWriter.Value {
        var members: [(key: String, value: JSONWriter.Value)] = [("ruleId", .string(diagnostic.ruleID))]
        if let ruleIndex {
            members.append(("ruleIndex", .integer(ruleIndex)))
        }
        var message = ReportedFinding.messageWithExample(diagnostic)
        if let innerPath = artifacts[diagnostic.location.file]!.innerPath {
            message = "\(innerPath): " + message
        }
        members += [
            ("level", .string(level(diagnostic.severity))),
            ("message", .object([("text", .string(message))])),
            ("locations", .array([.object(location(diagnostic.location, artifacts: artifacts))])),
        ]
        if !diagnostic.related.isEmpty {
            members.append(("relatedLocations", .array(diagnostic.related.enumerated().map { offset, related in
                .object([("id", .integer(offset + 1))] + location(related.location, artifacts: artifacts) + [
                    ("message", .object([("text", .string(related.message))])),
                ])
            })))
        }
        if let fix = diagnostic.fix, fix.isApplicable {
            members.append(("fixes", .array([Self.fix(fix, in: artifacts[diagnostic.location.file]!)])))
        }
        members.append(("partialFingerprints", .object([(fingerprintKey, .string(fingerprint))])))
        return .object(members)
    }

    /// Byte offsets say exactly which bytes an edit replaces, whatever a reader counts columns in.
    private static func fix(_ fix: Fix, in artifact: Artifact) -> JSONWriter.Value {
        .object([
            ("description", .object([("text", .string(fix.message + (fix.isSafe ? "" : " (unsafe)")))])),
            ("artifactChanges", .array([.object([
                ("artifactLocation", artifact.location),
                ("replacements", .array(fix.edits.map { edit in
                    .object([
                        ("deletedRegion", .object([
                            ("byteOffset", .integer(edit.span.lowerBound)),
                            ("byteLength", .integer(edit.span.count)),
                        ])),
                        ("insertedContent", .object([("text", .string(edit.replacement))])),
                    ])
                })),
            ])])),
        ])
    }

    private static func location(_ location: Location, artifacts: [String: Artifact]) -> [(key: String, value: JSONWriter.Value)] {
        let artifact = artifacts[location.file]!
        let wholeFile = SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
        var members: [(key: String, value: JSONWriter.Value)] = [
            ("physicalLocation", .object([
                ("artifactLocation", artifact.location),
                ("region", region(artifact.innerPath == nil ? location.range : wholeFile)),
            ])),
        ]
        // The root pointer is the empty string, which names nothing a reader could use.
        let pointer = location.pointer.flatMap { $0 == .root ? nil : $0.description }
        if let name = artifact.innerPath.map({ $0 + (pointer.map { "#" + $0 } ?? "") }) ?? pointer {
            members.append(("logicalLocations", .array([.object([("fullyQualifiedName", .string(name))])])))
        }
        return members
    }

    /// A folder's URI ends in `/`, as SARIF requires of a base URI.
    static func fileURI(ofFolder path: String) -> String {
        "file://" + percentEncoded(path.hasSuffix("/") ? path : path + "/")
    }

    /// Keeps only unreserved characters and `/`: a `:` in the first segment would read as a
    /// scheme, and some readers decode `+` as a space, so everything else is encoded.
    static func percentEncoded(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// Inputs that could not be linted make the run unsuccessful, with each reason as a
    /// notification; findings over GitHub's limit are left out, with a notification that
    /// says how many; where the analysis stopped short is one note.
    static func invocation(_ report: LintReport, leftOut: Int) -> JSONWriter.Value {
        var notifications = report.problems.map { problem in
            JSONWriter.Value.object([("level", .string("error")), ("message", .object([("text", .string(problem))]))])
        }
        if leftOut > 0 {
            let total = report.diagnostics.count
            notifications.append(.object([
                ("level", .string("warning")),
                ("message", .object([("text", .string(
                    "\(leftOut) of \(total) findings are left out: GitHub code scanning accepts at most "
                        + "\(total - leftOut) results in a run, so this report keeps the most severe ones; "
                        + "run aasalint with --format text or json to see them all")
                )])),
            ]))
        }
        if let notice = report.analysisLimitNotice {
            notifications.append(.object([("level", .string("note")), ("message", .object([("text", .string(notice))]))]))
        }
        var members: [(key: String, value: JSONWriter.Value)] = [("executionSuccessful", .bool(report.problems.isEmpty))]
        if !notifications.isEmpty {
            members.append(("toolExecutionNotifications", .array(notifications)))
        }
        return .object(members)
    }

    /// SARIF regions are 1-based with an exclusive end; a zero-width region (a finding about
    /// the whole file, at 1:1) keeps its end column equal to its start column.
    static func region(_ range: SourceRange) -> JSONWriter.Value {
        let startLine = max(1, range.start.line)
        let startColumn = max(1, range.start.column)
        let endLine = max(startLine, range.end.line)
        let endColumn = endLine == startLine ? max(startColumn, range.end.column) : max(1, range.end.column)
        return .object([
            ("startLine", .integer(startLine)),
            ("startColumn", .integer(startColumn)),
            ("endLine", .integer(endLine)),
            ("endColumn", .integer(endColumn)),
        ])
    }
}

extension StringProtocol {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
