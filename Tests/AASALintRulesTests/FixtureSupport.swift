@testable import AASALintCore
import AASALintRules
import Foundation

/// Paths and helpers shared by the fixture-driven tests.
enum FixtureSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let rulesFolder = packageRoot.appendingPathComponent("Fixtures/rules")

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
        try Linter(selection: selection, options: RunOptions(asOf: referenceDate)).lint(files)
    }

    /// The day fixtures are linted on: `scripts/make-profile-fixtures.sh` dates profiles from it.
    static let referenceDate = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!

    static func lint(_ file: LintFile, with selection: RuleSelection, asRelease: Bool) throws -> [Diagnostic] {
        try lint([file], with: selection, asRelease: asRelease)
    }

    static func lint(_ files: [LintFile], with selection: RuleSelection, asRelease: Bool) throws -> [Diagnostic] {
        try Linter(selection: selection, options: RunOptions(treatsAllEntitlementsAsRelease: asRelease, asOf: referenceDate)).lint(files)
    }

    /// Only `ruleID`, whatever its default, so that a case shows that rule's findings alone.
    static func selection(of ruleID: String) throws -> RuleSelection {
        let registry = try registry()
        return try RuleSelection(registry: registry, enable: [ruleID], disable: registry.descriptions.map(\.id).filter { $0 != ruleID })
    }
}
