#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `overrides:` and `ignore:`, which scope rules to files and JSON pointers.
extension ConfigurationLoader {
    func readOverrides(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [Override] {
        reader.list(node, at: pointer, what: "'overrides'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["files", "rules"], what: "an override")
            guard let filesMember = keys["files"], let rulesMember = keys["rules"] else {
                reader.error("an override needs 'files' (globs, optionally with #/json/pointer) and 'rules'", at: elementPointer)
                return nil
            }
            let targets = reader.strings(filesMember.value, at: elementPointer.appending("files"), what: "'files'").compactMap {
                target($0, &reader).map { Override.Target(files: $0.glob, pointer: $0.pointer) }
            }
            let rules = readRules(rulesMember.value, at: elementPointer.appending("rules"), &reader)
            return Override(targets: targets, rules: rules)
        }
    }

    func readIgnores(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [IgnoreEntry] {
        reader.list(node, at: pointer, what: "'ignore'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["rule", "file", "pointer", "reason"], what: "an ignore entry")
            let rule = keys["rule"].flatMap { reader.string($0.value, at: elementPointer.appending("rule"), what: "'rule'") }
            let file = keys["file"].flatMap { reader.string($0.value, at: elementPointer.appending("file"), what: "'file'") }
            let reason = keys["reason"].flatMap { reader.string($0.value, at: elementPointer.appending("reason"), what: "'reason'") }
            let at = keys["pointer"].flatMap { reader.string($0.value, at: elementPointer.appending("pointer"), what: "'pointer'") }
            guard let rule, let file, let reason, !reason.value.trimmed().isEmpty else {
                reader.error("an ignore entry needs 'rule', 'file' and a non-empty 'reason' (why this finding is acceptable)", at: elementPointer)
                return nil
            }
            if registry.description(of: rule.value) == nil && !isPluginRuleID(rule.value) {
                reader.error(registry.unknownRuleError(rule.value).message, at: rule.pointer)
            }
            guard let (glob, filePointer) = target(file, &reader) else { return nil }
            // `file: glob#/pointer` is the overrides' spelling of `file:` plus `pointer:`.
            var pointer = filePointer
            if let at, filePointer != nil {
                reader.error("this ignore entry names its pointer twice, after '#' in 'file' and in 'pointer'; keep one", at: at.pointer)
            } else if let at {
                pointer = JSONPointer(at.value)
                if pointer == nil {
                    reader.error("'\(at.value)' is not a JSON pointer: write it like /applinks/details/0", at: at.pointer)
                }
            }
            return IgnoreEntry(pointer: elementPointer, rule: rule.value, files: glob, at: pointer, reason: reason.value)
        }
    }

    /// `glob` or `glob#/json/pointer`.
    func target(_ text: Located<String>, _ reader: inout ConfigurationReader) -> (glob: Glob, pointer: JSONPointer?)? {
        let parts = text.value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var pointer: JSONPointer?
        if parts.count == 2 {
            pointer = JSONPointer(String(parts[1]))
            if pointer == nil {
                reader.error("'\(parts[1])' after '#' is not a JSON pointer: write it like /applinks/details/0", at: text.pointer)
                return nil
            }
        }
        do throws(Glob.SyntaxError) {
            return (try Glob(String(parts[0])), pointer)
        } catch {
            reader.error("invalid pattern '\(parts[0])': \(error.message)", at: text.pointer)
            return nil
        }
    }
}
