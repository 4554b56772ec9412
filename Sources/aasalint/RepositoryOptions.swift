import AASALintCore
import AASALintTooling
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--base-path` and `--changed-since`: how a lint report relates to the git repository it
/// runs in, for pull requests.
struct RepositoryOptions: CommandOptions {
    let basePath = ValueOption("base-path", valueName: "DIR", completion: .folders,
                               help: "Name files in the SARIF, GitHub, GitLab, JUnit, Checkstyle, SonarQube and Azure reports relative to DIR (default: the git repository's top level)")
    let changedSince = ValueOption("changed-since", valueName: "REF",
                                   help: "Report only findings in files changed since git REF: on this branch, staged, modified or untracked")

    static var fields: [OptionField<Self>] {
        [.option(\.basePath), .option(\.changedSince)]
    }

    /// The folder that SARIF and GitHub reports name files from.
    static func sourceRoot(_ parsed: ParsedArguments<Self>) throws -> SourceRoot {
        let current = FileManager.default.currentDirectoryPath
        guard let path = parsed[\.basePath] else { return .repository(containing: current) }
        guard PathStatus.of(path) == .folder else {
            throw UsageError("--base-path \(path): no such folder; give the folder that report paths start from, such as the repository root")
        }
        return SourceRoot(path: path, workingDirectory: current)
    }

    /// The files changed since `--changed-since REF`; nil without the option.
    static func changedFiles(_ parsed: ParsedArguments<Self>) throws -> ChangedFiles? {
        try parsed[\.changedSince].map { ref throws(UsageError) in
            try ChangedFiles.since(ref, workingDirectory: FileManager.default.currentDirectoryPath)
        }
    }
}
