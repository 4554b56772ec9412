/// A file as the machine reports name it: the place of the file on disk (or of the signed app
/// that holds it) from the repository root, and the executable inside a signed app.
struct ReportedFile {
    /// For the signed entitlements of an executable inside an artifact (`Shop.ipa`), the place of
    /// the artifact: positions inside its signature would mean nothing to a viewer.
    let place: SourceRoot.Place
    /// The executable's path inside the artifact.
    let innerPath: String?

    init(_ reportedPath: String, sourceRoot: SourceRoot) {
        let signed = SignedBundle.split(displayPath: reportedPath)
        place = sourceRoot.place(of: signed?.artifact ?? reportedPath)
        innerPath = signed?.inner
    }

    /// The file as the repository names it (absolute outside it, a URL for a download).
    var name: String {
        switch place {
        case .repository(let path), .outside(let path), .download(let path): path
        }
    }

    /// The name that fingerprints hash: the same file has the same name from whichever folder aasalint ran.
    var identity: String {
        name + (innerPath.map { SignedBundle.separator + $0 } ?? "")
    }

    var isDownload: Bool {
        if case .download = place { return true }
        return false
    }
}

/// A finding as the CI formats (GitLab, JUnit, Checkstyle, SonarQube, Azure Pipelines) show it:
/// the file from the repository root, the range where one means something in that file, and the
/// message with the example URL and, for an executable inside a signed app, the executable.
struct ReportedFinding {
    let diagnostic: Diagnostic
    let file: ReportedFile
    /// Stable across runs and machines: rule, file and pointer, and the occurrence (see `FindingFingerprint`).
    let fingerprint: String

    var range: SourceRange? { file.innerPath == nil ? diagnostic.location.range : nil }

    /// The message, the example URL as a sentence of its own, and the executable it concerns.
    var message: String {
        let message = Self.messageWithExample(diagnostic)
        return file.innerPath.map { "\($0): " + message } ?? message
    }

    /// For a download, which has no file in the repository, the message is led by its URL and
    /// position, as the text format shows them.
    var messageNamingDownload: String {
        guard file.isDownload else { return message }
        let start = diagnostic.location.range.start
        return "\(file.name):\(start.line):\(start.column): " + message
    }

    /// The findings of `report` in order, each file placed once.
    static func all(in report: LintReport, sourceRoot: SourceRoot) -> [ReportedFinding] {
        var files: [String: ReportedFile] = [:]
        let placed = report.diagnostics.map { diagnostic in
            let path = diagnostic.location.file
            let file = files[path] ?? ReportedFile(path, sourceRoot: sourceRoot)
            files[path] = file
            return file
        }
        let fingerprints = FindingFingerprint.fingerprints(of: report.diagnostics) { placed[$0].identity }
        return report.diagnostics.indices.map { index in
            ReportedFinding(diagnostic: report.diagnostics[index], file: placed[index], fingerprint: fingerprints[index])
        }
    }

    /// Most viewers show only the message, so the example URL joins it as a sentence of its own.
    static func messageWithExample(_ diagnostic: Diagnostic) -> String {
        guard let exampleURL = diagnostic.exampleURL else { return diagnostic.message }
        let endsSentence = diagnostic.message.last.map { ".!?".contains($0) } ?? true
        return diagnostic.message + "\(endsSentence ? "" : ".") Example: \(exampleURL)"
    }
}

/// Rule, file (as the repository names it) and pointer, not line numbers, so that GitHub and
/// GitLab recognise a finding after unrelated edits move it; the same finding repeated in a
/// file counts its occurrences (`hash:1`, `hash:2`).
enum FindingFingerprint {
    /// `identity` gives the file name of the finding at an index.
    static func fingerprints(of diagnostics: [Diagnostic], identity: (Int) -> String) -> [String] {
        var occurrences: [String: Int] = [:]
        return diagnostics.indices.map { index in
            let hash = hash(of: diagnostics[index], file: identity(index))
            let occurrence = occurrences[hash, default: 0] + 1
            occurrences[hash] = occurrence
            return "\(hash):\(occurrence)"
        }
    }

    static func hash(of diagnostic: Diagnostic, file: String) -> String {
        let pointer = diagnostic.location.pointer.map { "#" + $0.description } ?? ""
        return StableHash.hex("\(diagnostic.ruleID)\u{0}\(file)\u{0}\(pointer)")
    }
}
