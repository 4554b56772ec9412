import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Findings as LSP diagnostics: the core's severities, the rule as `code` with a link to its
/// documentation, related locations as related information.
struct LSPDiagnostics {
    /// Where each file's lines are, for the positions; files not among them are read from disk.
    let sources: [String: LineTable]
    /// The pages of the rules documented in docs/rules.md, by rule ID: custom rules have none.
    let helpURLs: [String: String]

    func diagnostic(_ diagnostic: Diagnostic) -> JSONWriter.Value {
        var message = diagnostic.message
        if let exampleURL = diagnostic.exampleURL { message += "\nexample: \(exampleURL)" }
        if let fix = diagnostic.fix { message += "\nfix: \(fix.message)" }
        var members: [(key: String, value: JSONWriter.Value)] = [
            ("range", range(diagnostic.location)),
            ("severity", .integer(Self.severity(diagnostic.severity))),
            ("code", .string(diagnostic.ruleID)),
        ]
        if let helpURL = helpURLs[diagnostic.ruleID] {
            members.append(("codeDescription", .object([("href", .string(helpURL))])))
        }
        members += [("source", .string("aasalint")), ("message", .string(message))]
        if !diagnostic.related.isEmpty {
            members.append(("relatedInformation", .array(diagnostic.related.map { related in
                .object([
                    ("location", .object([("uri", .string(LSPDocumentURI.uri(ofPath: related.location.file))), ("range", range(related.location))])),
                    ("message", .string(related.message)),
                ])
            })))
        }
        return .object(members)
    }

    /// A configuration mistake, on the configuration file.
    static func configurationDiagnostic(_ error: ConfigurationError, lines: LineTable) -> JSONWriter.Value {
        .object([
            ("range", LSPPositions(lines: lines).range(error.location.range)),
            ("severity", .integer(severity(.error))),
            ("source", .string("aasalint")),
            ("message", .string(error.message)),
        ])
    }

    private func range(_ location: Location) -> JSONWriter.Value {
        let lines = sources[location.file] ?? Self.lines(ofFileAt: location.file)
        return LSPPositions(lines: lines).range(location.range)
    }

    /// A related file that is not open and not in the report: positions need its text.
    private static func lines(ofFileAt path: String) -> LineTable {
        guard case .bytes(let bytes)? = try? FileReader().contents(ofFile: path) else { return LineTable([]) }
        return LineTable(bytes)
    }

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }
}

/// `file:` URIs and the paths they name.
enum LSPDocumentURI {
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return PathNames.absolute(url.path)
    }

    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: PathNames.absolute(path)).absoluteString
    }
}
