import AASALintCore

/// What the rule-order rules share: the analysis of the file, its budget option, and how
/// findings name the rules of an entry.
enum ComponentOrderSupport {
    static let stateBudget = RuleOptionDescription(
        name: "state_budget",
        defaultValue: .integer(AnalysisBudget.standard.states),
        help: "The most automaton states one question about a component may explore (the whole file: 50 times as many); past it the run notes once that the analysis of the file is incomplete."
    )

    static var defaultBudget: AnalysisBudget { AnalysisBudget(states: stateBudget.defaultInteger) }

    static func budget(from options: RuleOptions) throws(RuleOptionError) -> AnalysisBudget {
        let states = try options.integer(stateBudget)
        guard states > 0 else { throw RuleOptionError(option: stateBudget.name, message: "must be a positive number of states") }
        return AnalysisBudget(states: states)
    }

    static func analysis(of file: LintFile, in context: LintContext, budget: AnalysisBudget) -> OrderAnalysis? {
        OrderAnalysis.of(file, host: ExampleURL.host(of: file, in: context), budget: budget)
    }

    /// `component 2 ({"/": "/help/*"}, line 7)`: numbered from 1 within the entry.
    static func name(ofComponent index: Int, in entry: AASAMatcher.Entry, file: LintFile) -> String {
        let component = entry.components[index]
        return "component \(index + 1) (\(component.summary), line \(line(of: component, in: file)))"
    }

    static func line(of component: CompiledComponent, in file: LintFile) -> Int {
        file.location(component.pointer).range.start.line
    }

    /// One note per entry where the file's budget ran out, rather than one per rule left.
    static func budgetSpentNote(ruleID: String, skipped: Int, budget: AnalysisBudget, component: CompiledComponent, in file: LintFile) -> Diagnostic {
        limit(
            ruleID: ruleID,
            severity: .note,
            message: "the component-order analysis stopped at this component: the whole file may explore \(budget.fileStates) automaton states and they were spent on the components before it, so \(skipped == 1 ? "this component was" : "this and \(skipped - 1) more components of this entry were") not analysed; raise the rules' state_budget option to analyse them",
            location: file.location(component.pointer)
        )
    }

    /// The note for a rule the analysis could not decide: never a guess.
    static func incompleteNote(ruleID: String, reason: String, component: CompiledComponent, in file: LintFile) -> Diagnostic {
        limit(
            ruleID: ruleID,
            severity: .note,
            message: "the component-order analysis is incomplete for this component: \(reason); whether earlier components shadow it is not known",
            location: file.location(component.pointer)
        )
    }

    /// A note on where the analysis stopped, which reports give once per run rather than as a
    /// finding on a component.
    static func limit(ruleID: String, severity: Severity, message: String, location: Location) -> Diagnostic {
        var note = Diagnostic(ruleID: ruleID, severity: severity, message: message, location: location)
        note.isAnalysisLimit = true
        return note
    }
}
