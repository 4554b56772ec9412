/// What the system decides for one URL (`aasalint match AASA URL`), for each app and why,
/// as text or JSON.
package struct MatchReport {
    let file: LintFile
    let url: LinkURL
    package let decisions: [Decision]
    let knownApps: [String]

    /// `knownApps` are the apps the file lists, for the "did you mean" of an app it does not list.
    package init(file: LintFile, url: LinkURL, decisions: [Decision], knownApps: [String]) {
        self.file = file
        self.url = url
        self.decisions = decisions
        self.knownApps = knownApps
    }

    /// What the system decides for `url` in `file`, for `app` or else every app the file lists,
    /// with the trace: `aasalint match` and the MCP server's `match` tool.
    package static func deciding(_ url: LinkURL, in file: LintFile, matcher: AASAMatcher, app: String?) -> MatchReport {
        // Through the index: a file of thousands of components compiles the few this URL meets,
        // and indexes only those that agree with its path.
        let bulk = BulkMatcher(matcher: matcher, decidingOnly: url)
        let decisions = (app.map { [$0] } ?? matcher.appIDs).map { bulk.decide(url, appID: $0, tracing: true) }
        return MatchReport(file: file, url: url, decisions: decisions, knownApps: matcher.appIDs)
    }

    /// Whether the URL opens an app (the one asked about).
    package var opensAnApp: Bool { decisions.contains { $0.outcome == .match } }

    /// `trace` shows every component tried, not just the one that decides.
    package func text(trace: Bool) -> String {
        guard !decisions.isEmpty else { return TerminalText.lines(["\(file.path) lists no app, so \(url.string) opens no app"]) }
        var lines: [String] = []
        for decision in decisions {
            lines.append("\(decision.appID): \(decision.outcome.rawValue)")
            guard let entry = decision.entry else {
                let suggestion = Suggestion.nearest(to: decision.appID, in: knownApps).map { "; did you mean \($0)?" } ?? ""
                lines.append("  no details entry lists this app\(suggestion)")
                continue
            }
            if trace {
                lines.append("  details entry \(place(entry)) decides for this app")
                for attempt in decision.trace {
                    lines.append("  component \(attempt.component.place(in: file)) \(attempt.component.summary): " + outcome(of: attempt))
                }
            } else if let component = decision.decidingComponent {
                lines.append("  decided by component \(component.place(in: file)) \(component.summary)")
            }
            if decision.outcome == .noMatch {
                let count = decision.trace.count
                lines.append("  none of the \(count) component\(count == 1 ? "" : "s") of details entry \(place(entry)) matches")
            }
        }
        return TerminalText.lines(lines)
    }

    package func json() -> String {
        JSONWriter.prettyPrinted(.object([
            ("decisions", .array(decisions.map { decision in
                .object([
                    ("app", .string(decision.appID)),
                    ("decision", .string(decision.outcome.rawValue)),
                    ("entry", decision.entry.map { position($0, file.location($0)) } ?? .null),
                    ("rule", decision.decidingComponent.map(position(of:)) ?? .null),
                    ("trace", .generated(decision.trace, step)),
                ])
            })),
            ("file", .string(file.path)),
            ("url", .string(url.string)),
        ]))
    }

    /// One component tried, its members in alphabetical order like the rest of the document.
    private func step(_ attempt: ComponentAttempt) -> JSONWriter.Value {
        var members: [(key: String, value: JSONWriter.Value)] = []
        if let mismatch = attempt.mismatch {
            members += [("compared", .string(mismatch.compared)), ("failedPart", .string(name(of: mismatch.part)))]
        }
        members.append(("matched", .bool(attempt.mismatch == nil)))
        if let mismatch = attempt.mismatch {
            members.append(("pattern", .string(mismatch.pattern.text)))
            if case .queryItem(let item) = mismatch.part { members.append(("queryItem", .string(item))) }
        }
        members += [("rule", position(of: attempt.component)), ("summary", .string(attempt.component.summary))]
        return .object(members)
    }

    private func outcome(of attempt: ComponentAttempt) -> String {
        guard let mismatch = attempt.mismatch else { return attempt.component.isExclude ? "matches: blocked" : "matches" }
        let what = switch mismatch.part {
        case .path: "path"
        case .query: "query"
        case .queryItem(let item): "query item \"\(item)\""
        case .fragment: "fragment"
        }
        return "\(what) \"\(mismatch.compared)\" does not match \"\(mismatch.pattern.text)\""
    }

    private func name(of part: PartMismatch.Part) -> String {
        switch part {
        case .path: "path"
        case .query: "query"
        case .queryItem: "query item"
        case .fragment: "fragment"
        }
    }

    private func place(_ pointer: JSONPointer) -> String {
        "\(pointer) (line \(file.location(pointer).range.start.line))"
    }

    private func position(of component: CompiledComponent) -> JSONWriter.Value {
        position(component.pointer, component.location(in: file))
    }

    private func position(_ pointer: JSONPointer, _ location: Location) -> JSONWriter.Value {
        let start = location.range.start
        return .object([("column", .integer(start.column)), ("line", .integer(start.line)), ("pointer", .string(pointer.description))])
    }
}
