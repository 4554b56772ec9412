import AASALintCore
import AASALintRules
import AASALintTestSupport
import Foundation

/// Paths and helpers shared by the fixture-driven tests.
enum FixtureSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let rulesFolder = packageRoot.appendingPathComponent("Fixtures/rules")

    /// Rewrite goldens instead of comparing, after a deliberate change in behaviour.
    static var updatingGoldens: Bool { Golden.isUpdating }

    static func registry() throws -> RuleRegistry {
        try BuiltInRules.registry()
    }

    /// The text-report lines of `diagnostics`, without snippets or summary.
    static func reportLines(_ diagnostics: [Diagnostic]) -> String {
        TextReporter(options: .init(quiet: true)).render(
            LintReport(diagnostics: diagnostics, fileCount: 0, rules: [])
        )
    }

    static func lint(_ files: [LintFile], with selection: RuleSelection) throws -> [Diagnostic] {
        try Linter(selection: selection).lint(files)
    }

    /// Compares `actual` with the golden file, or writes it when updating.
    static func compare(_ actual: String, withGolden golden: URL) throws -> String? {
        if updatingGoldens {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return nil
        }
        let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? ""
        return expected == actual ? nil : expected
    }
}
