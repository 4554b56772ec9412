import AASALintCore

struct DuplicateAppIDRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "duplicate-app-id",
        summary: "An appID listed in more than one details entry, or twice in one list",
        rationale: """
            For each app the system uses the first details entry that lists it and never looks \
            at later ones, even when the first has no component for a URL. Listing the app again in a \
            later entry gives it nothing: that entry's components never apply to it. Merge the \
            components into the first entry, in the order they must be tried. Listing an app twice in one list is \
            harmless but usually a copy-and-paste slip.

            iOS 12 and earlier read only `appID` (and `paths`), iOS 13 and later `appIDs` \
            first: an `appID` entry after an `appIDs` entry for the same app is the fallback \
            old devices read, and is not reported. When no version runs any component of an entry, \
            `unreachable-detail` reports the entry once and this rule says nothing about its \
            appIDs; this rule reports an app repeated in an entry that still applies to other apps.
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]},
                  {"appIDs": [↓"ABCDE12345.com.example.app", "ABCDE12345.com.example.clip"], "components": [{"/": "/help/*"}]}
                ]}}
                """),
            RuleExample(triggers: false, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "/help/*"}]},
                  {"appIDs": ["ABCDE12345.com.example.clip"], "components": [{"/": "/help/*"}]}
                ]}}
                """),
            RuleExample(triggers: false, """
                {"applinks": {"details": [
                  {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]},
                  {"appID": "ABCDE12345.com.example.app", "paths": ["/shop/*"]}
                ]}}
                """),
        ]
    )

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.aasa else { return [] }
        var diagnostics: [Diagnostic] = []
        let precedence = document.applinks?.precedence ?? DetailsPrecedence([])
        for (index, entry) in precedence.details.enumerated() {
            let repeats = repeatedItems(entry.appIDs?.value ?? [])
            diagnostics += repeats.map { repeatedInList($0.repeated, earlier: $0.first, in: file) }
            // An entry none of whose components ever runs is `unreachable-detail`'s finding.
            guard !precedence.neverApplies(index) else { continue }
            for listing in entry.appListings where !repeats.contains(where: { $0.repeated.pointer == listing.pointer }) {
                if let finding = shadowed(listing, inEntry: index, precedence: precedence, file: file) { diagnostics.append(finding) }
            }
        }
        for list in [document.webCredentials, document.appClips, document.activityContinuation].compactMap({ $0 }) {
            diagnostics += repeatedItems(list.apps).map { repeatedInList($0.repeated, earlier: $0.first, in: file) }
        }
        return diagnostics
    }

    /// A finding when every version that reads `listing` takes the app from an earlier entry.
    private func shadowed(_ listing: Located<String>, inEntry index: Int, precedence: DetailsPrecedence, file: LintFile) -> Diagnostic? {
        let entry = precedence.details[index]
        let readers = entry.readers(of: listing)
        let deciders = readers.compactMap { precedence.decider(of: listing.value, on: $0) }
        guard deciders.allSatisfy({ $0 < index }), let reader = readers.first, let decider = deciders.first,
              let first = precedence.details[decider].appIDs(readBy: reader).first(where: { $0.value == listing.value }) else { return nil }
        // `appIDs` in the fallback entry iOS 12 and earlier read through its `appID`.
        let fallbackReader = DetailsReader.allCases.first { other in
            !readers.contains(other) && other.findsComponents(in: entry) && precedence.decider(of: listing.value, on: other) == index
        }
        let consequence = if let fallbackReader {
            "\(reader.versions) use that entry for the app, and \(fallbackReader.versions) read this one through \"appID\"; remove the app from this entry's \"appIDs\""
        } else {
            "the system uses only the first entry that lists an app, so this entry's components never apply to it; merge them into the first entry"
        }
        return diagnostic(
            "\"\(listing.value)\" is already listed by an earlier details entry; \(consequence)",
            at: file.location(listing.pointer, entry.appIDIsKey ? .key : .value),
            related: [RelatedLocation(file.location(first.pointer, precedence.details[decider].appIDIsKey ? .key : .value), message: "first listed here")]
        )
    }

    /// Each item of `list` equal to an earlier one, with the first of them.
    private func repeatedItems(_ list: [Located<String>]) -> [(repeated: Located<String>, first: Located<String>)] {
        var firstOf: [String: Located<String>] = [:]
        return list.compactMap { item in
            if let first = firstOf[item.value] { return (item, first) }
            firstOf[item.value] = item
            return nil
        }
    }

    private func repeatedInList(_ appID: Located<String>, earlier: Located<String>, in file: LintFile) -> Diagnostic {
        diagnostic(
            "\"\(appID.value)\" is listed twice in this list; remove the repeat",
            at: file.location(appID.pointer),
            related: [RelatedLocation(file.location(earlier.pointer), message: "first listed here")],
            fix: Fix("remove this item", edits: removal(of: appID, in: file), effect: .keepsMeaning)
        )
    }

    private func removal(of item: Located<String>, in file: LintFile) -> [TextEdit] {
        guard let list = item.pointer.parent.flatMap({ file.root?.node(at: $0) }), let index = item.pointer.lastToken.flatMap({ Int($0) }),
              let edit = file.edit(removingElement: index, of: list)
        else { return [] }
        return [edit]
    }
}
