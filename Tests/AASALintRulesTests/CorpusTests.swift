@testable import AASALintCore
import AASALintRules
import AASALintTestSupport
import Foundation
import Testing

/// The real files in the spec corpus (`SpecCorpus`), `aasa/`: linted without a crash, with every
/// finding recorded in `Fixtures/corpus/aasa.expected`, so any change of behaviour shows in review.
@Suite(.enabled(if: SpecCorpus.testsRun, Comment(rawValue: SpecCorpus.absenceReason))) struct CorpusTests {
    static let golden = FixtureSupport.packageRoot.appendingPathComponent("Fixtures/corpus/aasa.expected")

    static func corpusFiles() throws -> [LintFile] {
        let aasaFolder = try SpecCorpus.subfolder("aasa")
        let names = try FileManager.default.contentsOfDirectory(atPath: aasaFolder.path).sorted()
        return try names.map { name in
            let bytes = try [UInt8](Data(contentsOf: aasaFolder.appendingPathComponent(name)))
            return LintFile(path: name, kind: .aasa, bytes: bytes)
        }
    }

    @Test func everyCorpusFileIsLintedAndMatchesTheGolden() throws {
        let files = try Self.corpusFiles()
        #expect(files.count >= 75)
        let selection = try RuleSelection(registry: FixtureSupport.registry())
        let actual = FixtureSupport.reportLines(try FixtureSupport.lint(files, with: selection))
        let mismatch = try Golden.mismatch(of: actual, with: Self.golden)
        #expect(mismatch == nil, "corpus findings changed:\n\(mismatch ?? "")\n\(actual)")
    }

    @Test func theKnownMistakesAreFound() throws {
        let selection = try RuleSelection(registry: FixtureSupport.registry())
        let diagnostics = try FixtureSupport.lint(try Self.corpusFiles(), with: selection)
        func found(_ rule: String, in fileFragment: String) -> Bool {
            diagnostics.contains { $0.ruleID == rule && $0.location.file.contains(fileFragment) }
        }
        #expect(found("invalid-json", in: "Ale-memolla__appclip__apple-app-site-association"))
        #expect(found("unknown-key", in: "ANDREYDEN__Statera"))
        #expect(found("invalid-app-id", in: "edityomurti"))
        #expect(found("invalid-app-id", in: "AgoraIO-Community"))
        #expect(found("invalid-app-id", in: "0Itsuki0"))
    }

    /// Ground17's second entry (`appID` + `paths` after `appIDs` + `components`) is what iOS 12
    /// and earlier read: no finding by default, and the opt-in legacy-format says so; Statera's
    /// `appId` typo is one finding, not two.
    @Test func theIOS12FallbackIsNotDeadAndATypoIsReportedOnce() throws {
        let files = try Self.corpusFiles()
        let byDefault = try FixtureSupport.lint(files, with: try RuleSelection(registry: FixtureSupport.registry()))
        #expect(!byDefault.contains { $0.location.file.contains("Ground17__Logation_RN") })
        let selection = try RuleSelection(registry: FixtureSupport.registry(), enable: ["legacy-format"])
        let diagnostics = try FixtureSupport.lint(files, with: selection)
        let ground17 = diagnostics.filter { $0.location.file.contains("Ground17__Logation_RN") }
        #expect(ground17.map(\.ruleID) == ["legacy-format", "legacy-format"])
        #expect(ground17.allSatisfy { $0.severity == .note && $0.message.contains("iOS 13 and later use the entry at line 5") })
        let statera = diagnostics.filter { $0.location.file.contains("ANDREYDEN__Statera") && $0.severity == .error }
        #expect(statera.map(\.ruleID) == ["unknown-key"])
    }

    @Test func wellFormedFilesDoNotDrownInNoise() throws {
        let selection = try RuleSelection(registry: FixtureSupport.registry())
        let diagnostics = try FixtureSupport.lint(try Self.corpusFiles(), with: selection)
        let perFile = Dictionary(grouping: diagnostics, by: \.location.file)
        for (file, findings) in perFile {
            #expect(findings.count <= 12, "\(file) has \(findings.count) findings")
        }
        #expect(diagnostics.filter { $0.severity == .error }.count < 25)
        // A working legacy file is not a finding, and where the analysis stops is not one either.
        #expect(!diagnostics.contains { $0.ruleID == "legacy-format" || $0.isAnalysisLimit })
    }
}
