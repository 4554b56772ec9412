/// Everything a user can learn about a rule. The single source for `aasalint rules ID`,
/// `docs/rules.md`, SARIF `rules[]` and the fixture test.
public struct RuleDescription: Sendable {
    public let id: String
    /// One line, shown in listings and as SARIF `shortDescription`.
    public let summary: String
    /// Markdown: why the rule exists and what the system does; how to fix.
    public let rationale: String
    public let severity: Severity
    /// Off unless the configuration gives it a severity.
    public let isOptIn: Bool
    /// The kinds of file the rule reads; a list, as a Set would cost start-up (see ParseOutcome).
    public let fileKinds: [FileKind]
    package let options: [RuleOptionDescription]
    package let examples: [RuleExample]
    /// Whether docs/rules.md has the rule (at `helpURL`); custom and plugin rules are the
    /// repository's own.
    package let isDocumented: Bool

    package init(
        id: String,
        summary: String,
        rationale: String,
        severity: Severity,
        isOptIn: Bool = false,
        fileKinds: [FileKind] = [.aasa],
        options: [RuleOptionDescription] = [],
        examples: [RuleExample] = [],
        isDocumented: Bool = true
    ) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.severity = severity
        self.isOptIn = isOptIn
        self.fileKinds = fileKinds
        self.options = options
        self.examples = examples
        self.isDocumented = isDocumented
    }

    package var helpURL: String {
        "https://github.com/aasalint/aasalint/blob/main/docs/rules.md#\(id)"
    }
}

/// Input that shows the rule at work (`triggers`) or a correct alternative; `RuleExampleTests`
/// lints every one. The text is what the rule reads: a whole file, or a part of one that the test
/// places in a minimal file (a component, a `details` entry, a few plist keys or
/// `associated-domains` strings); `\xNN` stands for a byte that is not text. A rule that needs
/// several files or a server's answer names instead the `fixture` case under
/// `Fixtures/rules/<rule-id>/` that is this example, and the text says what the case holds.
/// A triggering example the rule reads itself marks with one `↓` where the rule reports (the
/// start of the value its finding points to); the test checks it, and the published text leaves
/// it out. Fine examples, `fixture` cases and a server's answers carry no marker.
package struct RuleExample: Sendable {
    package static let marker: Character = "↓"

    package let triggers: Bool
    package let fixture: String?
    /// Written when asked for: every run describes every rule and a lint reads no example, and
    /// some examples are built from shared scaffolds (Rules/Android/AndroidExample.swift), which
    /// made at every start cost a third of a tiny lint's own instructions.
    private let writeMarkedText: @Sendable () -> String

    package init(triggers: Bool, _ text: @autoclosure @escaping @Sendable () -> String, fixture: String? = nil) {
        self.triggers = triggers
        self.writeMarkedText = text
        self.fixture = fixture
    }

    /// The example as written, with the marker if it has one.
    package var markedText: String { writeMarkedText() }

    /// The example as published, without the marker. Made when asked for (documentation,
    /// SARIF's rule help): every run describes every rule, and a lint reads no example.
    package var text: String { markedText.filter { $0 != Self.marker } }

    package var isMarked: Bool { markedText.contains(Self.marker) }
}

package struct RuleOptionDescription: Sendable {
    package let name: String
    package let defaultValue: RuleOptionValue
    package let help: String

    package init(name: String, defaultValue: RuleOptionValue, help: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.help = help
    }

    /// The default of a whole-number option, for a rule's `init()`.
    package var defaultInteger: Int {
        guard case .integer(let value) = defaultValue else { preconditionFailure("option '\(name)' is not a whole number") }
        return value
    }
}
