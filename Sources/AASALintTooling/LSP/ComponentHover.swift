import AASALintCore
/// What hovering over a component of an AASA file shows: which URLs it matches and what the
/// component-order analysis found about it (the verdicts of `aasalint match --explain-order`).
struct ComponentHover {
    let file: LintFile
    let analysis: OrderAnalysis
    let host: String

    init?(file: LintFile, host: String) {
        guard let matcher = file.matcher else { return nil }
        self.file = file
        self.host = host
        analysis = OrderAnalysis(matcher: matcher, host: host)
    }

    /// The markdown for the component around byte `offset`, and that component's span; nil
    /// when the offset is in no component.
    func hover(at offset: Int) -> (markdown: String, span: Range<Int>)? {
        guard let root = file.root, let pointer = Self.pointer(at: offset, in: root, pointer: .root) else { return nil }
        for order in analysis.entries {
            guard let number = order.entry.components.firstIndex(where: { pointer.isWithin($0.pointer) }),
                  let span = root.span(at: order.entry.components[number].pointer, part: .value) else { continue }
            return (markdown(order, number), span)
        }
        return nil
    }

    private func markdown(_ order: EntryOrder, _ number: Int) -> String {
        let component = order.entry.components[number]
        let apps = order.entry.appIDs.isEmpty ? "no app" : order.entry.appIDs.map { "`\($0)`" }.joined(separator: ", ")
        var lines = [
            "**aasalint** · component \(number + 1) of details entry `\(order.entry.pointer)` (\(apps))",
            "",
            "`\(component.summary)`",
            "",
        ]
        if order.isDead {
            lines.append(order.entry.appIDs.isEmpty ? "This entry never applies: it lists no app."
                : "This entry never applies: an earlier entry lists every app it lists, and the system uses the first.")
            return lines.joined(separator: "\n")
        }
        let matched = ExampleURL.matching(component, host: host)
        if let matched { lines.append("- Matches, e.g. `\(matched)`") }
        lines.append("- " + describe(order.verdicts[number], of: order))
        return lines.joined(separator: "\n")
    }

    private func describe(_ verdict: ComponentVerdict, of order: EntryOrder) -> String {
        switch verdict {
        case .reachable(let url?):
            return "Decides `\(url)`: no earlier component decides it first."
        case .reachable(nil):
            return "No earlier component decides its URLs first."
        case .unreachable(let covering, let url):
            return "**Never decides a URL:** \(components(covering, of: order)) decide every URL it matches first, e.g. `\(url)`. "
                + "Remove it, or move it above them."
        case .shadowedExclude(let component, let url, let hasNoEffect):
            return "**Shadowed:** \(components([component], of: order)) decides `\(url)` first, so that URL still opens the app"
                + (hasNoEffect ? "; this exclusion has no effect at all" : "") + ". Move the exclusion above it."
        case .matchesNothing:
            return "Matches no URL (see the other findings on it)."
        case .incomplete(let reason):
            return "Whether an earlier component shadows it is not decided: \(reason)."
        case .notAnalysed:
            return "Not analysed: the file's analysis budget was spent on the components before it."
        }
    }

    private func components(_ numbers: [Int], of order: EntryOrder) -> String {
        let named = numbers.map { "\($0 + 1) (line \(file.location(order.entry.components[$0].pointer).range.start.line))" }
        return (numbers.count == 1 ? "component " : "components ") + named.joined(separator: ", ")
    }

    /// The pointer of the innermost value (or member key) around `offset`.
    private static func pointer(at offset: Int, in node: PositionedValue, pointer: JSONPointer) -> JSONPointer? {
        guard node.span.contains(offset) else { return nil }
        switch node.value {
        case .object(let members):
            for member in members where member.keySpan.contains(offset) || member.value.span.contains(offset) {
                let inner = pointer.appending(member.key)
                return Self.pointer(at: offset, in: member.value, pointer: inner) ?? inner
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let inner = Self.pointer(at: offset, in: element, pointer: pointer.appending(index)) { return inner }
            }
        case .string, .number, .bool, .null:
            break
        }
        return pointer
    }
}
