/// The report formats of `--format` and the configuration's `format`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case json
    case sarif
    case github
    case markdown
    case gitlab
    case junit
    case checkstyle
    case sonarqube
    case azure
}

/// One report of a run: `FORMAT` or `FORMAT:FILE`, as `--format` (repeatable) and the
/// configuration's `formats:` write it. A report without a file goes to standard output, or to `--output`.
package struct RequestedReport: Sendable, Equatable {
    package let format: ReportFormat
    package let file: String?

    package init(format: ReportFormat, file: String?) {
        self.format = format
        self.file = file
    }

    /// Reads `FORMAT[:FILE]`: the format is what comes before the first `:`, so a file name may hold colons.
    package init(_ text: String) throws(UsageError) {
        let name = text.prefix { $0 != ":" }
        guard let format = ReportFormat(rawValue: String(name)) else {
            let suggestion = Suggestion.nearest(to: String(name), in: ConfigurationLoader.formats).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("'\(name)' is not a report format\(suggestion) (expected one of: \(ConfigurationLoader.formats.joined(separator: ", ")), "
                + "optionally followed by :FILE, as in sarif:aasalint.sarif)")
        }
        let file = text.dropFirst(name.count + 1)
        if name.count < text.count, file.isEmpty {
            throw UsageError("'\(text)' names no file after the colon: write \(name) for standard output, or \(name):FILE")
        }
        self.init(format: format, file: name.count < text.count ? String(file) : nil)
    }

    /// `FORMAT` or `FORMAT:FILE`.
    package var description: String { format.rawValue + (file.map { ":" + $0 } ?? "") }
}
