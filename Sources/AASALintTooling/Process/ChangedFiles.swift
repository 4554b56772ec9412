import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files a pull request changes, for `lint --changed-since REF`: everything that differs
/// between the work tree and the commit where the branch left REF (the pull request's "Files
/// changed", plus what is staged or modified and not yet committed), and untracked files that
/// are not ignored, so a run before committing sees what the pull request will.
package struct ChangedFiles: Sendable {
    /// The repository's top level, as git names it.
    package let root: SourceRoot
    /// Paths relative to `root`.
    package let paths: Set<String>

    package init(root: SourceRoot, paths: Set<String>) {
        self.root = root
        self.paths = paths
    }

    /// Asks git, in `workingDirectory`, what changed since `ref` (a branch, tag or commit).
    package static func since(_ ref: String, workingDirectory: String) throws(UsageError) -> ChangedFiles {
        let git = Git(directory: workingDirectory, ref: ref)
        let topLevel = try git.output(["rev-parse", "--show-toplevel"]) { reason in
            "\(workingDirectory) is not inside a git repository (\(reason))"
        }.trimmed(where: \.isNewline)
        // The commit's name from here on, so that a ref that starts with "-" is never read as an option.
        let commit = try git.output(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"]) { _ in
            "no branch, tag or commit of that name; a shallow clone may lack it: fetch it first "
                + "(git fetch origin \(ref), or actions/checkout with fetch-depth: 0)"
        }.trimmed(where: \.isNewline)
        let base = try git.output(["merge-base", commit, "HEAD"]) { _ in
            "it has no common ancestor with HEAD; a shallow clone may lack the history between them: "
                + "fetch more of it (actions/checkout with fetch-depth: 0)"
        }.trimmed(where: \.isNewline)
        let changed = try git.output(["-C", topLevel, "diff", "--name-only", "-z", "--no-renames", base]) { reason in
            "git diff failed: \(reason)"
        }
        let untracked = try git.output(["-C", topLevel, "ls-files", "--others", "--exclude-standard", "-z"]) { reason in
            "git ls-files failed: \(reason)"
        }
        let paths = (changed + untracked).split(separator: "\0").map(String.init)
        return ChangedFiles(root: SourceRoot(path: topLevel, workingDirectory: workingDirectory), paths: Set(paths))
    }

    /// True when the file a report names (relative to the working directory, or absolute) changed.
    package func contains(_ reportedPath: String) -> Bool {
        guard case .repository(let path) = root.place(of: reportedPath) else { return false }
        return paths.contains(path)
    }
}

/// git run for one `--changed-since REF`, whose failures say what the user can do.
private struct Git {
    let directory: String
    let ref: String

    /// Standard output of `git ARGUMENTS`; when git fails, `failure` turns its complaint into the reason given.
    func output(_ arguments: [String], failure: (String) -> String) throws(UsageError) -> String {
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.StartFailure) {
            outcome = try ChildProcess(command: ["git"] + arguments, directory: directory, timeout: Self.timeout, outputLimit: Self.outputLimit).run()
        } catch {
            throw UsageError("--changed-since needs git, which could not be started (\(error.reason))")
        }
        guard let answer = outcome.output, let complaint = outcome.errors else {
            throw UsageError("--changed-since: git exited but something it started kept its output open")
        }
        switch outcome.ending {
        case .exited(0):
            break
        case .exited(127):
            throw UsageError("--changed-since needs git, and it is not installed (or not on PATH)")
        case .timedOut:
            throw UsageError("--changed-since \(ref): git did not answer within \(Int(Self.timeout)) seconds")
        case .exited, .killed:
            let reason = String(decoding: complaint.data.prefix(500), as: UTF8.self).trimmed()
            throw UsageError("--changed-since \(ref): " + failure(reason))
        }
        guard !answer.overflowed else {
            throw UsageError("--changed-since \(ref): git listed more than \(Self.outputLimit / (1024 * 1024)) MB of file names")
        }
        return String(decoding: answer.data, as: UTF8.self)
    }

    static let outputLimit = 64 * 1024 * 1024
    /// Far beyond what git needs on a large repository; only a hung git (a credential prompt, a lock) reaches it.
    static let timeout = 300.0
}
