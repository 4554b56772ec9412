/// Rule documentation in the forms users read it: the `aasalint rules` listing, one rule
/// explained on a terminal, and `docs/rules.md`. All come from `RuleDescription`.
package enum RuleDocumentation {
    /// Custom rules and plugins bring their own IDs, summaries and messages from the
    /// configuration, so every line is escaped for the terminal.
    package static func list(_ rules: [RuleDescription]) -> String {
        let width = rules.map(\.id.count).max() ?? 0
        var lines = rules.map { rule in
            let severity = rule.severity.rawValue + (rule.isOptIn ? ", opt-in" : "")
            return rule.id.padding(to: width) + "  " + "(\(severity))".padding(to: 18) + rule.summary
        }
        lines += ["", "\(rules.count) rules. `aasalint rules ID` explains one."]
        return TerminalText.lines(lines)
    }

    package static func explain(_ rule: RuleDescription) -> String {
        var lines = ["\(rule.id): \(rule.summary)", ""]
        lines.append("Default severity: \(rule.severity.rawValue)\(rule.isOptIn ? " (opt-in: off unless enabled)" : "")")
        lines += ["Files: \(rule.fileKinds.map(\.rawValue).sorted().joined(separator: ", "))", ""]
        lines.append(rule.rationale)
        if !rule.options.isEmpty {
            lines += ["", "Options:"]
            for option in rule.options {
                lines.append("  \(option.name) (default \(option.defaultValue)): \(option.help)")
            }
        }
        if !rule.examples.isEmpty {
            lines += ["", "Examples:"]
            for example in rule.examples {
                lines.append(example.triggers ? "  Reported:" : "  Fine:")
                lines += example.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            }
        }
        lines += ["", "More: \(rule.helpURL)"]
        return TerminalText.lines(lines)
    }

    /// The whole of `docs/rules.md`.
    package static func markdown(_ rules: [RuleDescription]) -> String {
        var text = """
            # aasalint rules

            Generated from the rule descriptions by `swift test` (set `AASALINT_UPDATE_DOCS=1` to \
            rewrite it); do not edit by hand. `aasalint rules ID` prints the same text.

            | rule | default | summary |
            |---|---|---|

            """
        for rule in rules {
            text += "| [`\(rule.id)`](#\(rule.id)) | \(rule.severity.rawValue)\(rule.isOptIn ? ", opt-in" : "") | \(rule.summary) |\n"
        }
        for rule in rules {
            text += "\n## \(rule.id)\n\n\(rule.summary).\n\n"
            text += "Default severity: **\(rule.severity.rawValue)**\(rule.isOptIn ? " (opt-in)" : ""). "
            text += "Files: \(rule.fileKinds.map(\.rawValue).sorted().joined(separator: ", ")).\n\n"
            text += rule.rationale + "\n"
            if !rule.options.isEmpty {
                text += "\n| option | default | meaning |\n|---|---|---|\n"
                for option in rule.options {
                    text += "| `\(option.name)` | `\(option.defaultValue)` | \(option.help) |\n"
                }
            }
            for example in rule.examples {
                text += "\n\(example.triggers ? "Reported:" : "Fine:")\n\n```json\n\(example.text)\n```\n"
                if let fixture = example.fixture {
                    text += "\nAs input: [`Fixtures/rules/\(rule.id)/\(fixture)`](../Fixtures/rules/\(rule.id)/\(fixture)).\n"
                }
            }
        }
        return text
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
