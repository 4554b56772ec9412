/// Which rules run, and at which severity: defaults, then opt-ins enabled, then disabled ones.
public struct RuleSelection: Sendable {
    public struct Entry: Sendable {
        public let rule: any Rule
        public let severity: Severity
        public var description: RuleDescription { type(of: rule).description }
    }

    public let entries: [Entry]

    public init(registry: RuleRegistry, enable: [String] = [], disable: [String] = []) throws(UsageError) {
        for id in enable + disable where registry.rule(withID: id) == nil {
            throw registry.unknownRuleError(id)
        }
        var entries: [Entry] = []
        for ruleType in registry.rules {
            let description = ruleType.description
            let enabled = (!description.isOptIn || enable.contains(description.id)) && !disable.contains(description.id)
            guard enabled else { continue }
            do {
                entries.append(Entry(rule: try ruleType.init(options: RuleOptions()), severity: description.severity))
            } catch {
                throw UsageError("rule '\(description.id)': \(error)")
            }
        }
        self.entries = entries
    }

    public var descriptions: [RuleDescription] { entries.map(\.description) }
}
