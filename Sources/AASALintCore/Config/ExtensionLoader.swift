/// Reads `custom_rules:` and `plugins:`, the two ways a team adds checks of its own.
extension ConfigurationLoader {
    static let customRuleKeys = ["id", "kind", "select", "matches", "not_matches", "one_of", "required", "forbidden",
                                 "max_items", "message", "severity", "summary"]
    static let conditionKeys = ["matches", "not_matches", "one_of", "required", "forbidden", "max_items"]

    func readCustomRules(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [CustomRule] {
        var seen = Set<String>()
        return reader.list(node, at: pointer, what: "'custom_rules'").compactMap { element, at in
            let keys = reader.members(of: element, at: at, known: Self.customRuleKeys, what: "a custom rule")
            guard let id = keys["id"].flatMap({ reader.string($0.value, at: at.appending("id"), what: "'id'") }),
                  let select = keys["select"].flatMap({ reader.string($0.value, at: at.appending("select"), what: "'select'") }),
                  let message = keys["message"].flatMap({ reader.string($0.value, at: at.appending("message"), what: "'message'") })
            else {
                reader.error("a custom rule needs 'id', 'select' (a JSON pointer with * segments), one condition and 'message'", at: at)
                return nil
            }
            guard isValidID(id.value) else {
                reader.error("'\(id.value)' is not a rule ID: use lower-case words joined by '-' (team-id-policy)", at: id.pointer)
                return nil
            }
            guard registry.description(of: id.value) == nil else {
                reader.error("'\(id.value)' is the ID of a built-in rule; give the custom rule its own ID", at: id.pointer)
                return nil
            }
            guard seen.insert(id.value).inserted else {
                reader.error("two custom rules share the ID '\(id.value)'", at: id.pointer)
                return nil
            }
            guard let selector = PointerSelector(select.value) else {
                reader.error("'\(select.value)' is not a JSON pointer: write it like /applinks/details/*/appIDs/*", at: select.pointer)
                return nil
            }
            var kind = FileKind.aasa
            if let kindMember = keys["kind"] {
                let words = FileKind.allCases.map(\.rawValue)
                guard let word = reader.string(kindMember.value, at: at.appending("kind"), what: "'kind'")?.value,
                      let chosen = FileKind(rawValue: word) else {
                    reader.error("'kind' must be one of: \(words.joined(separator: ", "))", at: at.appending("kind"))
                    return nil
                }
                kind = chosen
            }
            var severity = Severity.warning
            if let severityMember = keys["severity"] {
                guard let word = reader.string(severityMember.value, at: at.appending("severity"), what: "'severity'")?.value,
                      let chosen = Severity(rawValue: word) else {
                    reader.error("'severity' of a custom rule must be error, warning or note", at: at.appending("severity"))
                    return nil
                }
                severity = chosen
            }
            guard let condition = readCondition(keys, at: at, &reader) else { return nil }
            let summary = keys["summary"].flatMap { reader.string($0.value, at: at.appending("summary"), what: "'summary'")?.value }
                ?? "Custom rule: \(select.value)"
            let description = RuleDescription(
                id: id.value, summary: summary,
                rationale: "A custom rule of this repository, declared in \(reader.document.path) under `custom_rules`: \(message.value)",
                severity: severity, fileKinds: [kind], isDocumented: false)
            return CustomRule(description: description, kind: kind, selector: selector, condition: condition, message: message.value)
        }
    }

    private func readCondition(_ keys: [String: PositionedMember], at pointer: JSONPointer,
                               _ reader: inout ConfigurationReader) -> CustomRule.Condition? {
        let given = Self.conditionKeys.filter { keys[$0] != nil }
        guard given.count == 1, let name = given.first, let member = keys[name] else {
            reader.error("a custom rule needs exactly one condition: \(Self.conditionKeys.joined(separator: ", "))"
                + (given.count > 1 ? " (this one has \(given.joined(separator: " and ")))" : ""), at: pointer)
            return nil
        }
        let at = pointer.appending(name)
        switch name {
        case "matches", "not_matches":
            guard let pattern = reader.string(member.value, at: at, what: "'\(name)'") else { return nil }
            do throws(UsageError) {
                let expression = try RegularExpression(pattern.value)
                return name == "matches" ? .matches(expression) : .notMatches(expression)
            } catch {
                reader.error(error.message, at: at)
                return nil
            }
        case "one_of":
            let values = reader.strings(member.value, at: at, what: "'one_of'")
            return values.isEmpty ? nil : .oneOf(values.map(\.value))
        case "max_items":
            guard let text = member.value.numberText, let limit = Int(text), limit >= 0 else {
                reader.error("'max_items' must be a whole number, 0 or more", at: at)
                return nil
            }
            return .maxItems(limit)
        default:
            guard member.value.boolValue == true else {
                reader.error("'\(name)' takes true", at: at)
                return nil
            }
            return name == "required" ? .required : .forbidden
        }
    }

    func readPlugins(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [PluginDefinition] {
        var seen = Set<String>()
        return reader.list(node, at: pointer, what: "'plugins'").compactMap { element, at in
            let keys = reader.members(of: element, at: at, known: ["id", "command", "timeout"], what: "a plugin")
            guard let id = keys["id"].flatMap({ reader.string($0.value, at: at.appending("id"), what: "'id'") }),
                  let commandMember = keys["command"] else {
                reader.error("a plugin needs 'id' and 'command' (a list: the program and its arguments)", at: at)
                return nil
            }
            guard isValidID(id.value), seen.insert(id.value).inserted, registry.description(of: id.value) == nil else {
                reader.error("'\(id.value)' cannot name a plugin: use a new ID of lower-case words joined by '-'", at: id.pointer)
                return nil
            }
            guard commandMember.value.elements != nil else {
                reader.error("'command' must be a list, the program and its arguments: [python3, plugins/policy.py]", at: at.appending("command"))
                return nil
            }
            let command = reader.strings(commandMember.value, at: at.appending("command"), what: "'command'").map(\.value)
            guard !command.isEmpty else {
                reader.error("'command' must name a program", at: at.appending("command"))
                return nil
            }
            var timeout = PluginDefinition.defaultTimeout
            if let timeoutMember = keys["timeout"] {
                guard let text = timeoutMember.value.numberText, let seconds = Double(text), seconds > 0 else {
                    reader.error("'timeout' must be a number of seconds above 0", at: at.appending("timeout"))
                    return nil
                }
                timeout = seconds
            }
            return PluginDefinition(id: id.value, command: command, timeout: timeout, pointer: at)
        }
    }

    private func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.first != "-" && id.last != "-"
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
