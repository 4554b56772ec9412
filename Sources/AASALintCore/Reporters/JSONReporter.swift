/// The machine format other tools build on. The shape is versioned (`"version": 1`) and its
/// keys come in a fixed order; a change that breaks readers needs a new version number (new
/// keys do not: `complete`, `errors` and `notifications` came later in version 1).
///
/// `complete` is false when some input could not be linted (exit status 2), and `errors` then
/// says why, as standard error does; `notifications` holds the run's notes about the analysis
/// itself (a question over its budget), each with the places it concerns.
package struct JSONReporter: Reporter {
    package static let formatVersion = 1

    package init() {}

    package func write(_ report: LintReport, to output: (String) -> Void) {
        JSONWriter.write(.object([
            ("version", .integer(Self.formatVersion)),
            ("tool", .object([
                ("name", .string("aasalint")),
                ("version", .string(AASALintVersion.current)),
            ])),
            ("files", .integer(report.fileCount)),
            ("summary", .object([
                ("errors", .integer(report.count(of: .error))),
                ("warnings", .integer(report.count(of: .warning))),
                ("notes", .integer(report.count(of: .note))),
            ])),
            ("complete", .bool(report.problems.isEmpty)),
            ("errors", .array(report.problems.map { .string($0) })),
            ("notifications", .array(report.analysisLimitNotice.map { notice in
                [.object([
                    ("level", .string(Severity.note.rawValue)),
                    ("message", .string(notice)),
                    ("locations", .array(report.analysisLimits.map { limit in
                        .object([("ruleId", .string(limit.ruleID))] + Self.location(limit.location) + [("message", .string(limit.message))])
                    })),
                ])]
            } ?? [])),
            ("diagnostics", .generated(report.diagnostics, Self.diagnostic)),
        ]), to: output)
    }

    private static func diagnostic(_ diagnostic: Diagnostic) -> JSONWriter.Value {
        .object([
            ("ruleId", .string(diagnostic.ruleID)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
        ] + location(diagnostic.location) + [
            ("related", .array(diagnostic.related.map { related in
                .object(location(related.location) + [("message", .string(related.message))])
            })),
            ("exampleURL", .optional(diagnostic.exampleURL)),
            ("fix", diagnostic.fix.map(fix) ?? .null),
        ])
    }

    /// The file, then for a file inside a signed app (`build/Shop.ipa!Payload/Shop.app/Shop`) the
    /// artifact on disk and the path inside it, as SARIF names them (null for any other file),
    /// then the pointer and range.
    private static func location(_ location: Location) -> [(key: String, value: JSONWriter.Value)] {
        let insideArtifact = SignedBundle.split(displayPath: location.file)
        return [
            ("file", .string(location.file)),
            ("artifact", .optional(insideArtifact?.artifact)),
            ("innerPath", .optional(insideArtifact?.inner)),
            ("pointer", .optional(location.pointer?.description)),
            ("range", range(location.range)),
        ]
    }

    /// The edits' ranges give lines and columns (columns in Unicode scalars, as everywhere in
    /// this format) and byte offsets, which is what a tool applying them needs.
    private static func fix(_ fix: Fix) -> JSONWriter.Value {
        var members: [(key: String, value: JSONWriter.Value)] = [
            ("message", .string(fix.message)),
            ("safe", .bool(fix.isSafe)),
            ("edits", .array(fix.edits.map { edit in
                .object([
                    ("range", .object([
                        ("start", position(edit.range.start, offset: edit.span.lowerBound)),
                        ("end", position(edit.range.end, offset: edit.span.upperBound)),
                    ])),
                    ("replacement", .string(edit.replacement)),
                ])
            })),
        ]
        if case .changesMeaning(let change)? = fix.effect {
            members.append(("changesMeaning", .string(change.statement)))
        }
        return .object(members)
    }

    private static func position(_ position: SourcePosition, offset: Int) -> JSONWriter.Value {
        .object([
            ("line", .integer(position.line)),
            ("column", .integer(position.column)),
            ("offset", .integer(offset)),
        ])
    }

    private static func range(_ range: SourceRange) -> JSONWriter.Value {
        .object([
            ("start", position(range.start)),
            ("end", position(range.end)),
        ])
    }

    private static func position(_ position: SourcePosition) -> JSONWriter.Value {
        .object([
            ("line", .integer(position.line)),
            ("column", .integer(position.column)),
        ])
    }
}
