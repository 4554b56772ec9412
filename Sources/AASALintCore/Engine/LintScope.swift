/// What one run could see: the files it linted and the paths named on its command line.
/// pre-commit names only the changed files, so baseline entries and `ignore:` entries are
/// judged only where the run could have produced their findings; elsewhere they stand.
public struct LintScope: Sendable {
    /// Absolute, standardized paths.
    private let lintedFiles: Set<String>
    private let namedPaths: [String]

    /// `linted` as reports show them, `named` as the command line gave them.
    public init(linted: [String], named: [String]) {
        lintedFiles = Set(linted.map(FileDiscovery.absolutePath))
        namedPaths = named.map(FileDiscovery.absolutePath)
    }

    /// True when the run linted the file at `path`, or would have linted it had it existed
    /// and been selected: it lies at or under a path named on the command line. A deleted
    /// file is seen as gone only by a run over the folder it was in (a whole-tree run).
    public func covers(_ path: String) -> Bool {
        let file = FileDiscovery.absolutePath(path)
        return lintedFiles.contains(file) || namedPaths.contains { file == $0 || PathContainment.path(file, isBelow: $0) }
    }
}
