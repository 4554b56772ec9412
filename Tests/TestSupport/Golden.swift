import Foundation

/// The expected output of a test, kept in a file beside the fixtures.
/// `AASALINT_UPDATE_GOLDENS=1` rewrites the files instead, for review in the diff.
public enum Golden {
    public static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["AASALINT_UPDATE_GOLDENS"] == "1"
    }

    /// Nil when `actual` is what the file at `url` holds (or was written there, when
    /// updating); otherwise a description of the first line where they differ, for the test to
    /// record. (This target does not import Testing, which only test targets may on macOS.)
    public static func mismatch(of actual: String, with url: URL) throws -> String? {
        if isUpdating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard actual != expected else { return nil }
        return "output differs from \(url.lastPathComponent) " + difference(between: actual, and: expected)
            + "\n(AASALINT_UPDATE_GOLDENS=1 rewrites it)"
    }

    /// Where `actual` first departs from `expected`: the line number and both lines.
    public static func difference(between actual: String, and expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        func shown(_ lines: [Substring]) -> String {
            firstDifference < lines.count ? String(reflecting: String(lines[firstDifference])) : "end of output"
        }
        return """
            at line \(firstDifference + 1):
              expected: \(shown(expectedLines))
              actual:   \(shown(actualLines))
            """
    }
}
