/// Every pattern of an AASA file, where it is and how the system compares it: what the
/// pattern rules inspect. Variable values are listed once, with the settings of every
/// pattern that uses them.
package struct PatternCatalog: Sendable {
    /// A class, so that the many rules that go through every occurrence share it rather than
    /// copy its patterns, pointers and component.
    package final class Occurrence: Sendable {
        package enum Role: Hashable, Sendable {
            case path
            /// A legacy `paths` string (after its `NOT ` prefix).
            case legacyPath
            /// A string `?`.
            case query
            /// The value pattern of a `?` object item.
            case queryItem(String)
            case fragment
            /// A value of `applinks.substitutionVariables`.
            case variableValue(String)
        }

        package let role: Role
        package let pattern: Pattern
        /// The JSON string the pattern is read from.
        package let pointer: JSONPointer
        /// Where the pattern starts inside that string, in scalars (4 after `NOT `).
        package let offset: Int
        /// The settings it is compared under: one for a pattern; for a variable value, those
        /// of every pattern that uses the variable (none when unused).
        package let settings: [MatchSettings]
        /// The component, `defaults` object or `paths` string the pattern belongs to.
        package let owner: JSONPointer
        /// The component when the owner is one.
        package let component: Component?

        init(role: Role, pattern: Pattern, pointer: JSONPointer, offset: Int, settings: [MatchSettings], owner: JSONPointer,
             component: Component?) {
            self.role = role
            self.pattern = pattern
            self.pointer = pointer
            self.offset = offset
            self.settings = settings
            self.owner = owner
            self.component = component
        }

        package var isComparedEncoded: Bool { settings.contains { $0.percentEncoded } }
        package var isComparedDecoded: Bool { settings.contains { !$0.percentEncoded } }
        package var isPath: Bool { role == .path || role == .legacyPath }
    }

    package let occurrences: [Occurrence]
    package let variables: [SubstitutionVariable]
    package let substitutionVariables: SubstitutionVariables

    package init(file: LintFile) {
        guard let applinks = file.aasa?.applinks else {
            occurrences = []
            variables = []
            substitutionVariables = SubstitutionVariables([])
            return
        }
        variables = applinks.substitutionVariables
        substitutionVariables = SubstitutionVariables(variables)
        var collector = OccurrenceCollector()
        if let defaults = applinks.defaults {
            collector.addParts(of: defaults.keys, owner: defaults.pointer)
        }
        for entry in applinks.details {
            if let defaults = entry.defaults {
                collector.addParts(of: defaults.keys, owner: defaults.pointer)
            }
            if let components = entry.components {
                for component in components.value {
                    collector.addParts(of: component)
                }
            } else {
                for path in entry.paths?.value ?? [] {
                    collector.add(.legacyPath, Pattern(path.pattern), at: path.text.pointer,
                                  offset: path.isExclusion ? 4 : 0, settings: path.settings, owner: path.text.pointer)
                }
            }
        }
        var usersSettings: [String: [MatchSettings]] = [:]
        for occurrence in collector.occurrences {
            for reference in occurrence.pattern.variableReferences where !usersSettings[reference.name, default: []].contains(occurrence.settings[0]) {
                usersSettings[reference.name, default: []].append(occurrence.settings[0])
            }
        }
        for variable in variables {
            for value in variable.values {
                collector.add(.variableValue(variable.name), Pattern(value.value, expandsVariables: false), at: value.pointer,
                              offset: 0, settings: usersSettings[variable.name] ?? [], owner: variable.pointer)
            }
        }
        occurrences = collector.occurrences
    }

    /// True when some pattern refers to `$(name)`.
    package func isReferenced(_ name: String) -> Bool {
        occurrences.contains { occurrence in occurrence.pattern.variableReferences.contains { $0.name == name } }
    }
}

private struct OccurrenceCollector {
    var occurrences: [PatternCatalog.Occurrence] = []

    mutating func addParts(of keys: ComponentKeys, owner: JSONPointer) {
        addParts(path: keys.path, query: keys.query, fragment: keys.fragment, settings: keys.settings, owner: owner, component: nil)
    }

    mutating func addParts(of component: Component) {
        addParts(path: component.path, query: component.query, fragment: component.fragment, settings: component.settings,
                 owner: component.pointer, component: component)
    }

    /// The patterns written under `owner`: inherited ones are listed where written.
    private mutating func addParts(path: Located<String>?, query: QueryPattern?, fragment: Located<String>?, settings: MatchSettings,
                                   owner: JSONPointer, component: Component?) {
        func isOwn(_ pointer: JSONPointer) -> Bool { pointer.tokens.starts(with: owner.tokens) }
        if let path, isOwn(path.pointer) {
            add(.path, Pattern(path.value), at: path.pointer, settings: settings, owner: owner, component: component)
        }
        switch query {
        case .whole(let text)? where isOwn(text.pointer):
            add(.query, Pattern(text.value), at: text.pointer, settings: settings, owner: owner, component: component)
        case .items(let items)? where items.first.map({ isOwn($0.value.pointer) }) ?? false:
            for item in items {
                add(.queryItem(item.name), Pattern(item.value.value), at: item.value.pointer, settings: settings, owner: owner, component: component)
            }
        default:
            break
        }
        if let fragment, isOwn(fragment.pointer) {
            add(.fragment, Pattern(fragment.value), at: fragment.pointer, settings: settings, owner: owner, component: component)
        }
    }

    mutating func add(_ role: PatternCatalog.Occurrence.Role, _ pattern: Pattern, at pointer: JSONPointer, offset: Int = 0,
                      settings: MatchSettings, owner: JSONPointer, component: Component? = nil) {
        add(role, pattern, at: pointer, offset: offset, settings: [settings], owner: owner, component: component)
    }

    mutating func add(_ role: PatternCatalog.Occurrence.Role, _ pattern: Pattern, at pointer: JSONPointer, offset: Int,
                      settings: [MatchSettings], owner: JSONPointer, component: Component? = nil) {
        occurrences.append(PatternCatalog.Occurrence(role: role, pattern: pattern, pointer: pointer, offset: offset,
                                                     settings: settings, owner: owner, component: component))
    }
}

extension LintFile {
    /// The scalars `range` of `occurrence`'s pattern, in the file.
    package func location(of range: Range<Int>, in occurrence: PatternCatalog.Occurrence) -> Location {
        let shifted = (range.lowerBound + occurrence.offset)..<(range.upperBound + occurrence.offset)
        return location(ofScalars: shifted, inStringAt: occurrence.pointer)
    }
}
