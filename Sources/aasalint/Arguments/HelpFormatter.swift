/// Renders `--help` text from the same specs the parser uses, so the two cannot drift apart.
enum HelpFormatter {
    static func help(for command: CommandSpec) -> String {
        let positionals = command.positionals
        let argumentRows = positionals.name.isEmpty ? [] : [(label: positionals.name, text: positionals.help)]
        let optionRows = command.allOptions.map { (label: label(for: $0), text: description(of: $0)) }
        // One column width for both sections keeps the descriptions in a single straight line.
        let width = (argumentRows + optionRows).map(\.label.count).max() ?? 0

        var lines = ["Usage: \(command.usage)", "", command.summary]
        if !argumentRows.isEmpty {
            lines += ["", "Arguments:"] + argumentRows.map { row($0.label, $0.text, width: width) }
        }
        lines += ["", "Options:"] + optionRows.map { row($0.label, $0.text, width: width) }
        if !command.exitStatuses.isEmpty {
            lines += ["", "Exit status:"] + command.exitStatuses.map { row(String($0.status), $0.meaning, width: 1) }
        }
        return lines.joined(separator: "\n")
    }

    static func overview(programName: String, summary: String, commands: [CommandSpec]) -> String {
        let width = commands.map(\.name.count).max() ?? 0
        var lines = ["Usage: \(programName) <command> [options]", "", summary, "", "Commands:"]
        lines += commands.map { row($0.name, $0.summary, width: width) }
        lines += ["", "Run '\(programName) <command> --help' for the options of a command."]
        return lines.joined(separator: "\n")
    }

    /// `-f, --format FORMAT`; options without a short name are indented so the long names line up.
    private static func label(for option: OptionSpec) -> String {
        let short = option.shortName.map { "-\($0), " } ?? "    "
        let value = option.valueName.map { " \($0)" } ?? ""
        return short + option.longSpelling + value
    }

    private static func description(of option: OptionSpec) -> String {
        var notes: [String] = []
        if let allowedValues = option.allowedValues {
            notes.append("one of: " + allowedValues.joined(separator: ", "))
        }
        if option.namesFileAfterColon {
            notes.append("repeatable")
        } else if option.isRepeatable {
            notes.append("repeatable, or comma-separated")
        }
        return notes.isEmpty ? option.help : "\(option.help) (\(notes.joined(separator: "; ")))"
    }

    private static func row(_ label: String, _ text: String, width: Int) -> String {
        let padding = String(repeating: " ", count: width - label.count)
        return "  \(label)\(padding)  \(text)"
    }
}
