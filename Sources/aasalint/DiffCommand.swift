import AASALintCore
import Foundation

/// `aasalint diff OLD NEW`: which URLs change behaviour between two versions of an AASA file,
/// per app and service, with example URLs computed from the rules.
struct DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        summary: "Compare two AASA files by meaning: which URLs stop or start opening each app",
        usage: "aasalint diff [options] OLD NEW",
        options: [
            OptionSpec(name: "app", valueName: "ID", help: "Only this appID (default: every app either file lists)"),
            OptionSpec(name: "format", shortName: "f", valueName: "FORMAT", allowedValues: ["text", "json"],
                       help: "Output format (default: text)"),
        ],
        positionals: PositionalSpec(name: "OLD NEW",
                                    help: "The two apple-app-site-association files; - reads one from standard input, so `aasalint diff <(git show main:PATH) PATH` works",
                                    minimum: 2, maximum: 2, completion: .files),
        exitStatuses: [
            (ExitStatus.success, "the files decide every URL alike for every app compared"),
            (ExitStatus.findings, "some URLs change behaviour, an app is listed or no longer listed, or the comparison is incomplete"),
            ExitStatus.failureMeaning,
        ]
    )

    let output: StandardStreams

    func execute(_ parsed: ParsedArguments) throws -> Int32 {
        try diff(parsed)
    }

    private func diff(_ parsed: ParsedArguments) throws(UsageError) -> Int32 {
        let paths = parsed.positionals
        guard paths.filter({ $0 == "-" }).count < 2 else { throw UsageError("only one of OLD and NEW can be read from standard input (-)") }
        let old = try AASAFileInput.read(paths[0]).matcher
        let new = try AASAFileInput.read(paths[1]).matcher
        let difference = SemanticDiff(old: old, new: new, appID: parsed.value("app"))
        let report = DiffReport(oldPath: paths[0], newPath: paths[1], difference: difference)
        output.write(parsed.value("format") == "json" ? report.json() : report.text())
        return difference.isEquivalent ? ExitStatus.success : ExitStatus.findings
    }
}

/// A semantic diff as text or JSON.
private struct DiffReport {
    let oldPath: String
    let newPath: String
    let difference: SemanticDiff

    func text() -> String {
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

    func json() -> String {
        let value: [String: Any] = [
            "old": oldPath,
            "new": newPath,
            "equivalent": difference.isEquivalent,
            "changes": difference.changes.map { change -> [String: Any] in
                ["app": change.appID, "service": change.service, "change": change.kind.rawValue, "exampleURLs": change.exampleURLs]
            },
            "incomplete": difference.incompleteApps.map { app -> [String: Any] in
                ["app": app, "reason": difference.incompleteReasons[app] ?? ""]
            },
        ]
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? JSONSerialization.data(withJSONObject: value, options: options)) ?? Data("{}".utf8)
        return TerminalText.escapedSerializedJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }

    private static func phrase(for kind: BehaviourChange.Kind) -> String {
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
