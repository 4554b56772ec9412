@testable import AASALintCore
import AASALintRules
import AASALintTestSupport
import Foundation
import Testing

/// `--fix` on copies of the corpus: every safe-fixable finding goes, the findings without a
/// fix stay as they were, and the semantic diff of each fixed file shows only what its fixes
/// declared (the proof refuses anything else, so no fix may be refused here either).
@Suite(.enabled(if: SpecCorpus.testsRun, Comment(rawValue: SpecCorpus.absenceReason))) struct CorpusFixTests {
    @Test func safeFixesRemoveTheirFindingsAndNothingElse() throws {
        let originals = try CorpusTests.corpusFiles()
        let selection = try RuleSelection(registry: FixtureSupport.registry())
        let byPath = Dictionary(uniqueKeysWithValues: originals.map { ($0.path, $0) })
        let outcome = FixSession(plan: RulePlan(fixed: selection)).rounds { fixed in
            let fixedPaths = Set(fixed.map(\.path))
            let files = fixed + originals.filter { !fixedPaths.contains($0.path) }
            return ((try? FixtureSupport.lint(files, with: selection)) ?? [], files.map { DiscoveredFile(path: $0.path, kind: .aasa) })
        } read: { byPath[$0]?.bytes }
        #expect(outcome.fixCount > 0)
        #expect(outcome.refusals.isEmpty, "\(outcome.refusals.map { "\($0.diagnostic.location.file): \($0.reason)" })")
        #expect(outcome.remainingSafe == 0)

        let fixedFiles = originals.map { original in
            outcome.files.first { $0.path == original.path }.map { LintFile(path: original.path, kind: .aasa, bytes: $0.fixed) } ?? original
        }
        func unfixable(_ files: [LintFile]) throws -> [String] {
            try FixtureSupport.lint(files, with: selection).filter { $0.fix?.isApplicable != true }
                .map { "\($0.location.file) \($0.ruleID) \($0.location.pointer?.description ?? "")" }
        }
        let before = Set(try unfixable(originals))
        let after = Set(try unfixable(fixedFiles))
        // A fix may settle a finding without edits too (a renamed key that was also reported as missing).
        #expect(after.isSubset(of: before), "new findings: \(after.subtracting(before).sorted())")
    }
}
