import AASALintCore

/// `--format` of the commands that write one document of their own (`match`, `diff`): the
/// report formats of `lint`, of which such a document has two, text and JSON.
enum DocumentFormat {
    static let formats: [ReportFormat] = [.text, .json]

    static func option() -> ValueOption {
        ValueOption("format", short: "f", valueName: "FORMAT", allowedValues: formats.map(\.rawValue), help: "Output format (default: text)")
    }

    /// The format `--format` gave (the parser admits only `formats`), text without one.
    static func of(_ value: String?) -> ReportFormat {
        value.flatMap(ReportFormat.init(rawValue:)) ?? .text
    }
}
