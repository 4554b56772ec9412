/// SARIF 2.1.0 as GitHub code scanning wants it: every rule described in `tool.driver.rules`,
/// every result pointing at its rule by index, repository-relative locations under
/// `%SRCROOT%`, full regions and a fingerprint that survives edits which move lines.
public struct SARIFReporter: Reporter {
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    static let informationURI = "https://github.com/aasalint/aasalint"
    static let sourceRootBaseID = "%SRCROOT%"
    static let fingerprintKey = "aasalint/v1"

    public init() {}

    public func write(_ report: LintReport, to output: (String) -> Void) {
        var ruleIndexes: [String: Int] = [:]
        for (index, rule) in report.rules.enumerated() where ruleIndexes[rule.id] == nil {
            ruleIndexes[rule.id] = index
        }
        var fingerprintOccurrences: [String: Int] = [:]
        let fingerprints = report.diagnostics.map { diagnostic in
            let hash = Self.fingerprintHash(of: diagnostic)
            let occurrence = fingerprintOccurrences[hash, default: 0] + 1
            fingerprintOccurrences[hash] = occurrence
            return "\(hash):\(occurrence)"
        }
        let results = JSONWriter.Value.generated(count: fingerprints.count) { [ruleIndexes] index in
            let diagnostic = report.diagnostics[index]
            return Self.result(diagnostic, ruleIndex: ruleIndexes[diagnostic.ruleID], fingerprint: fingerprints[index])
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
                    ("invocations", .array([Self.invocation(report)])),
                    // The trailing slash makes "aasalint" the category, so GitHub keeps one
                    // set of alerts per tool however often it runs.
                    ("automationDetails", .object([("id", .string("aasalint/"))])),
                    // SARIF counts columns in UTF-16 code units unless told otherwise.
                    ("columnKind", .string("unicodeCodePoints")),
                    ("results", results),
                ]),
            ])),
        ]), to: output)
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

    private static func result(_ diagnostic: Diagnostic, ruleIndex: Int?, fingerprint: String) -> JSONWriter.Value {
        var members: [(key: String, value: JSONWriter.Value)] = [("ruleId", .string(diagnostic.ruleID))]
        if let ruleIndex {
            members.append(("ruleIndex", .integer(ruleIndex)))
        }
        var message = diagnostic.message
        if let exampleURL = diagnostic.exampleURL {
            // GitHub shows only the message, so the URL joins it as a sentence of its own.
            let endsSentence = message.last.map { ".!?".contains($0) } ?? true
            message += "\(endsSentence ? "" : ".") Example: \(exampleURL)"
        }
        members += [
            ("level", .string(level(diagnostic.severity))),
            ("message", .object([("text", .string(message))])),
            ("locations", .array([.object(location(diagnostic.location))])),
        ]
        if !diagnostic.related.isEmpty {
            members.append(("relatedLocations", .array(diagnostic.related.enumerated().map { offset, related in
                .object([("id", .integer(offset + 1))] + location(related.location) + [
                    ("message", .object([("text", .string(related.message))])),
                ])
            })))
        }
        members.append(("partialFingerprints", .object([(fingerprintKey, .string(fingerprint))])))
        return .object(members)
    }

    private static func location(_ location: Location) -> [(key: String, value: JSONWriter.Value)] {
        var members: [(key: String, value: JSONWriter.Value)] = [
            ("physicalLocation", .object([
                ("artifactLocation", artifactLocation(location.file)),
                ("region", region(location.range)),
            ])),
        ]
        // The root pointer is the empty string, which names nothing a reader could use.
        if let pointer = location.pointer, pointer != .root {
            members.append(("logicalLocations", .array([.object([("fullyQualifiedName", .string(pointer.description))])])))
        }
        return members
    }

    /// Paths inside the working directory become URIs relative to the repository root,
    /// which GitHub resolves against the checkout; a path outside it can only be absolute.
    static func artifactLocation(_ path: String) -> JSONWriter.Value {
        if path.hasPrefix("/") {
            return .object([("uri", .string("file://" + percentEncoded(path)))])
        }
        var relative = Substring(path)
        while relative.hasPrefix("./") {
            relative = relative.dropFirst(2)
        }
        return .object([
            ("uri", .string(percentEncoded(String(relative)))),
            ("uriBaseId", .string(sourceRootBaseID)),
        ])
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

    /// SARIF regions are 1-based with an exclusive end; a zero-width region (a finding about
    /// the whole file, at 1:1) keeps its end column equal to its start column.
    /// Inputs that could not be linted make the run unsuccessful, with each reason as a notification.
    static func invocation(_ report: LintReport) -> JSONWriter.Value {
        var members: [(key: String, value: JSONWriter.Value)] = [("executionSuccessful", .bool(report.problems.isEmpty))]
        if !report.problems.isEmpty {
            members.append(("toolExecutionNotifications", .array(report.problems.map { problem in
                .object([("level", .string("error")), ("message", .object([("text", .string(problem))]))])
            })))
        }
        return .object(members)
    }

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

    /// Rule, file and pointer, not line numbers, so that GitHub recognises an alert after
    /// unrelated edits move it.
    static func fingerprintHash(of diagnostic: Diagnostic) -> String {
        let pointer = diagnostic.location.pointer.map { "#" + $0.description } ?? ""
        return StableHash.hex("\(diagnostic.ruleID)\u{0}\(diagnostic.location.file)\u{0}\(pointer)")
    }
}

extension StringProtocol {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
