import AASALintCore

struct ExcludeShadowedRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "exclude-shadowed",
        summary: "An exclusion comes after a component that already opens the URLs it should block",
        rationale: """
            The system tries the components of a details entry in order and the first match wins. An \
            `exclude` (or a legacy `NOT ` path) placed after a broader component never sees the URLs \
            that component matches, so they keep opening the app. Move the exclusion above the component \
            that shadows it. An earlier component that lies entirely inside the exclusion is a \
            deliberate exception (`/noo/login/token`, then `NOT /noo/*`) and is not reported. \
            The analysis is exact: it compares the languages the patterns denote (wildcards, \
            variables, case folding, query items and fragments) and shows each finding with a \
            URL; when a question needs more than `state_budget` automaton states, the run says so \
            once (see `unreachable-component`) instead of guessing.
            """,
        severity: .error,
        options: [ComponentOrderSupport.stateBudget],
        examples: [
            RuleExample(triggers: true, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/help/*"}, ↓{"/": "/help/internal/*", "exclude": true}]}"#),
            RuleExample(triggers: false, #"{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/help/internal/*", "exclude": true}, {"/": "/help/*"}]}"#),
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
        guard let analysis = ComponentOrderSupport.analysis(of: file, in: context, budget: budget) else { return [] }
        var diagnostics: [Diagnostic] = []
        for order in analysis.entries {
            for (index, verdict) in order.verdicts.enumerated() where order.entry.components[index].isExclude {
                let component = order.entry.components[index]
                switch verdict {
                case .shadowedExclude(let shadowing, let url, let hasNoEffect):
                    let shadowingComponent = order.entry.components[shadowing]
                    let line = ComponentOrderSupport.line(of: shadowingComponent, in: file)
                    let opening = hasNoEffect ? "this exclusion has no effect at all: every URL it matches is decided by earlier components; "
                        : "this exclusion never applies to some of its URLs: "
                    diagnostics.append(diagnostic(
                        opening + "\(ComponentOrderSupport.name(ofComponent: shadowing, in: order.entry, file: file)) matches \(url) first, so the link still opens the app; move this exclusion above line \(line)",
                        at: file.location(component.pointer),
                        related: [RelatedLocation(file.location(shadowingComponent.pointer), message: "matches \(url) first")],
                        exampleURL: url,
                        fix: move(component, above: shadowingComponent, line: line, in: file)
                    ))
                case .incomplete(let reason):
                    diagnostics.append(ComponentOrderSupport.incompleteNote(ruleID: Self.description.id, reason: reason, component: component, in: file))
                case .reachable, .unreachable, .matchesNothing, .notAnalysed:
                    // Rules the file's budget did not reach get one note from unreachable-component.
                    break
                }
            }
        }
        return diagnostics
    }

    /// Moves the exclusion, as written, to just before the component that shadows it, keeping the
    /// separator it had. Unsafe: the earlier component may be the one that is wrong. In the corpus,
    /// `{"/": "/skins/install", "?": {"url": "*"}}` shadows `{"/": "/skins/install", "exclude": true}`,
    /// and the author meant `"?*"`: moving the exclusion would make the earlier component unreachable.
    private func move(_ exclusion: CompiledComponent, above shadowing: CompiledComponent, line: Int, in file: LintFile) -> Fix {
        let message = "move this exclusion above line \(line)"
        guard let list = exclusion.pointer.parent, shadowing.pointer.parent == list,
              let from = exclusion.pointer.lastToken.flatMap({ Int($0) }), let to = shadowing.pointer.lastToken.flatMap({ Int($0) }),
              to < from, let elements = file.root?.node(at: list)?.elements, from < elements.count
        else { return Fix(message) }
        let moved = elements[from].span
        let separator = elements[from - 1].span.upperBound..<moved.lowerBound
        let text = String(decoding: file.bytes[moved] + file.bytes[separator], as: UTF8.self)
        let change = Fix.DeclaredChange("the exclusion at \(exclusion.pointer) blocks the URLs that \(shadowing.pointer) decided before it",
                                        appIDs: file.appIDs(ofEntryContaining: exclusion.pointer), kinds: [.becomesBlocked])
        return Fix(message, isSafe: false, edits: [
            file.edit(replacing: elements[to].span.lowerBound..<elements[to].span.lowerBound, with: text),
            file.edit(replacing: separator.lowerBound..<moved.upperBound, with: ""),
        ], effect: .changesMeaning(change))
    }
}
