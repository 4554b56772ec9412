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
        /// Whether it is compared percent-encoded, or decoded: under the settings of its
        /// component, or for a variable value those of every pattern that uses the variable
        /// (neither when unused). Two flags rather than a list of settings per occurrence: a
        /// file has thousands of occurrences, and the rules ask only this.
        package let isComparedEncoded: Bool
        package let isComparedDecoded: Bool
        /// The component, `defaults` object or `paths` string the pattern belongs to.
        package let owner: JSONPointer
        /// The component when the owner is one.
        package let component: Component?
        /// The pattern's `$(name)` references, read once: several rules and the catalog ask.
        package let variableReferences: [(name: String, range: Range<Int>)]

        init(role: Role, pattern: Pattern, pointer: JSONPointer, offset: Int, isComparedEncoded: Bool, isComparedDecoded: Bool,
             owner: JSONPointer, component: Component?) {
            self.role = role
            self.pattern = pattern
            self.pointer = pointer
            self.offset = offset
            self.isComparedEncoded = isComparedEncoded
            self.isComparedDecoded = isComparedDecoded
            self.owner = owner
            self.component = component
            // Asked first here: reading the references copies the pattern.
            variableReferences = pattern.contains("$") ? pattern.variableReferences : []
        }

        /// Whether the pattern holds `scalar`, which most pattern rules ask of every occurrence
        /// to find the few they inspect: answered without copying the pattern out of the
        /// occurrence, as `pattern.contains` from another module does (a retain and a release).
        package func patternContains(_ scalar: Unicode.Scalar) -> Bool {
            pattern.contains(scalar)
        }

        /// Whether every scalar of the pattern is ASCII; see `patternContains`.
        package var patternIsASCII: Bool {
            pattern.isASCII
        }

        package var isPath: Bool {
            switch role {
            case .path, .legacyPath: true
            default: false
            }
        }
    }

    package let occurrences: [Occurrence]
    /// The scalars the patterns of `occurrences` hold, all together.
    package let heldScalars: HeldScalars
    package let variables: [SubstitutionVariable]
    package let substitutionVariables: SubstitutionVariables

    package init(file: LintFile) {
        guard let applinks = file.aasa?.applinks else {
            occurrences = []
            heldScalars = HeldScalars()
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
                    let pattern = Pattern(path.pattern, gathering: &collector.held)
                    collector.add(.legacyPath, pattern, at: path.text.pointer,
                                  offset: path.isExclusion ? 4 : 0, settings: path.settings, owner: path.text.pointer)
                }
            }
        }
        var usersSettings: [String: [MatchSettings]] = [:]
        for (occurrence, settings) in collector.referringVariables {
            for reference in occurrence.variableReferences where !usersSettings[reference.name, default: []].contains(settings) {
                usersSettings[reference.name, default: []].append(settings)
            }
        }
        for variable in variables {
            for value in variable.values {
                collector.addValue(of: variable, value, usersSettings: usersSettings[variable.name] ?? [])
            }
        }
        occurrences = collector.occurrences
        heldScalars = collector.held ?? HeldScalars()
    }

    /// True when some pattern refers to `$(name)`.
    package func isReferenced(_ name: String) -> Bool {
        occurrences.contains { occurrence in occurrence.variableReferences.contains { $0.name == name } }
    }
}

private struct OccurrenceCollector {
    var occurrences: [PatternCatalog.Occurrence] = []
    /// What the patterns hold, gathered as they are made.
    var held: HeldScalars? = HeldScalars()
    /// The occurrences that may refer to variables, with their settings: those whose text
    /// holds a `$`.
    var referringVariables: [(occurrence: PatternCatalog.Occurrence, settings: MatchSettings)] = []

    /// A `defaults` object's patterns, which it may inherit from `applinks.defaults`: those are
    /// listed where written.
    mutating func addParts(of keys: ComponentKeys, owner: JSONPointer) {
        addParts(path: keys.path, query: keys.query, fragment: keys.fragment, settings: keys.settings, owner: owner, component: nil) {
            $0.isWithin(owner)
        }
    }

    /// A component's own patterns: it lists none of those it inherits.
    mutating func addParts(of component: Component) {
        let own = component.ownKeys
        addParts(path: own.path, query: own.query, fragment: own.fragment, settings: component.settings,
                 owner: component.pointer, component: component) { _ in true }
    }

    /// The patterns written under `owner`, those `isOwn` accepts.
    private mutating func addParts(path: Located<String>?, query: QueryPattern?, fragment: Located<String>?, settings: MatchSettings,
                                   owner: JSONPointer, component: Component?, isOwn: (JSONPointer) -> Bool) {
        if let path, isOwn(path.pointer) {
            let pattern = Pattern(path.value, gathering: &held)
            add(.path, pattern, at: path.pointer, settings: settings, owner: owner, component: component)
        }
        switch query {
        case .whole(let text)? where isOwn(text.pointer):
            let pattern = Pattern(text.value, gathering: &held)
            add(.query, pattern, at: text.pointer, settings: settings, owner: owner, component: component)
        case .items(let items)? where items.first.map({ isOwn($0.value.pointer) }) ?? false:
            for item in items {
                let pattern = Pattern(item.value.value, gathering: &held)
                add(.queryItem(item.name), pattern, at: item.value.pointer, settings: settings, owner: owner, component: component)
            }
        default:
            break
        }
        if let fragment, isOwn(fragment.pointer) {
            let pattern = Pattern(fragment.value, gathering: &held)
            add(.fragment, pattern, at: fragment.pointer, settings: settings, owner: owner, component: component)
        }
    }

    /// `pattern` is consumed: a borrowed one would be copied into the occurrence.
    mutating func add(_ role: PatternCatalog.Occurrence.Role, _ pattern: consuming Pattern, at pointer: JSONPointer, offset: Int = 0,
                      settings: MatchSettings, owner: JSONPointer, component: Component? = nil) {
        let occurrence = PatternCatalog.Occurrence(role: role, pattern: pattern, pointer: pointer, offset: offset,
                                                   isComparedEncoded: settings.percentEncoded, isComparedDecoded: !settings.percentEncoded,
                                                   owner: owner, component: component)
        occurrences.append(occurrence)
        if occurrence.patternContains("$") { referringVariables.append((occurrence, settings)) }
    }

    /// A value of a variable, compared under the settings of every pattern that uses the variable.
    mutating func addValue(of variable: SubstitutionVariable, _ value: Located<String>, usersSettings: [MatchSettings]) {
        let pattern = Pattern(value.value, expandsVariables: false, gathering: &held)
        occurrences.append(PatternCatalog.Occurrence(
            role: .variableValue(variable.name), pattern: pattern, pointer: value.pointer, offset: 0,
            isComparedEncoded: usersSettings.contains { $0.percentEncoded }, isComparedDecoded: usersSettings.contains { !$0.percentEncoded },
            owner: variable.pointer, component: nil))
    }
}

extension LintFile {
    /// The scalars `range` of `occurrence`'s pattern, in the file.
    package func location(of range: Range<Int>, in occurrence: PatternCatalog.Occurrence) -> Location {
        let shifted = (range.lowerBound + occurrence.offset)..<(range.upperBound + occurrence.offset)
        return location(ofScalars: shifted, inStringAt: occurrence.pointer)
    }
}
