@testable import AASALintCore
import AASALintRules
import Foundation
import Testing

/// A session that hands its files to a retention (the command line keeps them until the process
/// exits) reports what one that frees them does, and hands over the file it linted.
@Suite struct RetentionTests {
    /// What a retention was given.
    final class Retained: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [any Sendable] = []
        func take(_ value: any Sendable) { lock.withLock { values.append(value) } }
        var lintFiles: [LintFile] {
            lock.withLock { values.flatMap { ($0 as? [LintFile]) ?? [($0 as? LintFile)].compactMap { $0 } } }
        }
    }

    @Test func retainingTheFilesChangesNoFinding() throws {
        let file = FixtureSupport.rulesFolder.appendingPathComponent("exclude-shadowed/case-insensitive.json").path
        let plan = try RulePlan(registry: FixtureSupport.registry(), configuration: Configuration())
        let freed = LintSession(plan: plan).run(paths: [file])
        let retained = Retained()
        let kept = LintSession(plan: plan, retention: { retained.take($0) }).run(paths: [file])
        #expect(!freed.report.diagnostics.isEmpty)
        #expect(kept.report.diagnostics == freed.report.diagnostics)
        #expect(kept.problems.map { "\($0)" } == freed.problems.map { "\($0)" })
        #expect(retained.lintFiles.contains { $0.path.hasSuffix("case-insensitive.json") }, "the linted file was not handed to the retention")
    }
}
