/// The `$(name)` variables a file's patterns can use: the built-ins and the custom ones of
/// `applinks.substitutionVariables` as the system reads them (AASA.md section 3).
package struct SubstitutionVariables: Sendable, Equatable {
    /// What a reference stands for.
    package enum Meaning: Sendable {
        case builtIn(BuiltInVariable)
        /// The values the system keeps; values containing `$(` are dropped.
        case custom([Pattern])
        /// Neither defined nor built in: the pattern never matches.
        case undefined
        /// A name with `$`, `(` or `)`, or empty: the system cannot use it.
        case invalidName
    }

    private let custom: [String: [Pattern]]

    package init(_ variables: [SubstitutionVariable]) {
        var custom: [String: [Pattern]] = [:]
        // Later duplicates win, as NSJSONSerialization keeps the last key.
        for variable in variables where Self.isValidName(variable.name) {
            custom[variable.name] = variable.values
                .filter { !Self.referencesVariable($0.value) }
                .map { Pattern($0.value, expandsVariables: false) }
        }
        self.custom = custom
    }

    package func meaning(of name: String) -> Meaning {
        guard Self.isValidName(name) else { return .invalidName }
        if let values = custom[name] { return .custom(values) }
        if let builtIn = BuiltInVariable(rawValue: name) { return .builtIn(builtIn) }
        return .undefined
    }

    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0 == "$" || $0 == "(" || $0 == ")" }
    }

    /// A value containing `$(` is dropped by the system: variables may not reference variables.
    package static func referencesVariable(_ value: String) -> Bool {
        value.contains("$(")
    }
}

/// The variables every file can use without defining them.
package enum BuiltInVariable: String, CaseIterable, Sendable {
    case alpha, upper, lower, alnum, digit, xdigit, region, lang

    /// What one occurrence matches: a single character from a set, or one of a list of words.
    package enum Language: Sendable {
        case character(ScalarSet)
        case words([String])
    }

    package var language: Language {
        switch self {
        case .alpha: .character(Self.upperLetters.union(Self.lowerLetters))
        case .upper: .character(Self.upperLetters)
        case .lower: .character(Self.lowerLetters)
        case .alnum: .character(Self.upperLetters.union(Self.lowerLetters).union(Self.digits))
        case .digit: .character(Self.digits)
        case .xdigit: .character(Self.digits.union(ScalarSet([0x41...0x46, 0x61...0x66])))
        case .region: .words(Self.regionWords)
        case .lang: .words(Self.languageWords)
        }
    }

    private static let regionWords = bothCases(BuiltInVariableTables.regionCodes)
    private static let languageWords = bothCases(BuiltInVariableTables.languageCodes)
    private static let upperLetters = ScalarSet([0x41...0x5A])
    private static let lowerLetters = ScalarSet([0x61...0x7A])
    private static let digits = ScalarSet([0x30...0x39])

    /// Codes match in upper or lower case, not mixed (`GB`, `gb`; `Gb` only when case-insensitive).
    private static func bothCases(_ codes: [String]) -> [String] {
        Array(Set(codes.flatMap { [$0.uppercased(), $0.lowercased()] })).sorted()
    }
}
