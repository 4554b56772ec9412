import AASALintCore

struct LegacyFormatRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "legacy-format",
        summary: "A shape of the file from iOS 12 and earlier, which still works: advice to modernise it",
        rationale: """
            iOS 13 introduced `appIDs` and `components`; the older `appID`, `paths` (with \
            `NOT ` exclusions), the dictionary form of `details` keyed by appID, and a non-empty \
            `applinks.apps` are still read. A file in these shapes works on every version, so \
            the rule is opt-in: enable it with `--enable legacy-format`, or with \
            `legacy-format: note` under `rules:` in `.aasalint.yml`, to modernise a file. The \
            newer keys can express query and fragment patterns, case-insensitive matching and \
            substitution variables, and the dictionary form leaves the order of entries \
            undefined. What legacy shapes actually break is reported by default by other rules: \
            keys the system ignores beside their newer siblings (`ignored-key`), entries no \
            version ever applies (`unreachable-detail`), `NOT ` exclusions placed too late \
            (`exclude-shadowed`).

            An entry with `appID` and `components` is read by iOS 13 and later only (iOS 12 and \
            earlier ignore `components`, so it does nothing there), and one with `appIDs` and \
            `paths` likewise: the note says so. An entry with `appID` and `paths` after an \
            `appIDs` entry for the same app, or `paths` beside `components` in an entry iOS 12 \
            reads, is the fallback iOS 12 and earlier read, while iOS 13 and later use the newer \
            keys: the note says who reads what instead of suggesting `appIDs`, which would make \
            the fallback dead on every version.
            """,
        severity: .note,
        isOptIn: true,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"apps": [], "details": [{↓"appID": "ABCDE12345.com.example.app", "paths": ["NOT /admin/*", "*"]}]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/admin/*", "exclude": true}, {"/": "*"}]}]}}"#),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let applinks = file.aasa?.applinks else { return [] }
        var diagnostics: [Diagnostic] = []
        if applinks.detailsForm == .dictionary {
            diagnostics.append(diagnostic(
                "legacy \"details\" keyed by appID: the order of its entries is undefined; write an array of entries, each with \"appIDs\"",
                at: file.location(applinks.detailsPointer, .key)
            ))
        }
        if applinks.detailsForm == .absent, applinks.legacyApps?.value.isEmpty == false {
            diagnostics.append(diagnostic(
                "legacy non-empty \"apps\" (iOS 9-12); list the apps in \"details\" entries and leave \"apps\": []",
                at: file.location(applinks.pointer.appending("apps"), .key)
            ))
        }
        let precedence = applinks.precedence
        for (index, entry) in applinks.details.enumerated() {
            // Modernising an entry no version applies is pointless: `unreachable-detail` reports it.
            if precedence.neverApplies(index) { continue }
            let readByOldDevices = precedence.readersApplying(index).contains(.iOS12AndEarlier)
            if let fallback = fallbackNote(index, precedence: precedence, in: file) ?? pathsFallbackNote(entry, readByOldDevices: readByOldDevices, in: file) {
                diagnostics.append(fallback)
                continue
            }
            let legacyAppID = entry.appIDs == nil && !entry.appIDIsKey ? entry.appID : nil
            let legacyPaths = entry.components == nil ? entry.paths : nil
            var advice: [String] = []
            if let legacyAppID {
                advice.append("\"appID\" becomes \"appIDs\": [\"\(legacyAppID.value)\"]")
            }
            if let legacyPaths {
                let exclusions = legacyPaths.value.filter(\.isExclusion).count
                advice.append("each path becomes a component {\"/\": \"...\"}"
                    + (exclusions == 0 ? "" : " and each \"NOT \" path (\(exclusions) here) one with \"exclude\": true"))
            }
            guard let first = [legacyAppID?.pointer, legacyPaths?.pointer].compactMap({ $0 }).first else { continue }
            diagnostics.append(diagnostic(
                Self.situation(of: entry, appID: legacyAppID, paths: legacyPaths) + ": " + advice.joined(separator: "; "),
                at: file.location(first, .key),
                fix: modernisation(of: entry, appID: legacyAppID, paths: legacyPaths, readByOldDevices: readByOldDevices, in: file)
            ))
        }
        return diagnostics
    }

    /// Who reads the entry as written. Only `appID` with `paths` is read by every version; iOS 12
    /// and earlier know neither `appIDs` nor `components`, so an entry mixing old and new keys
    /// does nothing there.
    private static func situation(of entry: DetailsEntry, appID: Located<String>?, paths: Located<[LegacyPath]>?) -> String {
        switch (appID != nil, paths != nil) {
        case (true, true):
            return "legacy details entry, read by every iOS version; iOS 13 and later also read \"appIDs\" and \"components\", which can match queries and fragments"
        case (true, false):
            return "\"appID\" with \"components\": only iOS 13 and later read this entry (iOS 12 and earlier ignore \"components\", so it does nothing there); \"appIDs\" is the key that goes with \"components\""
        default:
            let readers = entry.appIDs == nil ? "" : " with \"appIDs\": only iOS 13 and later read this entry (iOS 12 and earlier ignore \"appIDs\", so it does nothing there)"
            return "legacy \"paths\"\(readers); \"components\" can also match queries and fragments"
        }
    }

    /// `paths` beside `components` in an entry iOS 12 and earlier read: the fallback for old
    /// devices inside one entry.
    private func pathsFallbackNote(_ entry: DetailsEntry, readByOldDevices: Bool, in file: LintFile) -> Diagnostic? {
        guard readByOldDevices, entry.components != nil, let paths = entry.paths, !entry.appIDIsKey else { return nil }
        let message = entry.appIDs == nil
            ? "\"paths\" is read only by iOS 12 and earlier, which ignore \"components\"; iOS 13 and later read only \"components\": the fallback for old devices; keep it matching the same URLs as \"components\" while the app supports iOS 12, then remove it"
            : "\"paths\" and \"appID\" are read only by iOS 12 and earlier, which ignore \"components\" and \"appIDs\"; iOS 13 and later read only those: the fallback for old devices; keep \"paths\" matching the same URLs as \"components\" while the app supports iOS 12, then remove both"
        return diagnostic(message, at: file.location(paths.pointer, .key))
    }

    /// The entry in the newer format, edited in place so that its layout stays: the `appID`
    /// member becomes `appIDs`, the `paths` key `components`, and each path, where it is
    /// written, a component. For iOS 13 and later the meaning is kept, which the proof checks;
    /// unsafe when iOS 12 and earlier read the entry, since they stop reading it.
    private func modernisation(of entry: DetailsEntry, appID: Located<String>?, paths: Located<[LegacyPath]>?, readByOldDevices: Bool,
                               in file: LintFile) -> Fix? {
        // A dictionary-form entry is modernised with its `details`, which has no mechanical fix.
        guard !entry.appIDIsKey, !entry.object.hasDuplicateKeys else { return nil }
        // `appIDs` without `components` would leave the `paths` that only iOS 12 and earlier read
        // dead; a misspelt `appIds` or `component`, which `unknown-key` renames, would become a
        // second `appIDs` or `components` beside the ones written here.
        guard paths != nil || entry.member(.paths) == nil,
              !entry.object.members.contains(where: { Self.writtenKeys.contains(AASASchema.detailsEntry.misspelling(of: $0.key) ?? "") })
        else { return nil }
        var edits: [TextEdit] = []
        if paths != nil {
            guard let pathsMember = entry.member(.paths), let elements = pathsMember.value.elements, entry.member(.components) == nil,
                  let renamed = file.edit(renaming: pathsMember, to: DetailsEntryKey.components.rawValue)
            else { return nil }
            edits.append(renamed)
            for element in elements {
                guard element.stringValue != nil, let component = component(writing: element, in: file) else { return nil }
                edits.append(file.edit(replacing: element.span, with: component))
            }
        }
        if appID != nil {
            guard let member = entry.member(.appID), entry.member(.appIDs) == nil else { return nil }
            let written = String(decoding: file.bytes[member.value.span], as: UTF8.self)
            edits.append(file.edit(replacing: member.keySpan.lowerBound..<member.value.span.upperBound, with: "\"appIDs\": [\(written)]"))
        }
        let message = readByOldDevices ? "write the entry with \"appIDs\" and \"components\" (iOS 12 and earlier then no longer read it)"
            : "write the entry with \"appIDs\" and \"components\""
        return Fix(message, isSafe: !readByOldDevices, edits: edits, effect: .keepsMeaning)
    }

    /// The keys the modernisation writes.
    private static let writtenKeys: Set<String> = [DetailsEntryKey.appIDs.rawValue, DetailsEntryKey.components.rawValue]

    /// `{"/": "..."}` for a path, with `"exclude": true` for a `NOT ` one; the path keeps the
    /// escapes it was written with. Nil when `NOT ` is itself escaped.
    private func component(writing element: PositionedValue, in file: LintFile) -> String? {
        let written = String(decoding: file.bytes[element.span], as: UTF8.self)
        guard LegacyPath.isExclusion(element.stringValue ?? "") else { return "{\"/\": \(written)}" }
        let marker = written.dropFirst().prefix(4)
        guard marker.uppercased() == "NOT " else { return nil }
        return "{\"/\": \"\(written.dropFirst(5)), \"exclude\": true}"
    }

    /// An entry only iOS 12 and earlier apply is the fallback for old devices: converting it to
    /// `appIDs` would only make it dead, so the note says who reads which entry instead.
    private func fallbackNote(_ index: Int, precedence: DetailsPrecedence, in file: LintFile) -> Diagnostic? {
        let entry = precedence.details[index]
        guard precedence.readersApplying(index) == [.iOS12AndEarlier], let appID = entry.appID else { return nil }
        let modern = entry.appIDs(readBy: .iOS13AndLater).compactMap { precedence.decider(of: $0.value, on: .iOS13AndLater) }
        guard let decider = modern.first(where: { $0 < index }) else { return nil }
        let line = file.location(precedence.details[decider].pointer).range.start.line
        return diagnostic(
            "fallback details entry for iOS 12 and earlier, which ignore \"appIDs\" and \"components\" and read this entry for \"\(appID.value)\"; iOS 13 and later use the entry at line \(line), the first that lists the app, and never this one; keep its paths in step with that entry's components while the app supports iOS 12, and remove it after",
            at: file.location(appID.pointer, .key)
        )
    }
}
