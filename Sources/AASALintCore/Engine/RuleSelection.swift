/// Which rules run, and at which severity and options: defaults, then the configuration's
/// settings, then `--enable`/`--disable` from the command line.
public struct RuleSelection: Sendable {
    public struct Entry: Sendable {
        public let rule: any Rule
        public let severity: Severity
        public var description: RuleDescription { type(of: rule).description }
    }

    public let entries: [Entry]

    public init(
        registry: RuleRegistry,
        settings: [String: RuleSetting] = [:],
        enable: [String] = [],
        disable: [String] = []
    ) throws(UsageError) {
        for id in enable + disable where registry.rule(withID: id) == nil {
            throw registry.unknownRuleError(id)
        }
        var entries: [Entry] = []
        for ruleType in registry.rules {
            let description = ruleType.description
            let setting = settings[description.id]
            var enabled = !description.isOptIn
            if let setting {
                if setting.isOff { enabled = false } else if setting.severity != nil { enabled = true }
            }
            if enable.contains(description.id) { enabled = true }
            if disable.contains(description.id) { enabled = false }
            guard enabled else { continue }
            do throws(RuleOptionError) {
                let rule = try ruleType.init(options: setting?.options ?? RuleOptions())
                entries.append(Entry(rule: rule, severity: setting?.severity ?? description.severity))
            } catch {
                throw UsageError("rule '\(description.id)': \(error)")
            }
        }
        self.entries = entries
    }

    public var descriptions: [RuleDescription] { entries.map(\.description) }
}
