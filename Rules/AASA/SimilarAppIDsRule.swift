import AASALintCore

struct SimilarAppIDsRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "similar-app-ids",
        summary: "Two services name appIDs that differ by one letter",
        rationale: """
            The system compares appIDs exactly. When one service names \
            `ABCDE1234X.com.example.shop` and another `ABCDE1234X.com.example.shops`, they are \
            usually the same app with one of them misspelt, and the service with the misspelt \
            one works for no app. Copy the appID from one place to the other (the application \
            identifier is in the signed app's entitlements, or `<team ID>.<bundle ID>` on the \
            Membership page and in Xcode). AppIDs that differ by a digit (`app1`, `app2`) are \
            taken to be different apps, and so are those within one service, or that both services list.
            """,
        severity: .note,
        examples: [
            RuleExample(triggers: true, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "*"}]}]}, "webcredentials": {"apps": [↓"ABCDE12345.com.example.shp"]}}"#),
            RuleExample(triggers: false, #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "*"}]}]}, "webcredentials": {"apps": ["ABCDE12345.com.example.shop"]}}"#),
        ]
    )

    private static let services = ["applinks", "webcredentials", "appclips", "activitycontinuation"]

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.aasa else { return [] }
        // The first place each appID appears under each service, in the order of the file.
        var listings: [(service: String, appID: Located<String>)] = []
        var listed = Set<String>()
        for service in Self.services {
            for appID in document.listedApps(for: service)?.appIDs ?? [] where listed.insert(Self.key(service, appID.value)).inserted {
                listings.append((service, appID))
            }
        }
        // Only appIDs of two different services are compared.
        guard listings.contains(where: { $0.service != listings[0].service }) else { return [] }
        listings.sort { file.location($0.appID.pointer).range.start < file.location($1.appID.pointer).range.start }
        // Two strings one edit apart share a string made by deleting one character from each
        // (or from the longer one): only listings that share one are compared, a few per service
        // and key, so that a file of thousands of appIDs stays linear.
        var neighbours: [String: [Int]] = [:]
        var diagnostics: [Diagnostic] = []
        var reported = Set<String>()
        for (index, later) in listings.enumerated() {
            // A real appID is at most a 10-character team ID, a dot and a 155-character bundle ID.
            let keys = later.appID.value.unicodeScalars.count <= Self.longestComparedAppID ? Self.deletions(of: later.appID.value) : []
            let candidates = Set(keys.flatMap { neighbours[$0] ?? [] }).sorted()
            let earlier = candidates.lazy.map { listings[$0] }.first { earlier in
                earlier.service != later.service && Self.differByOneLetter(earlier.appID.value, later.appID.value)
                    && !listed.contains(Self.key(later.service, earlier.appID.value)) && !listed.contains(Self.key(earlier.service, later.appID.value))
            }
            for key in keys where (neighbours[key]?.filter { listings[$0].service == later.service }.count ?? 0) < Self.neighboursKept {
                neighbours[key, default: []].append(index)
            }
            guard let earlier, reported.insert(later.appID.value).inserted else { continue }
            let line = file.location(earlier.appID.pointer).range.start.line
            diagnostics.append(diagnostic(
                "\"\(later.appID.value)\" under \(later.service) and \"\(earlier.appID.value)\" under \(earlier.service) (line \(line)) differ by one letter: if they are the same app, the misspelt one matches no app and its service does not work; write the same appID in both places",
                at: file.location(later.appID.pointer),
                related: [RelatedLocation(file.location(earlier.appID.pointer), message: "\"\(earlier.appID.value)\" under \(earlier.service)")]
            ))
        }
        return diagnostics
    }

    /// Longer strings are not appIDs anyone misspelt, and each would make as many keys as it is long.
    private static let longestComparedAppID = 256

    /// How many listings of one service are kept under one deletion key: the earliest ones.
    private static let neighboursKept = 4

    private static func key(_ service: String, _ appID: String) -> String {
        service + "\u{0}" + appID
    }

    /// The text itself and the text without each one of its Unicode scalars. Cut from the UTF-8
    /// bytes: building each from a scalar view costs generic-metadata lookups, a third of a tiny
    /// lint's start-up (scripts/check-startup-budget.sh).
    static func deletions(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        var deletions = [text]
        var start = 0
        while start < bytes.count {
            var end = start + 1
            // A scalar's continuation bytes are 0b10xxxxxx.
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            var remaining: [UInt8] = []
            remaining.reserveCapacity(bytes.count - (end - start))
            remaining.append(contentsOf: bytes[..<start])
            remaining.append(contentsOf: bytes[end...])
            deletions.append(String(decoding: remaining, as: UTF8.self))
            start = end
        }
        return deletions
    }

    /// One edit apart (a letter changed, added, removed, or two swapped) where the edit is not a
    /// digit: `shop` and `shops`, not `app1` and `app2`.
    static func differByOneLetter(_ one: String, _ other: String) -> Bool {
        guard one != other, abs(one.unicodeScalars.count - other.unicodeScalars.count) <= 1 else { return false }
        let (a, b) = (Array(one.unicodeScalars), Array(other.unicodeScalars))
        let common = zip(a, b).prefix { $0 == $1 }.count
        let commonEnd = zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count
        let changed = a[common..<max(common, a.count - commonEnd)] + b[common..<max(common, b.count - commonEnd)]
        guard !changed.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
        return Suggestion.editDistance(one, other) == 1
    }
}
