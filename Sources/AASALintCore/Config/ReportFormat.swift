/// The report formats of `--format` and the configuration's `format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case json
    case sarif
    case github
    case markdown
}
