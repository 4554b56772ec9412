@testable import AASALintCore
import AASALintRules
import Foundation
import Testing

/// A session that keeps its files until the process exits reports what one that frees them does.
@Suite struct KeptUntilExitTests {
    @Test func keepingTheFilesChangesNoFinding() throws {
        let file = FixtureSupport.rulesFolder.appendingPathComponent("exclude-shadowed/case-insensitive.json").path
        let plan = try RulePlan(registry: FixtureSupport.registry(), configuration: Configuration())
        let freed = LintSession(plan: plan).run(paths: [file])
        let kept = LintSession(plan: plan, keptUntilExit: KeptUntilExit()).run(paths: [file])
        #expect(!freed.report.diagnostics.isEmpty)
        #expect(kept.report.diagnostics == freed.report.diagnostics)
        #expect(kept.problems.map { "\($0)" } == freed.problems.map { "\($0)" })
    }
}
