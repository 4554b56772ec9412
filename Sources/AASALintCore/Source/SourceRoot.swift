#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folder that machine reports name files from: the repository's top level, because
/// GitHub reads a SARIF `%SRCROOT%` URI and a workflow command's `file=` from there, whichever
/// folder aasalint ran in (`cd web && aasalint -f sarif` must still name `web/...`).
package struct SourceRoot: Sendable, Equatable {
    /// Absolute and standardized, without a trailing slash (except for `/` itself).
    package let path: String
    /// The folder that relative report paths start from.
    package let workingDirectory: String

    /// `path` may be relative to `workingDirectory`.
    package init(path: String, workingDirectory: String) {
        self.workingDirectory = workingDirectory
        self.path = PathNames.absolute(path, from: workingDirectory)
    }

    /// The nearest folder at or above `directory` that holds `.git` (a folder, or a file in
    /// worktrees and submodules); `directory` itself when it is in no repository.
    package static func repository(containing directory: String) -> SourceRoot {
        SourceRoot(path: repositoryFolder(containing: PathNames.absolute(directory, from: directory)) ?? directory,
                   workingDirectory: directory)
    }

    /// The nearest folder at or above `folder` (absolute) that holds `.git`; nil when there is none.
    static func repositoryFolder(containing folder: String) -> String? {
        var folder = folder
        while !FileManager.default.fileExists(atPath: PathNames.appending(".git", to: folder)) {
            let parent = PathNames.folder(of: folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
        return folder
    }

    /// Where a file that a report names is.
    package enum Place: Equatable, Sendable {
        /// Inside the root: the path from it, with `/` between components.
        case repository(String)
        /// On this machine, outside the root: the absolute path.
        case outside(String)
        /// Downloaded (`fetch`, `lint --remote`): the URL it came from.
        case download(String)
    }

    /// Where the file at `reportedPath` (relative to the working directory, absolute, or the
    /// URL of a download) is.
    package func place(of reportedPath: String) -> Place {
        if reportedPath.hasPrefix("https://") || reportedPath.hasPrefix("http://") { return .download(reportedPath) }
        let file = PathNames.absolute(reportedPath, from: workingDirectory)
        if path == "/" { return .repository(String(file.dropFirst())) }
        guard file.hasPrefix(path + "/") else { return .outside(file) }
        return .repository(String(file.dropFirst(path.count + 1)))
    }

}
