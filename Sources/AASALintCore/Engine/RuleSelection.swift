/// Which rules run, and at which severity and options: defaults, then the configuration's
/// settings, then `--enable`/`--disable` from the command line.
package struct RuleSelection: Sendable {
    package struct Entry: Sendable {
        package let description: RuleDescription
        package let check: any RuleCheck
        package let severity: Severity

        /// The check's file contract; remote checks and ignore audits have none.
        package var fileCheck: (any FileCheck)? { check.fileCheck }

        /// A finding of this rule at its configured severity. A rule's own notes ("this could
        /// not be decided") stay notes whatever its severity.
        package func configured(_ finding: Diagnostic) -> Diagnostic {
            var diagnostic = finding
            if finding.severity != .note || description.severity == .note { diagnostic.severity = severity }
            return diagnostic
        }
    }

    package let entries: [Entry]

    package init(
        registry: RuleRegistry,
        settings: [String: RuleSetting] = [:],
        enable: [String] = [],
        disable: [String] = []
    ) throws(UsageError) {
        for id in enable + disable where registry.description(of: id) == nil {
            throw registry.unknownRuleError(id)
        }
        var entries: [Entry] = []
        for description in registry.descriptions {
            let setting = settings[description.id]
            var enabled = !description.isOptIn
            if let setting {
                if setting.isOff { enabled = false } else if setting.severity != nil { enabled = true }
            }
            if enable.contains(description.id) { enabled = true }
            if disable.contains(description.id) { enabled = false }
            guard enabled else { continue }
            do throws(RuleOptionError) {
                guard let check = try registry.makeCheck(id: description.id, options: setting?.options ?? RuleOptions()) else { continue }
                entries.append(Entry(description: description, check: check, severity: setting?.severity ?? description.severity))
            } catch {
                throw UsageError("rule '\(description.id)': \(error)")
            }
        }
        self.entries = entries
    }

    package var descriptions: [RuleDescription] { entries.map(\.description) }
}
