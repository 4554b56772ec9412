#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `match --explain-order`: each details entry's components in order, with what the component-order
/// analysis found about each, as a table a person reads at a glance, or as JSON.
package struct OrderExplanation {
    let file: LintFile
    let analysis: OrderAnalysis

    package init(file: LintFile, analysis: OrderAnalysis) {
        self.file = file
        self.analysis = analysis
    }

    /// True when some component is dead or shadowed, or some entry never applies.
    package var findsDeadRules: Bool {
        analysis.entries.contains { order in
            order.isDead && !order.entry.appIDs.isEmpty || order.verdicts.contains { verdict in
                switch verdict {
                case .unreachable, .shadowedExclude: true
                case .reachable, .matchesNothing, .incomplete, .notAnalysed: false
                }
            }
        }
    }

    package func text() -> String {
        guard !analysis.entries.isEmpty else { return TerminalText.lines(["\(file.path) has no applinks details entry"]) }
        var lines: [String] = []
        for order in analysis.entries {
            let apps = order.entry.appIDs.isEmpty ? "no app" : order.entry.appIDs.joined(separator: ", ")
            lines.append("details entry \(order.entry.pointer) (line \(line(order.entry.pointer))): \(apps)")
            if order.isDead {
                lines.append(order.entry.appIDs.isEmpty ? "  never applies: it lists no app"
                    : "  never applies: every app it lists is listed by an earlier entry")
                lines.append("")
                continue
            }
            let rows = order.verdicts.enumerated().map { index, verdict in
                ["\(index + 1)", "\(line(order.entry.components[index].pointer))", order.entry.components[index].summary, describe(verdict)].map(TerminalText.escaped)
            }
            lines += table(header: ["#", "line", "component", "verdict"], rows: rows).map { "  " + $0 }
            lines.append("")
        }
        return TerminalText.lines(lines.dropLast())
    }

    package func json() -> String {
        JSONWriter.prettyPrinted(.object([
            ("entries", .array(analysis.entries.map { order in
                .object([
                    ("apps", .array(order.entry.appIDs.map(JSONWriter.Value.string))),
                    ("entry", .string(order.entry.pointer.description)),
                    ("line", .integer(line(order.entry.pointer))),
                    ("neverApplies", .bool(order.isDead)),
                    ("rules", .array(order.verdicts.enumerated().map { index, verdict in
                        let component = order.entry.components[index]
                        let members: [(key: String, value: JSONWriter.Value)] = [
                            ("line", .integer(line(component.pointer))), ("number", .integer(index + 1)),
                            ("pointer", .string(component.pointer.description)), ("summary", .string(component.summary)),
                        ]
                        return .object((members + fields(of: verdict)).sorted { $0.key < $1.key })
                    })),
                ])
            })),
            ("file", .string(file.path)),
        ]))
    }

    private func describe(_ verdict: ComponentVerdict) -> String {
        switch verdict {
        case .reachable(let url?): "decides \(url)"
        case .reachable(nil): "decides some URLs (too complex to show one)"
        case .unreachable(let covering, let url): "DEAD: covered by \(numbers(covering)), e.g. \(url)"
        case .shadowedExclude(let component, let url, let hasNoEffect):
            "SHADOWED by component \(component + 1): \(url) still opens the app" + (hasNoEffect ? "; no effect at all" : "")
        case .matchesNothing: "matches no URL"
        case .incomplete(let reason): "not decided: \(reason)"
        case .notAnalysed: "not analysed: the file's analysis budget was spent before this component"
        }
    }

    private func fields(of verdict: ComponentVerdict) -> [(key: String, value: JSONWriter.Value)] {
        switch verdict {
        case .reachable(let url): [("verdict", .string("reachable")), ("exampleURL", .optional(url))]
        case .unreachable(let covering, let url):
            [("verdict", .string("unreachable")), ("coveredBy", .array(covering.map { .integer($0 + 1) })), ("exampleURL", .string(url))]
        case .shadowedExclude(let component, let url, let hasNoEffect):
            [("verdict", .string("shadowed")), ("shadowedBy", .integer(component + 1)), ("exampleURL", .string(url)), ("hasNoEffect", .bool(hasNoEffect))]
        case .matchesNothing: [("verdict", .string("matchesNothing"))]
        case .incomplete(let reason): [("verdict", .string("incomplete")), ("reason", .string(reason))]
        case .notAnalysed: [("verdict", .string("notAnalysed"))]
        }
    }

    private func numbers(_ components: [Int]) -> String {
        (components.count == 1 ? "component " : "components ") + components.map { String($0 + 1) }.joined(separator: ", ")
    }

    private func line(_ pointer: JSONPointer) -> Int {
        file.location(pointer).range.start.line
    }

    /// Columns padded to their widest cell; the last column is not padded.
    private func table(header: [String], rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padded(toLength: widths[column])
            }.joined(separator: "  ")
        }
    }
}
