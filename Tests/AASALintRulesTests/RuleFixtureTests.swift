@testable import AASALintCore
import AASALintRules
import AASALintTestSupport
import Foundation
import Testing

/// Every rule is specified by its fixtures: `Fixtures/rules/<rule-id>/<case>.<ext>` and the
/// exact text-report lines it must produce in `<case>.expected` (empty for a clean case).
/// A case whose findings carry edits has `<case>.fixed.<ext>` beside it: the file after
/// `aasalint lint --fix --unsafe-fixes` with only that rule, so a reviewer sees what each fix writes.
@Suite struct RuleFixtureTests {
    struct FixtureCase: CustomTestStringConvertible, Sendable {
        let ruleID: String
        let input: URL
        var expected: URL { input.deletingPathExtension().appendingPathExtension("expected") }
        var fixed: URL { input.deletingPathExtension().appendingPathExtension("fixed").appendingPathExtension(input.pathExtension) }
        var testDescription: String { "\(ruleID)/\(input.lastPathComponent)" }
    }

    static let ruleIDs: [String] = BuiltInRules.all.map { $0.description.id }

    static func cases(for ruleID: String) -> [FixtureCase] {
        let folder = FixtureSupport.rulesFolder.appendingPathComponent(ruleID)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasSuffix(".expected") && !$0.hasPrefix(".") && !$0.contains(".fixed.") }.sorted().map {
            FixtureCase(ruleID: ruleID, input: folder.appendingPathComponent($0))
        }
    }

    static let allCases: [FixtureCase] = ruleIDs.flatMap(cases(for:))

    @Test("each registered rule has a triggering and a clean fixture", arguments: ruleIDs)
    func ruleHasFixtures(ruleID: String) throws {
        let outcomes = try Self.cases(for: ruleID).map { fixture in
            try String(contentsOf: fixture.expected, encoding: .utf8).isEmpty
        }
        #expect(outcomes.contains(false), "no fixture in Fixtures/rules/\(ruleID)/ triggers the rule")
        #expect(outcomes.contains(true), "no clean fixture (with an empty .expected) in Fixtures/rules/\(ruleID)/")
    }

    @Test("fixture output matches its .expected file", arguments: allCases)
    func fixtureMatchesGolden(fixture: FixtureCase) throws {
        let diagnostics = try Self.diagnostics(of: fixture)
        #expect(diagnostics.allSatisfy { $0.ruleID == fixture.ruleID })
        let actual = FixtureSupport.reportLines(diagnostics)
        let mismatch = try Golden.mismatch(of: actual, with: fixture.expected)
        #expect(mismatch == nil, "\(fixture.testDescription): \(mismatch ?? "")\nproduced:\n\(actual)")
    }

    @Test("fixture's fixes write its .fixed file", arguments: allCases.filter { !RemoteFixture.isFixture($0.input) && !ProjectScenario.isScenario($0.input) })
    func fixesMatchGolden(fixture: FixtureCase) throws {
        let selection = try FixtureSupport.selection(of: fixture.ruleID)
        let original = try [UInt8](Data(contentsOf: fixture.input))
        let kind: FileKind = fixture.input.pathExtension == "entitlements" ? .entitlements
            : FileDiscovery.isAssetLinks(fixture.input.lastPathComponent) ? .assetLinks : .aasa
        let name = fixture.input.lastPathComponent
        let outcome = FixSession(plan: RulePlan(fixed: selection), appliesUnsafeFixes: true).rounds { fixed in
            let file = fixed.first ?? LintFile(path: name, kind: kind, bytes: original)
            let diagnostics = (try? FixtureSupport.lint(file, with: selection, asRelease: name.contains("release"))) ?? []
            return (diagnostics, [DiscoveredFile(path: name, kind: kind)])
        } read: { _ in original }
        #expect(outcome.refusals.isEmpty, "\(fixture.testDescription): \(outcome.refusals.map(\.reason))")
        guard let result = outcome.files.first else {
            #expect(!FileManager.default.fileExists(atPath: fixture.fixed.path) || Golden.isUpdating,
                    "\(fixture.testDescription): nothing is fixed, but \(fixture.fixed.lastPathComponent) exists")
            if Golden.isUpdating { try? FileManager.default.removeItem(at: fixture.fixed) }
            return
        }
        let mismatch = try Golden.mismatch(of: String(decoding: result.fixed, as: UTF8.self), with: fixture.fixed)
        #expect(mismatch == nil, "\(fixture.testDescription): \(mismatch ?? "")")
    }

    /// The findings of the fixture's rule alone on the fixture.
    static func diagnostics(of fixture: FixtureCase) throws -> [Diagnostic] {
        let selection = try FixtureSupport.selection(of: fixture.ruleID)
        if RemoteFixture.isFixture(fixture.input) {
            return try RemoteFixture.check(fixture.input, with: selection)
        } else if ProjectScenario.isScenario(fixture.input), selection.entries.contains(where: { $0.check is any IgnoreAuditCheck }) {
            // Unused ignore entries show only against the findings of the other rules.
            return try ProjectScenario.session(fixture.input, keeping: fixture.ruleID)
        } else if ProjectScenario.isScenario(fixture.input) {
            // Project rules need several files and a configuration: a folder per case.
            return try ProjectScenario.lint(fixture.input, with: selection).diagnostics
        }
        if FileDiscovery.kind(ofExplicitName: fixture.input.path) == .artifact {
            let artifact = ArtifactReader.read(fixture.input.path, shownAs: fixture.input.lastPathComponent)
            #expect(artifact.problems == [])
            // An artifact named like a release (`app-release.apk`) is linted as one (`--release`).
            return try FixtureSupport.lint(artifact.files, with: selection, asRelease: fixture.input.lastPathComponent.contains("release"))
        }
        let bytes = try [UInt8](Data(contentsOf: fixture.input))
        let kind = FileDiscovery.kind(ofExplicitName: fixture.input.lastPathComponent)
        // A fixture named like a release file is linted as one (`--release`).
        return try FixtureSupport.lint(LintFile(path: fixture.input.lastPathComponent, kind: kind, bytes: bytes), with: selection,
                                       asRelease: fixture.input.lastPathComponent.contains("release"))
    }

    @Test func ruleIDsAreUniqueAndKebabCase() throws {
        let registry = try FixtureSupport.registry()
        #expect(Set(registry.descriptions.map(\.id)).count == registry.rules.count)
        for id in Self.ruleIDs {
            #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id) is not kebab-case")
        }
    }

    @Test func registryRejectsTwoRulesWithOneID() {
        #expect(throws: RegistryError.self) {
            try RuleRegistry(BuiltInRules.all + [BuiltInRules.all[0]])
        }
    }
}
