#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `rules:`: each rule's severity and options, checked against its description.
extension ConfigurationLoader {
    func readRules(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [String: RuleSetting] {
        guard let members = node.members else {
            reader.error("'rules' must map rule IDs to a severity or settings, not \(reader.article(node))", at: pointer)
            return [:]
        }
        var settings: [String: RuleSetting] = [:]
        for member in members {
            let rulePointer = pointer.appending(member.key)
            if isPluginRuleID(member.key) {
                let word = member.value.boolValue == false ? "off" : member.value.stringValue ?? ""
                if let level = severityLevel(word, at: rulePointer, rule: member.key, &reader) {
                    settings[member.key] = RuleSetting(severity: level.resolved(default: .error), isOff: level == .off,
                                                       options: RuleOptions(), pointer: rulePointer)
                }
                continue
            }
            guard let rule = registry.description(of: member.key) else {
                reader.error(registry.unknownRuleError(member.key).message, atKeyOf: member, under: pointer)
                continue
            }
            if let setting = readRuleSetting(member.value, for: rule, at: rulePointer, &reader) {
                settings[member.key] = setting
            }
        }
        return settings
    }

    func readRuleSetting(_ node: PositionedValue, for rule: RuleDescription, at pointer: JSONPointer,
                                 _ reader: inout ConfigurationReader) -> RuleSetting? {
        if node.stringValue != nil || node.boolValue == false {
            let word = node.boolValue == false ? "off" : node.stringValue ?? ""
            guard let level = severityLevel(word, at: pointer, rule: rule.id, &reader) else { return nil }
            return RuleSetting(severity: level.resolved(default: .error), isOff: level == .off, options: RuleOptions(), pointer: pointer)
        }
        guard let members = node.members else {
            reader.error("'\(rule.id)' takes a severity (\(Self.severityWords.joined(separator: ", "))) or {severity: ..., options...}, not \(reader.article(node))", at: pointer)
            return nil
        }
        var severity: Severity?
        var isOff = false
        var values: [String: RuleOptionValue] = [:]
        let optionNames = rule.options.map(\.name)
        for member in members {
            let memberPointer = pointer.appending(member.key)
            if member.key == "severity" {
                guard let word = reader.string(member.value, at: memberPointer, what: "'severity'")?.value,
                      let level = severityLevel(word, at: memberPointer, rule: rule.id, &reader) else { continue }
                severity = level.resolved(default: .error)
                isOff = level == .off
                continue
            }
            guard let option = rule.options.first(where: { $0.name == member.key }) else {
                let suggestion = Suggestion.nearest(to: member.key, in: optionNames + ["severity"])
                let known = optionNames.isEmpty ? "it has no options" : "its options: \(optionNames.joined(separator: ", "))"
                reader.error("rule '\(rule.id)' has no option '\(member.key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; \(known)"),
                             atKeyOf: member, under: pointer)
                continue
            }
            if let value = optionValue(member.value, like: option.defaultValue) {
                values[option.name] = value
            } else {
                reader.error("option '\(option.name)' of '\(rule.id)' expects \(kind(of: option.defaultValue)), not \(reader.article(member.value))", at: memberPointer)
            }
        }
        let options = RuleOptions(values)
        do throws(RuleOptionError) {
            _ = try registry.makeCheck(id: rule.id, options: options)
        } catch {
            reader.error("rule '\(rule.id)': \(error)", at: pointer.appending(error.option))
        }
        return RuleSetting(severity: severity, isOff: isOff, options: options, pointer: pointer)
    }

    /// Off or a severity (never not set); nil is a mistake (already reported).
    func severityLevel(_ word: String, at pointer: JSONPointer, rule: String,
                               _ reader: inout ConfigurationReader) -> SeveritySetting? {
        if word == "off" { return .off }
        if let severity = Severity(rawValue: word) { return .severity(severity) }
        let suggestion = Suggestion.nearest(to: word, in: Self.severityWords).map { "; did you mean '\($0)'?" } ?? ""
        reader.error("'\(word)' is not a severity for '\(rule)'\(suggestion) (use error, warning, note or off)", at: pointer)
        return nil
    }

    func optionValue(_ node: PositionedValue, like defaultValue: RuleOptionValue) -> RuleOptionValue? {
        switch (defaultValue, node.value) {
        case (.integer, .number(let text)): Int(text).map(RuleOptionValue.integer)
        case (.string, .string(let text)): .string(text)
        case (.bool, .bool(let value)): .bool(value)
        default: nil
        }
    }

    func kind(of value: RuleOptionValue) -> String {
        switch value {
        case .integer: "a whole number"
        case .string: "text"
        case .bool: "true or false"
        }
    }
}
