@testable import AASALintCore
import AASALintRules
import AASALintTestSupport
import Foundation
import Testing

/// The real files in the spec corpus (`SpecCorpus`), `entitlements/`: linted without a crash, with every
/// finding recorded in `Fixtures/corpus/entitlements.expected`.
///
/// Release files: every file whose name does not mark it as a development variant (Debug,
/// Development, Profile). A project with one entitlements file signs its App Store builds with
/// it, so `App.entitlements` counts as shipping; `RunnerDebug.entitlements` does not.
@Suite(.enabled(if: SpecCorpus.testsRun, Comment(rawValue: SpecCorpus.absenceReason))) struct EntitlementsCorpusTests {
    static let golden = FixtureSupport.packageRoot.appendingPathComponent("Fixtures/corpus/entitlements.expected")
    static let developmentMarkers = ["debug", "development", "profile"]

    static func corpusFiles() throws -> [LintFile] {
        let folder = try SpecCorpus.subfolder("entitlements")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { name in
            LintFile(path: name, kind: .entitlements, bytes: try [UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    static func lint() throws -> [Diagnostic] {
        let files = try corpusFiles()
        let configuration = Configuration(directory: ".", releaseEntitlements: try files.map(\.path)
            .filter { name in !developmentMarkers.contains { name.lowercased().contains($0) } }
            .map { try Glob($0) })
        let selection = try RuleSelection(registry: FixtureSupport.registry())
        return try Linter(selection: selection, configuration: configuration).lint(files)
    }

    @Test func everyCorpusFileIsLintedAndMatchesTheGolden() throws {
        #expect(try Self.corpusFiles().count == 62)
        let diagnostics = try Self.lint()
        #expect(!diagnostics.contains { $0.ruleID == "invalid-plist" }, "every corpus file is a well-formed property list")
        let actual = FixtureSupport.reportLines(diagnostics)
        let mismatch = try Golden.mismatch(of: actual, with: Self.golden)
        #expect(mismatch == nil, "corpus findings changed:\n\(mismatch ?? "")\n\(actual)")
    }

    @Test func theKnownMistakesAreFound() throws {
        let diagnostics = try Self.lint()
        func found(_ rule: String, in file: String) -> Bool {
            diagnostics.contains { $0.ruleID == rule && $0.location.file == file }
        }
        // The `applink:` typo, in all three of the project's files.
        for variant in ["Runner", "RunnerDebug", "RunnerRelease"] {
            #expect(found("invalid-associated-domain", in: "404-Blank__Board__ios__Runner__\(variant).entitlements"))
        }
        // A capitalised `aps-environment`, on iOS and under the macOS key.
        #expect(found("aps-environment", in: "Ranchero-Software__NetNewsWire__iOS__Resources__NetNewsWire.entitlements"))
        #expect(found("aps-environment", in: "Ranchero-Software__NetNewsWire__Mac__Resources__NetNewsWire.entitlements"))
        #expect(found("empty-associated-domains", in: "owncloud__ios-app__ownCloud__ownCloud.entitlements"))
        // `?mode=developer` in files that ship, but not in the Debug variant.
        #expect(found("developer-mode-in-release", in: "2ro__eranos__ios__App__App__App.entitlements"))
        #expect(found("developer-mode-in-release", in: "DaryaScam__iOSDemoApp__im-hybrid-demo__im-hybrid-demo.entitlements"))
        #expect(!found("developer-mode-in-release", in: "DaryaScam__iOSDemoApp__im-hybrid-demo__im-hybrid-demoDebug.entitlements"))
        // Xcode's distribution export replaces "development" with the profile's value: nothing to say.
        let signalAppStore = diagnostics.filter {
            $0.ruleID == "aps-environment" && $0.location.file == "signalapp__Signal-iOS__Signal__Signal-AppStore.entitlements"
        }
        #expect(signalAppStore.isEmpty)
        let apsErrors = diagnostics.filter { $0.ruleID == "aps-environment" && $0.severity == .error }
        #expect(apsErrors.allSatisfy { $0.message.hasPrefix("\"Production\" is not a valid") }, "only the capitalised values are errors")
    }

    @Test func buildSettingsInRealFilesAreNeverReportedAsMalformed() throws {
        let diagnostics = try Self.lint()
        #expect(!diagnostics.contains { $0.message.contains("$(") || $0.message.contains("${") })
    }
}
