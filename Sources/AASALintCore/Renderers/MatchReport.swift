/// What the system decides for one URL (`aasalint match AASA URL`), for each app and why,
/// as text or JSON.
package struct MatchReport {
    let file: LintFile
    let url: LinkURL
    package let decisions: [Decision]
    let knownApps: [String]
    /// Whether each decision holds every component tried (`--trace`), not just the deciding one.
    let isTraced: Bool
    /// The number of components of each decision's details entry (0 without one): all of them are
    /// tried when none matches.
    private let entrySizes: [Int]

    /// What the system decides for `url` in `file`, for `app` or else every app the file lists:
    /// `aasalint match` and the MCP server's `match` tool. `tracing` keeps every component tried,
    /// which the reports show with `--trace` (text and JSON alike).
    package static func deciding(_ url: LinkURL, in file: LintFile, matcher: AASAMatcher, app: String?, tracing: Bool) -> MatchReport {
        // Through the index: a file of thousands of components compiles the few this URL meets,
        // and indexes only those that agree with its path.
        let bulk = BulkMatcher(matcher: matcher, decidingOnly: url)
        let apps = app.map { [$0] } ?? matcher.appIDs
        return MatchReport(file: file, url: url, decisions: apps.map { bulk.decide(url, appID: $0, tracing: tracing) },
                           knownApps: matcher.appIDs, isTraced: tracing,
                           entrySizes: apps.map { app in matcher.decidingEntry(of: app).map { matcher.entries[$0].components.count } ?? 0 })
    }

    /// `deciding(_:in:matcher:app:tracing:)` for a file whose rules are not compiled yet: without a
    /// trace, only the components the URL's path can meet are ever compiled (`SingleURLMatcher`).
    package static func deciding(_ url: LinkURL, in file: LintFile, document: AASADocument, app: String?, tracing: Bool) -> MatchReport {
        guard !tracing else {
            return deciding(url, in: file, matcher: AASAFileInput.matcher(of: document), app: app, tracing: true)
        }
        var single = SingleURLMatcher(document: document, url: url)
        let apps = app.map { [$0] } ?? single.appIDs
        return MatchReport(file: file, url: url, decisions: apps.map { single.decide(appID: $0) }, knownApps: single.appIDs, isTraced: false,
                           entrySizes: apps.map(single.componentCount(ofEntryDeciding:)))
    }

    /// Whether the URL opens an app (the one asked about).
    package var opensAnApp: Bool { decisions.contains { $0.outcome == .match } }

    /// With `--trace` (`isTraced`), every component tried, not just the one that decides.
    package func text() -> String {
        guard !decisions.isEmpty else { return TerminalText.lines(["\(file.path) lists no app, so \(url.string) opens no app"]) }
        var lines: [String] = []
        for (decision, entrySize) in zip(decisions, entrySizes) {
            lines.append("\(decision.appID): \(decision.outcome.rawValue)")
            guard let entry = decision.entry else {
                let suggestion = Suggestion.nearest(to: decision.appID, in: knownApps).map { "; did you mean \($0)?" } ?? ""
                lines.append("  no details entry lists this app\(suggestion)")
                continue
            }
            if isTraced {
                lines.append("  details entry \(place(entry)) decides for this app")
                for attempt in decision.trace {
                    lines.append("  component \(attempt.component.place(in: file)) \(attempt.component.summary): " + outcome(of: attempt))
                }
            } else if let component = decision.decidingComponent {
                lines.append("  decided by component \(component.place(in: file)) \(component.summary)")
            }
            if decision.outcome == .noMatch {
                lines.append("  none of the \(entrySize) component\(entrySize == 1 ? "" : "s") of details entry \(place(entry)) matches")
            }
        }
        return TerminalText.lines(lines)
    }

    /// Each decision's `trace` is written only with `--trace` (`isTraced`); without it a decision
    /// that no component makes says how many components of its entry were tried (`componentsTried`).
    package func json() -> String {
        JSONWriter.prettyPrinted(.object([
            ("decisions", .array(zip(decisions, entrySizes).map { decision, entrySize in
                var members: [(key: String, value: JSONWriter.Value)] = [("app", .string(decision.appID))]
                if !isTraced, decision.outcome == .noMatch, decision.entry != nil {
                    members.append(("componentsTried", .integer(entrySize)))
                }
                members += [
                    ("decision", .string(decision.outcome.rawValue)),
                    ("entry", decision.entry.map { position($0, file.location($0)) } ?? .null),
                    ("rule", decision.decidingComponent.map(position(of:)) ?? .null),
                ]
                if isTraced { members.append(("trace", trace(decision.trace))) }
                return .object(members)
            })),
            ("file", .string(file.path)),
            ("url", .string(url.string)),
        ]))
    }

    /// Each component tried, its members in alphabetical order like the rest of the document,
    /// written straight as bytes: a file's thousands of steps would be thousands of values. The
    /// text compared, the same for every component ruled out on the path, is escaped once.
    private func trace(_ attempts: [ComponentAttempt]) -> JSONWriter.Value {
        var lastCompared: (text: String, escaped: [UInt8])?
        func escaped(_ text: String) -> [UInt8] {
            if let lastCompared, lastCompared.text == text { return lastCompared.escaped }
            var bytes: [UInt8] = []
            JSONWriter.appendEscaped(text, to: &bytes)
            lastCompared = (text, bytes)
            return bytes
        }
        let lines = file.lines
        var summary: [UInt8] = []
        return .objects(count: attempts.count) { index, step in
            let attempt = attempts[index]
            let component = attempt.component
            if let mismatch = attempt.mismatch {
                step.member("compared", escaped: escaped(mismatch.compared))
                step.member("failedPart", string: name(of: mismatch.part))
            }
            step.member("matched", bool: attempt.mismatch == nil)
            if let mismatch = attempt.mismatch {
                step.member("pattern", string: mismatch.pattern.text)
                if case .queryItem(let item) = mismatch.part { step.member("queryItem", string: item) }
            }
            let start = component.start(in: file, lines: lines)
            step.member("rule") { rule in
                rule.member("column", integer: start.column)
                rule.member("line", integer: start.line)
                rule.member("pointer", pointer: component.pointer)
            }
            summary.removeAll(keepingCapacity: true)
            component.appendSummary(to: &summary)
            step.member("summary", utf8: summary)
        }
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
