import Foundation
import Testing

/// Reports in a git repository, run from its root and from a subfolder: SARIF and GitHub name
/// files from the repository root (or `--base-path`), and `--changed-since` keeps the findings
/// of the files a pull request changes.
@Suite struct RepositoryReportTests {
    static let brokenAASA = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/cli/broken/shop/.well-known/apple-app-site-association"),
        encoding: .utf8)

    // MARK: Paths from the repository root

    @Test func sarifFromASubfolderNamesFilesFromTheRepositoryRoot() throws {
        let repository = try TemporaryRepository()
        try repository.write("web/.well-known/apple-app-site-association", Self.brokenAASA)
        let run = try repository.aasalint(["--format", "sarif", "."], in: "web")
        #expect(run.status == 1)
        let log = try SARIFLog(run.standardOutput)
        #expect(Set(log.artifactLocations) == [["uri": "web/.well-known/apple-app-site-association", "uriBaseId": "%SRCROOT%"]])
        #expect(log.sourceRoot.hasSuffix("/"))
        #expect(URL(string: log.sourceRoot)?.resolvingSymlinksInPath().path == repository.url.resolvingSymlinksInPath().path)
    }

    @Test func basePathChoosesTheRoot() throws {
        let repository = try TemporaryRepository()
        try repository.write("web/.well-known/apple-app-site-association", Self.brokenAASA)
        let run = try repository.aasalint(["--format", "sarif", "--base-path", ".", "."], in: "web")
        let log = try SARIFLog(run.standardOutput)
        #expect(Set(log.artifactLocations) == [["uri": ".well-known/apple-app-site-association", "uriBaseId": "%SRCROOT%"]])
        #expect(URL(string: log.sourceRoot)?.resolvingSymlinksInPath().path
            == repository.url.appendingPathComponent("web").resolvingSymlinksInPath().path)

        let missing = try repository.aasalint(["--format", "sarif", "--base-path", "no-such-folder", "."])
        #expect(missing.status == 2)
        #expect(missing.standardOutput == "")
        #expect(missing.standardError.contains("--base-path no-such-folder: no such folder"))
    }

    @Test func aFileOutsideTheRootHasAnAbsoluteURI() throws {
        let repository = try TemporaryRepository()
        let elsewhere = try TemporaryFolder()
        try elsewhere.write("apple-app-site-association", Self.brokenAASA)
        let path = elsewhere.url.appendingPathComponent("apple-app-site-association").path
        let run = try repository.aasalint(["--format", "sarif", path])
        let log = try SARIFLog(run.standardOutput)
        let uris = Set(log.artifactLocations.compactMap { $0["uri"] })
        #expect(uris.count == 1)
        #expect(uris.allSatisfy { $0.hasPrefix("file:///") && $0.hasSuffix("/apple-app-site-association") })
        #expect(log.artifactLocations.allSatisfy { $0["uriBaseId"] == nil })
    }

    @Test func workflowCommandsFromASubfolderNameFilesFromTheRepositoryRoot() throws {
        let repository = try TemporaryRepository()
        try repository.write("web/.well-known/apple-app-site-association", Self.brokenAASA)
        let run = try repository.aasalint(["--format", "github", ".well-known"], in: "web")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.contains(" file=web/.well-known/apple-app-site-association,"), "\(line)")
        }
    }

    // MARK: --changed-since

    /// A pull request's files: committed on the branch, staged, modified and untracked; not
    /// those only changed on main since the branch left it, nor untouched or ignored ones.
    @Test func changedSinceKeepsTheFindingsOfThePullRequestsFiles() throws {
        let repository = try TemporaryRepository()
        for folder in ["untouched", "committed", "modified", "main-only"] {
            try repository.write("\(folder)/apple-app-site-association", Self.brokenAASA)
        }
        try repository.write(".gitignore", "ignored/\n")
        try repository.git("add", ".")
        try repository.git("commit", "-q", "-m", "files")
        try repository.git("checkout", "-q", "-b", "feature")
        try repository.write("committed/apple-app-site-association", Self.brokenAASA + "\n")
        try repository.git("commit", "-q", "-am", "change")
        try repository.git("checkout", "-q", "main")
        try repository.write("main-only/apple-app-site-association", Self.brokenAASA + "\n")
        try repository.git("commit", "-q", "-am", "change on main")
        try repository.git("checkout", "-q", "feature")
        try repository.write("staged/apple-app-site-association", Self.brokenAASA)
        try repository.git("add", "staged")
        try repository.write("modified/apple-app-site-association", Self.brokenAASA + "\n")
        try repository.write("untracked/apple-app-site-association", Self.brokenAASA)
        try repository.write("ignored/apple-app-site-association", Self.brokenAASA)

        let everything = try repository.aasalint(["--format", "json", "."])
        #expect(try Self.files(in: everything) == ["untouched", "committed", "modified", "main-only", "staged", "untracked", "ignored"].map {
            "\($0)/apple-app-site-association"
        }.sorted())
        let changed = try repository.aasalint(["--format", "json", "--changed-since", "main", "."])
        #expect(changed.status == 1)
        #expect(try Self.files(in: changed) == ["committed", "modified", "staged", "untracked"].map { "\($0)/apple-app-site-association" })

        // From a subfolder, paths are relative to it and the same files are kept.
        let fromSubfolder = try repository.aasalint(["--format", "json", "--changed-since", "main", "."], in: "committed")
        #expect(try Self.files(in: fromSubfolder) == ["apple-app-site-association"])
        let untouched = try repository.aasalint(["--changed-since", "main", "."], in: "untouched")
        #expect(untouched.status == 0, "no finding in a changed file")
        #expect(untouched.standardOutput == "no problems in 1 file\n")
    }

    @Test(arguments: [
        ("no-such-branch", "aasalint: error: --changed-since no-such-branch: no branch, tag or commit of that name; a shallow clone may lack it"),
        ("--output=x", "aasalint: error: --changed-since --output=x: no branch, tag or commit of that name"),
    ])
    func anUnknownRefIsAUsageError(ref: String, message: String) throws {
        // A ref that looks like an option is still only a ref.
        let repository = try TemporaryRepository()
        try repository.write("apple-app-site-association", Self.brokenAASA)
        try repository.git("add", ".")
        try repository.git("commit", "-q", "-m", "file")
        let run = try repository.aasalint(["--changed-since=\(ref)", "."])
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix(message), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: repository.url.appendingPathComponent("x").path))
    }

    @Test func changedSinceOutsideARepositoryIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.write("apple-app-site-association", Self.brokenAASA)
        let run = try BinaryRunner.run(["lint", "--no-config", "--changed-since", "main", "."],
                                       environment: ["GIT_CEILING_DIRECTORIES": folder.url.deletingLastPathComponent().path],
                                       workingDirectory: folder.url)
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix("aasalint: error: --changed-since main: "))
        #expect(run.standardError.contains("is not inside a git repository"))
    }

    private static func files(in run: BinaryRun) throws -> [String] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let files = try #require(report["diagnostics"] as? [[String: Any]]).compactMap { $0["file"] as? String }
        return files.reduce(into: []) { unique, file in
            if unique.last != file { unique.append(file) }
        }
    }
}

