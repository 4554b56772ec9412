#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one run could see: the files it linted and the paths named on its command line.
/// pre-commit names only the changed files, so baseline entries and `ignore:` entries are
/// judged only where the run could have produced their findings; elsewhere they stand.
package struct LintScope: Sendable {
    /// Standardized when first asked: standardizing a path costs about as much as linting a
    /// small file, and a run without a baseline or `ignore:` entries never asks.
    private let paths: StandardizedPaths

    /// `linted` as reports show them, `named` as the command line gave them.
    package init(linted: [String], named: [String]) {
        paths = StandardizedPaths(linted: linted, named: named)
    }

    /// True when the run linted the file at `path`, or would have linted it had it existed
    /// and been selected: it lies at or under a path named on the command line. A deleted
    /// file is seen as gone only by a run over the folder it was in (a whole-tree run).
    package func covers(_ path: String) -> Bool {
        let file = PathNames.absolute(path)
        let (lintedFiles, namedPaths) = paths.standardized
        return lintedFiles.contains(file) || namedPaths.contains { file == $0 || PathContainment.path(file, isBelow: $0) }
    }
}

/// A scope's paths, made absolute and standardized once, by whichever thread asks first.
private final class StandardizedPaths: @unchecked Sendable {
    private let lock = Lock()
    private let linted: [String]
    private let named: [String]
    private var made: (lintedFiles: Set<String>, namedPaths: [String])?

    init(linted: [String], named: [String]) {
        self.linted = linted
        self.named = named
    }

    var standardized: (lintedFiles: Set<String>, namedPaths: [String]) {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let standardized = (lintedFiles: Set(linted.map { PathNames.absolute($0) }), namedPaths: named.map { PathNames.absolute($0) })
        made = standardized
        return standardized
    }
}
