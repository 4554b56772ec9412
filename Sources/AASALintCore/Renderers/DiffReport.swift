/// A semantic diff of two AASA files (`aasalint diff`), as text or JSON.
package struct DiffReport {
    let oldPath: String
    let newPath: String
    let difference: SemanticDiff

    package init(oldPath: String, newPath: String, difference: SemanticDiff) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.difference = difference
    }

    package func text() -> String {
        guard !difference.isEquivalent else {
            return TerminalText.lines(["no change in behaviour: \(oldPath) and \(newPath) decide every URL alike for every app"])
        }
        var lines: [String] = []
        for change in difference.changes {
            let examples = change.exampleURLs.isEmpty ? "" : ": " + change.exampleURLs.joined(separator: ", ")
            lines.append("\(change.appID) (\(change.service)): \(Self.phrase(for: change.kind))\(examples)")
        }
        for app in difference.incompleteApps {
            lines.append("\(app) (applinks): not compared completely: \(difference.incompleteReasons[app] ?? "the comparison exceeded its budget")")
        }
        return TerminalText.lines(lines)
    }

    package func json() -> String {
        JSONWriter.prettyPrinted(.object([
            ("changes", .array(difference.changes.map { change in
                .object([
                    ("app", .string(change.appID)),
                    ("change", .string(change.kind.rawValue)),
                    ("exampleURLs", .array(change.exampleURLs.map(JSONWriter.Value.string))),
                    ("service", .string(change.service)),
                ])
            })),
            ("equivalent", .bool(difference.isEquivalent)),
            ("incomplete", .array(difference.incompleteApps.map { app in
                .object([("app", .string(app)), ("reason", .string(difference.incompleteReasons[app] ?? ""))])
            })),
            ("new", .string(newPath)),
            ("old", .string(oldPath)),
        ]))
    }

    package static func phrase(for kind: BehaviourChange.Kind) -> String {
        switch kind {
        case .startsOpening: "URLs that start opening the app"
        case .stopsOpening: "URLs that stop opening the app (no rule matches them any more)"
        case .becomesBlocked: "URLs that an exclusion now blocks"
        case .stopsBeingBlocked: "URLs no longer blocked by an exclusion (they still match no rule)"
        case .becomesListed: "the app is now listed"
        case .stopsBeingListed: "the app is no longer listed"
        }
    }
}
