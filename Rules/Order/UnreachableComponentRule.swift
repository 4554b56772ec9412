import AASALintCore

struct UnreachableComponentRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "unreachable-component",
        summary: "A component every URL of which is decided by earlier components of the same entry",
        rationale: """
            Inside a details entry the first matching component decides. A component whose every URL is \
            already matched by the components before it (by one catch-all, or by several that \
            together cover it) never decides anything: it is dead weight, and often a sign that \
            the components are not in the intended order. Remove it, or move it above the components that \
            cover it. An exclusion that earlier including components shadow is reported by \
            `exclude-shadowed` instead; one covered only by earlier exclusions is reported here \
            (redundant, harmless). A component that repeats an earlier one exactly (the same \
            patterns and settings) is only a note: it changes nothing, and can be removed. When a question needs more than `state_budget` automaton \
            states, the analysis says so once for the run (on standard error, in SARIF's \
            `toolExecutionNotifications`, in JSON's `notifications`, in the language server's \
            log) instead of guessing. Components that differ by a plain value of a query item, \
            of the query or of the fragment share no URL, and are analysed without a search.
            """,
        severity: .warning,
        options: [ComponentOrderSupport.stateBudget],
        examples: [
            RuleExample(triggers: true, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}, ↓{"/": "/shop/sale/*"}]}"#),
            RuleExample(triggers: false, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/sale/*"}, {"/": "/shop/*"}]}"#),
        ]
    )

    let budget: AnalysisBudget

    init() {
        budget = ComponentOrderSupport.defaultBudget
    }

    init(options: RuleOptions) throws(RuleOptionError) {
        budget = try ComponentOrderSupport.budget(from: options)
    }

    /// The rule-order analysis: started on a core of its own on a large file.
    var isCostly: Bool { true }

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        if file.aasa != nil, file.byteCount > LintFile.compilationLimit {
            return [ComponentOrderSupport.limit(
                ruleID: Self.description.id, severity: .note,
                message: "the component-order analysis was skipped: the file is \(file.byteCount) bytes, and files over \(LintFile.compilationLimit) bytes are not compiled (Apple ignores files over 128 KB anyway)",
                location: file.fileLocation
            )]
        }
        guard let analysis = ComponentOrderSupport.analysis(of: file, in: context, budget: budget) else { return [] }
        var diagnostics: [Diagnostic] = []
        for order in analysis.entries {
            for (index, verdict) in order.verdicts.enumerated() {
                let component = order.entry.components[index]
                switch verdict {
                case .unreachable(let covering, _) where covering.contains(where: { component.repeats(order.entry.components[$0]) }):
                    let repeated = covering.first { component.repeats(order.entry.components[$0]) } ?? 0
                    let line = ComponentOrderSupport.line(of: order.entry.components[repeated], in: file)
                    var note = diagnostic(
                        "this \(component.isExclude ? "exclusion" : "component") repeats component \(repeated + 1) (line \(line)) exactly, so it never decides a URL; remove it",
                        at: file.location(component.pointer),
                        related: [RelatedLocation(file.location(order.entry.components[repeated].pointer), message: "the same component, first")]
                    )
                    note.severity = .note
                    diagnostics.append(note)
                case .unreachable(let covering, let url):
                    let names = covering.map { ComponentOrderSupport.name(ofComponent: $0, in: order.entry, file: file) }
                    let subject = component.isExclude ? "this exclusion never applies" : "this component never decides a URL"
                    let advice = component.isExclude ? "it is redundant; remove it" : "remove it, or move it above the components that cover it"
                    diagnostics.append(diagnostic(
                        "\(subject): every URL it matches is decided by earlier components (\(Self.list(names))), e.g. \(url) by component \((covering.first ?? 0) + 1); \(advice)",
                        at: file.location(component.pointer),
                        related: covering.map { RelatedLocation(file.location(order.entry.components[$0].pointer), message: "decides some of its URLs first") },
                        exampleURL: url
                    ))
                case .incomplete(let reason) where !component.isExclude:
                    diagnostics.append(ComponentOrderSupport.incompleteNote(ruleID: Self.description.id, reason: reason, component: component, in: file))
                case .reachable, .shadowedExclude, .matchesNothing, .incomplete, .notAnalysed:
                    break
                }
            }
            if let first = order.verdicts.firstIndex(of: .notAnalysed) {
                let count = order.verdicts.count { $0 == .notAnalysed }
                diagnostics.append(ComponentOrderSupport.budgetSpentNote(ruleID: Self.description.id, skipped: count,
                                                                    budget: budget, component: order.entry.components[first], in: file))
            }
        }
        return diagnostics
    }

    private static func list(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
