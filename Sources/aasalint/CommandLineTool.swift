import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Dispatches `aasalint [COMMAND] ...` to a subcommand and turns failures into exit status 2.
struct CommandLineTool {
    static let summary = "Lint apple-app-site-association files and entitlements before users find the mistakes."
    /// In the order `aasalint --help` lists them.
    static let subcommands: [any Subcommand.Type] = [
        LintCommand.self, MatchCommand.self, DiffCommand.self, FetchCommand.self, RulesCommand.self, InitCommand.self,
        SchemaCommand.self, LSPCommand.self, MCPCommand.self, CompletionsCommand.self, VersionCommand.self,
    ]
    static let commands: [CommandSpec] = subcommands.map { $0.spec }

    var output = StandardStreams()
    /// Set when the process exits after the run: a lint keeps its files and findings here.
    var keptUntilExit: KeptUntilExit?

    /// Runs the command; a report that could not be written fails the run, whatever it found,
    /// except when the reader closed standard output: that is its choice (`aasalint | head`),
    /// and the run ends quietly with its own status, as grep and ripgrep do.
    func run(_ arguments: [String]) -> Int32 {
        let status = dispatch(arguments)
        if output.readerClosedStandardOutput { return status }
        if let reason = output.standardOutputFailure {
            return output.fail("cannot write the report: \(reason)")
        }
        return status
    }

    private func dispatch(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            return LintCommand(output: output, keptUntilExit: keptUntilExit).run([])
        }
        switch first {
        case "--help", "-h", "help":
            output.write(HelpFormatter.overview(programName: "aasalint", summary: Self.summary, commands: Self.commands))
            return ExitStatus.success
        case "--version":
            return VersionCommand(output: output).run([])
        case LintCommand.name:
            return LintCommand(output: output, keptUntilExit: keptUntilExit).run(Array(arguments.dropFirst()))
        case MatchCommand.name:
            return MatchCommand(output: output, keptUntilExit: keptUntilExit).run(Array(arguments.dropFirst()))
        default:
            if let command = Self.subcommands.first(where: { $0.name == first }) {
                return command.init(output: output).run(Array(arguments.dropFirst()))
            }
            // `aasalint PATH` and `aasalint --format json PATH` mean `aasalint lint ...`, unless the
            // word looks like a mistyped command rather than a file.
            if !first.hasPrefix("-"), !FileManager.default.fileExists(atPath: first),
               Suggestion.nearest(to: first, in: Self.subcommands.map { $0.name }) != nil {
                do {
                    _ = try ArgumentParser.command(named: first, in: Self.commands)
                } catch {
                    return output.fail(error.description)
                }
            }
            return LintCommand(output: output, keptUntilExit: keptUntilExit).run(arguments)
        }
    }
}

enum ExitStatus {
    static let success: Int32 = 0
    static let findings: Int32 = 1
    static let failure: Int32 = 2

    /// What status 2 means, in every command's help.
    static let failureMeaning = (status: failure, meaning: "aasalint could not do its job (bad usage, or input it cannot read); standard error says why")
}

/// Where commands write; errors go to standard error with the program name.
///
/// Writes go straight to the file descriptors: a full disk or a reader that went away is a
/// failure the run reports (SIGPIPE is ignored, see main.swift), never a trap. After the first
/// failed write to standard output, the rest of the report is dropped.
struct StandardStreams {
    private let failure = WriteFailure()
    /// Writes `text`, ending it with a line break if it has none, so the shell prompt starts on its own line.
    func write(_ text: String) {
        let terminated = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
        writePiece(terminated)
    }

    /// Writes one piece of a longer output as it is.
    func writePiece(_ text: String) {
        guard failure.reason == nil else { return }
        if let error = DescriptorWriter.write(text, to: STDOUT_FILENO) {
            failure.record(DescriptorWriter.sentence(for: error), readerClosed: error == EPIPE)
        }
    }

    /// Writes one piece of a longer output made as bytes.
    func writePiece(_ bytes: [UInt8]) {
        guard failure.reason == nil, !bytes.isEmpty else { return }
        if let error = bytes.withUnsafeBytes({ DescriptorWriter.write($0, to: STDOUT_FILENO) }) {
            failure.record(DescriptorWriter.sentence(for: error), readerClosed: error == EPIPE)
        }
    }

    /// Writes one line to standard error. Messages quote file names, configuration text and
    /// what remote hosts sent, which must neither drive the terminal nor start a line of their
    /// own (a forged finding, or a GitHub workflow command such as `::stop-commands::`), so the
    /// whole message is escaped, line breaks included. When standard error itself cannot be
    /// written, there is nowhere left to say so.
    func writeError(_ message: String) {
        writeErrorPiece(message, endsLine: true)
    }

    /// Writes part of a line to standard error (progress that a later piece completes).
    func writeErrorPiece(_ text: String, endsLine: Bool) {
        _ = DescriptorWriter.write(TerminalText.escaped(text) + (endsLine ? "\n" : ""), to: STDERR_FILENO)
    }

    /// Why standard output could not be written, once a write failed.
    var standardOutputFailure: String? { failure.reason }

    /// Whether that failure was the reader closing the pipe (EPIPE: SIGPIPE is ignored).
    var readerClosedStandardOutput: Bool { failure.readerClosed }

    /// Reports a usage or input problem and returns exit status 2.
    func fail(_ message: String) -> Int32 {
        writeError("aasalint: error: \(message)")
        return ExitStatus.failure
    }

    var isTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
}

/// The first failed write to standard output, shared by the copies of `StandardStreams` that
/// the commands hold.
private final class WriteFailure: @unchecked Sendable {
    private let lock = Lock()
    private var recorded: (reason: String, readerClosed: Bool)?

    var reason: String? { lock.withLock { recorded?.reason } }
    var readerClosed: Bool { lock.withLock { recorded?.readerClosed ?? false } }

    func record(_ reason: String, readerClosed: Bool) {
        lock.withLock { if recorded == nil { recorded = (reason, readerClosed) } }
    }
}
