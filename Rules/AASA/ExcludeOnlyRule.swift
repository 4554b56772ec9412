import AASALintCore

struct ExcludeOnlyRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "exclude-only",
        summary: "A details entry whose every component is an exclusion: it opens nothing",
        rationale: """
            An exclusion only keeps the URLs it matches on the web, and a URL that no component of \
            the entry matches stays on the web too. An entry whose components are all exclusions \
            (`[{"exclude": true}]`, `[{"/": "*", "exclude": true}]`, `"paths": ["NOT /*"]`, or \
            components that `"exclude": true` in `defaults` turns into exclusions) therefore \
            opens no URL for its apps, exactly like `"components": []` (`empty-components`). \
            Add the components that should open the app after the exclusions, or remove the entry. \
            Each version of the system is checked on the components or paths it reads: iOS 12 and earlier \
            read only `paths`. An entry no version applies is left to `unreachable-detail`.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, #"{"appIDs": ["ABCDE12345.com.example.app"], ↓"components": [{"/": "/admin/*", "exclude": true}]}"#),
            RuleExample(triggers: false, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/admin/*", "exclude": true}, {"/": "*"}]}"#),
        ]
    )

    var readsMatcher: Bool { true }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let matcher = file.matcher, let precedence = file.aasa?.applinks?.precedence else { return [] }
        let details = precedence.details
        let host = ExampleURL.host(of: file, in: context)
        return details.indices.compactMap { index in
            let applying = precedence.readersApplying(index)
            let excluding = applying.filter { reader in
                let flags = exclusionFlags(of: details[index], matcher.entries[index], readBy: reader)
                return !flags.isEmpty && !flags.contains(false)
            }
            guard let reader = excluding.first else { return nil }
            // Versions are named when some read the entry differently, or when only old ones read it.
            let scope = excluding == applying && excluding.contains(.iOS13AndLater) ? "" : " on \(reader.versions)"
            return finding(details[index], matcher.entries[index], readBy: reader, scope: scope, host: host, in: file)
        }
    }

    private func finding(_ entry: DetailsEntry, _ compiled: AASAMatcher.Entry, readBy reader: DetailsReader, scope: String,
                         host: String, in file: LintFile) -> Diagnostic? {
        guard let list = reader == .iOS13AndLater ? entry.components?.pointer ?? entry.paths?.pointer : entry.paths?.pointer else {
            return nil
        }
        // The compiled components are those iOS 13 and later try.
        let tried = reader.triesWhatIOS13Tries(in: entry) ? compiled.components : []
        let url = tried.lazy.compactMap { ExampleURL.matching($0, host: host) }.first
        let blocked = url.map { " (\($0) is blocked)" } ?? ""
        let components = reader == .iOS13AndLater ? entry.components?.value ?? [] : []
        let viaDefaults = components.contains { $0.member(.exclude) == nil }
            ? " (\"exclude\": true in \"defaults\" makes every component an exclusion)" : ""
        return diagnostic(
            "\(reader == .iOS13AndLater ? "every component of this details entry is an exclusion" : "every path of this details entry is a \"NOT \" exclusion")\(viaDefaults), so it opens no URL for its apps\(scope)\(blocked): an exclusion only keeps the URLs it matches on the web; add the components that should open the app after the exclusions, or remove the entry",
            at: file.location(list, .key),
            exampleURL: url
        )
    }

    /// Whether each component or path `reader` tries in the entry is an exclusion.
    private func exclusionFlags(of entry: DetailsEntry, _ compiled: AASAMatcher.Entry, readBy reader: DetailsReader) -> [Bool] {
        switch reader {
        case .iOS13AndLater: compiled.components.map(\.isExclude)
        case .iOS12AndEarlier: (entry.paths?.value ?? []).map(\.isExclusion)
        }
    }
}
