import Foundation
import Testing

/// The expected output of a test, kept in a file beside the fixtures.
/// `AASALINT_UPDATE_GOLDENS=1` rewrites the files instead, for review in the diff.
public enum Golden {
    public static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["AASALINT_UPDATE_GOLDENS"] == "1"
    }

    /// Records an issue naming the first line where `actual` and the file at `url` differ, or
    /// writes `actual` there when updating.
    public static func expect(_ actual: String, matches url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if isUpdating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard actual != expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        func shown(_ lines: [Substring]) -> String {
            firstDifference < lines.count ? String(reflecting: String(lines[firstDifference])) : "end of output"
        }
        Issue.record(
            """
            output differs from \(url.lastPathComponent) at line \(firstDifference + 1) \
            (AASALINT_UPDATE_GOLDENS=1 rewrites it):
              expected: \(shown(expectedLines))
              actual:   \(shown(actualLines))
            """,
            sourceLocation: sourceLocation
        )
    }
}
