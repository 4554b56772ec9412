import Foundation

/// The real AASA and entitlements files of the project's specification, in `shared/corpus`
/// beside the checkout. CI has them; a user's clone does not, so the tests that read them
/// skip with `absenceReason` unless `AASALINT_REQUIRE_CORPUS=1` makes a missing corpus a
/// failure (as `.ci/run` does).
public enum SpecCorpus {
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus")

    public static var isPresent: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["AASALINT_REQUIRE_CORPUS"] == "1"
    }

    /// Whether the corpus tests run: when the corpus is there, and when it is required (so that
    /// its absence fails them).
    public static var testsRun: Bool { isPresent || isRequired }

    public static let absenceReason = "needs the spec corpus at \(folder.standardizedFileURL.path) (beside the checkout, as CI has it); "
        + "AASALINT_REQUIRE_CORPUS=1 makes its absence a failure"

    /// The corpus folder `name` (`aasa`, `entitlements`); a missing corpus throws, with a message
    /// that says where it was looked for.
    public static func subfolder(_ name: String) throws -> URL {
        guard isPresent else { throw Missing() }
        return folder.appendingPathComponent(name)
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "there is no spec corpus at \(folder.standardizedFileURL.path)"
                + (isRequired ? " (AASALINT_REQUIRE_CORPUS=1 requires it)" : "")
        }
    }
}
