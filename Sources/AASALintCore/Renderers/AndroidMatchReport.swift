/// What Android decides for one URL against a manifest (`aasalint match AndroidManifest.xml URL`):
/// the filters that handle it, whether they ask for verification, and with `--trace` why each
/// other filter does not, as text or JSON like the AASA matcher's report.
package struct AndroidLinkReport {
    let file: LintFile
    let uri: AndroidURI
    let decisions: [AndroidFilterDecision]

    package init(file: LintFile, manifest: AndroidManifest, uri: AndroidURI) {
        self.file = file
        self.uri = uri
        decisions = AndroidLinkMatcher.decisions(for: uri, in: manifest)
    }

    package var handlers: [AndroidFilterDecision] { decisions.filter(\.matches) }

    package var isHandled: Bool { !handlers.isEmpty }

    package func text(trace: Bool) -> String {
        var lines: [String] = []
        if handlers.isEmpty {
            lines.append("none: no intent filter of \(file.path) handles \(uri.string)\(decisions.isEmpty ? " (it has no intent filter)" : "")")
        }
        for handler in handlers {
            lines.append("match: \(handler.activity.name ?? "an activity") handles it, intent filter \(place(handler.filter))")
            lines.append("  " + verification(of: handler.filter))
        }
        if trace || handlers.isEmpty {
            for decision in decisions where !decision.matches {
                lines.append("  intent filter \(place(decision.filter)) of \(decision.activity.name ?? "an activity"): \(decision.mismatch ?? "")")
            }
        }
        return TerminalText.lines(lines)
    }

    package func json() -> String {
        JSONWriter.prettyPrinted(.object([
            ("decision", .string(isHandled ? "match" : "none")),
            ("file", .string(file.path)),
            ("handlers", .array(handlers.map { handler in
                .object([
                    ("activity", handler.activity.name.map(JSONWriter.Value.string) ?? .null),
                    ("appLink", .bool(handler.filter.isCollectedForVerification)),
                    ("filter", position(handler.filter)),
                ])
            })),
            ("trace", .array(decisions.map { decision in
                .object([
                    ("activity", decision.activity.name.map(JSONWriter.Value.string) ?? .null),
                    ("filter", position(decision.filter)),
                    ("matched", .bool(decision.matches)),
                    ("reason", decision.mismatch.map(JSONWriter.Value.string) ?? .null),
                ])
            })),
            ("url", .string(uri.string)),
        ]))
    }

    private func verification(of filter: IntentFilter) -> String {
        if filter.isCollectedForVerification {
            return "an App Link: the app opens it directly where \(uri.host ?? "the host") verifies the app (its assetlinks.json grants the package and signing certificate)"
        }
        return "not an App Link (the filter does not ask for verification): on Android 12 and later the browser opens it unless the user chose the app"
    }

    private func place(_ filter: IntentFilter) -> String {
        "\(filter.pointer) (line \(file.location(span: filter.element.span, pointer: filter.pointer).range.start.line))"
    }

    private func position(_ filter: IntentFilter) -> JSONWriter.Value {
        let start = file.location(span: filter.element.span, pointer: filter.pointer).range.start
        return .object([("column", .integer(start.column)), ("line", .integer(start.line)), ("pointer", .string(filter.pointer.description))])
    }
}

/// Whether an `assetlinks.json` grants an app a relation (`aasalint match assetlinks.json
/// --package PKG --fingerprint SHA256`), as Android's own verifier and Google's API decide.
package struct AssetLinksGrantReport {
    let file: LintFile
    let grant: AssetLinksGrant

    package init(file: LintFile, grant: AssetLinksGrant) {
        self.file = file
        self.grant = grant
    }

    package func text() -> String {
        var lines: [String] = []
        let subject = "\(grant.packageName) with certificate \(grant.fingerprint) the relation \(grant.relation)"
        if let statement = grant.aospGrant {
            lines.append("granted: \(file.path) grants \(subject), statement \(place(statement))")
        } else if let statement = grant.googleGrant, let failure = grant.aospFailure {
            lines.append("not granted by Android's own verifier (AOSP), which fails on \(failure) and reads no statement of the file")
            lines.append("  Google's Statement List API drops only that statement and grants \(subject) (statement \(place(statement)))")
        } else {
            lines.append("not granted: \(file.path) does not grant \(subject): \(grant.reason ?? grant.aospFailure ?? "")")
            if let failure = grant.aospFailure { lines.append("  and Android's own verifier (AOSP) fails on \(failure), reading no statement of the file") }
        }
        if !grant.includes.isEmpty {
            lines.append("  the file includes \(grant.includes.joined(separator: ", ")), which aasalint did not read (AOSP follows one level of includes)")
        }
        return TerminalText.lines(lines)
    }

    package func json() -> String {
        JSONWriter.prettyPrinted(.object([
            ("aosp", verdict(grant.aospGrant, failure: grant.aospFailure)),
            ("decision", .string(grant.isGranted ? "granted" : "none")),
            ("file", .string(file.path)),
            ("fingerprint", .string(grant.fingerprint)),
            ("google", verdict(grant.googleGrant, failure: nil)),
            ("includes", .array(grant.includes.map(JSONWriter.Value.string))),
            ("package", .string(grant.packageName)),
            ("reason", grant.reason.map(JSONWriter.Value.string) ?? .null),
            ("relation", .string(grant.relation)),
        ]))
    }

    private func verdict(_ statement: AssetLinkStatement?, failure: String?) -> JSONWriter.Value {
        .object([
            ("failure", failure.map(JSONWriter.Value.string) ?? .null),
            ("granted", .bool(statement != nil)),
            ("statement", statement.map { statement in
                let start = file.location(statement.pointer).range.start
                return .object([("column", .integer(start.column)), ("line", .integer(start.line)), ("pointer", .string(statement.pointer.description))])
            } ?? .null),
        ])
    }

    private func place(_ statement: AssetLinkStatement) -> String {
        "\(statement.pointer) (line \(file.location(statement.pointer).range.start.line))"
    }
}
