import AASALintTestSupport
import Foundation
import Testing

/// One run of the binary that `Fixtures/cli/scenarios/<name>/` describes, and what it must
/// print. The folder holds the expected `stdout` and `status`, the expected `stderr` (absent when
/// nothing may go there) and, when used, the `stdin` to feed and the `cwd` to run in (a folder of
/// `Fixtures/cli`, which is the default). Each `args` or `<variant>.args` file, one argument a
/// line, is a run that must print the same; `env` or `<variant>.env` beside it sets variables
/// (`NAME=value` a line) for that run.
struct CLIScenario: CustomTestStringConvertible, Sendable {
    static let trees = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/cli")
    static let folders = trees.appendingPathComponent("scenarios")
    static let invocationFile = "args"
    /// What a folder holds besides its runs' `args` and `env` files.
    static let sharedFiles: Set = ["stdout", "stderr", "status", "stdin", "cwd"]

    let name: String
    /// The arguments file of this run: `args` or `<variant>.args`.
    let invocation: String

    var testDescription: String { "\(name)/\(invocation)" }
    var folder: URL { Self.folders.appendingPathComponent(name) }

    /// Every run of every scenario folder; a folder without an `args` file is one run that fails for the lack of it.
    static func all() throws -> [CLIScenario] {
        try names().flatMap { name in
            let invocations = try files(in: name).filter { $0 == invocationFile || $0.hasSuffix("." + invocationFile) }
            return (invocations.isEmpty ? [invocationFile] : invocations).map { CLIScenario(name: name, invocation: $0) }
        }
    }

    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folders.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func files(in name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folders.appendingPathComponent(name).path).sorted()
    }

    /// The standard output a scenario expects, for tests that check more about it.
    static func expectedOutput(of name: String) throws -> String {
        try String(contentsOf: folders.appendingPathComponent(name).appendingPathComponent("stdout"), encoding: .utf8)
    }

    func arguments() throws -> [String] {
        lines(try String(contentsOf: folder.appendingPathComponent(invocation), encoding: .utf8))
    }

    /// The `env` file of this run, whether or not there is one.
    var environmentFile: String {
        String(invocation.dropLast(Self.invocationFile.count)) + "env"
    }

    func environment() throws -> [String: String] {
        let file = folder.appendingPathComponent(environmentFile)
        guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
        var environment: [String: String] = [:]
        for line in lines(try String(contentsOf: file, encoding: .utf8)) {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            environment[String(parts[0])] = parts.count == 2 ? String(parts[1]) : ""
        }
        return environment
    }

    func run() throws -> BinaryRun {
        let stdin = folder.appendingPathComponent("stdin")
        let cwd = folder.appendingPathComponent("cwd")
        let workingDirectory = FileManager.default.fileExists(atPath: cwd.path)
            ? Self.trees.appendingPathComponent(try String(contentsOf: cwd, encoding: .utf8).trimmingCharacters(in: .newlines))
            : Self.trees
        return try BinaryRunner.run(
            try arguments(),
            standardInput: FileManager.default.fileExists(atPath: stdin.path) ? try Data(contentsOf: stdin) : nil,
            environment: try environment(),
            workingDirectory: workingDirectory
        )
    }

    /// How `run` departs from the expected files, one description each (none when it does not);
    /// rewrites the files instead when updating goldens.
    func mismatches(of run: BinaryRun) throws -> [String] {
        var mismatches: [String] = []
        for (file, actual) in [("status", "\(run.status)\n"), ("stdout", Self.portable(run.standardOutput))] {
            if let mismatch = try Golden.mismatch(of: actual, with: folder.appendingPathComponent(file)) {
                mismatches.append(mismatch)
            }
        }
        let stderr = folder.appendingPathComponent("stderr")
        if Golden.isUpdating && run.standardError.isEmpty {
            // Another run of the same scenario may have removed it already.
            try? FileManager.default.removeItem(at: stderr)
        } else if Golden.isUpdating || FileManager.default.fileExists(atPath: stderr.path) {
            if let mismatch = try Golden.mismatch(of: run.standardError, with: stderr) { mismatches.append(mismatch) }
        } else if !run.standardError.isEmpty {
            mismatches.append("standard error should be empty (the scenario has no stderr file), but is:\n\(run.standardError)")
        }
        return mismatches
    }

    /// The report with the one path that depends on the machine, SARIF's source root, written as ROOT.
    static func portable(_ report: String) -> String {
        report.replacing(/"uri": "file:\/\/[^"]*\/"/, with: #""uri": "file:///ROOT/""#)
    }

    private func lines(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map(String.init)
    }
}