/// The parts of a SARIF log these tests read.
private struct SARIFLog {
    let artifactLocations: [[String: String]]
    let sourceRoot: String

    init(_ text: String) throws {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        artifactLocations = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
        }
        sourceRoot = try #require((run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"])
    }
}

/// A git repository with one branch, main, in a temporary folder; git reads no configuration
/// of the machine or the user.
private final class TemporaryRepository {
    private let folder: TemporaryFolder
    var url: URL { folder.url }

    static let environment = [
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
        "GIT_AUTHOR_NAME": "aasalint", "GIT_AUTHOR_EMAIL": "aasalint@example.com",
        "GIT_COMMITTER_NAME": "aasalint", "GIT_COMMITTER_EMAIL": "aasalint@example.com",
    ]

    init() throws {
        folder = try TemporaryFolder()
        try git("init", "-q", "-b", "main")
    }

    func write(_ path: String, _ text: String) throws {
        try folder.write(path, text)
    }

    func git(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = url
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { _, given in given }
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    }

    func aasalint(_ arguments: [String], in subfolder: String = "") throws -> BinaryRun {
        let directory = subfolder.isEmpty ? url : url.appendingPathComponent(subfolder)
        return try BinaryRunner.run(["lint", "--no-config"] + arguments, environment: Self.environment, workingDirectory: directory)
    }
}
