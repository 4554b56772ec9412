import AASALintTestSupport
import Foundation
import Testing

/// Replays every fuzzing seed and every saved fuzzing finding through every fuzz target, on
/// every test run and on every platform, whether or not libFuzzer is available: a finding
/// fixed once stays fixed (`scripts/fuzz.sh` explains where findings are saved).
@Suite struct FuzzReplayTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Debug builds are several times slower than the fuzzer's optimised build; an input that
    /// takes longer than this (in processor time) has found a slow path, which is a finding too.
    static let timeLimit = Duration.seconds(5)

    /// The seeds of every target (documents, configurations, patterns), then the findings.
    static func inputs() -> [URL] {
        let seedNames = [".json", ".entitlements", ".yml", "apple-app-site-association", ".ipa"]
        return ["Fixtures", "Fuzz/seeds", "Fuzz/regressions"].flatMap { folder in
            regularFiles(under: repository.appendingPathComponent(folder)).filter { file in
                folder.hasPrefix("Fuzz/") || seedNames.contains { file.lastPathComponent.hasSuffix($0) }
            }
        }
        .sorted { $0.path < $1.path }
    }

    /// The real files of the spec corpus, which the fuzzer also starts from.
    static func corpusInputs() throws -> [URL] {
        try ["aasa", "entitlements"].flatMap { regularFiles(under: try SpecCorpus.subfolder($0)) }.sorted { $0.path < $1.path }
    }

    private static func regularFiles(under folder: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (files?.allObjects as? [URL] ?? []).filter { file in
            (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
        }
    }

    @Test func seedsAndFindingsAreThere() {
        let inputs = Self.inputs()
        #expect(inputs.count > 200, "found only \(inputs.count) inputs under \(Self.repository.path)")
        #expect(inputs.contains { $0.path.contains("/Fuzz/regressions/") }, "no saved finding is replayed")
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyInputKeepsTheInvariants(of target: FuzzTarget) throws {
        try replay(Self.inputs(), through: target)
    }

    @Test(.enabled(if: SpecCorpus.testsRun, Comment(rawValue: SpecCorpus.absenceReason)), arguments: FuzzTarget.allCases)
    func everyCorpusFileKeepsTheInvariants(of target: FuzzTarget) throws {
        try replay(try Self.corpusInputs(), through: target)
    }

    private func replay(_ inputs: [URL], through target: FuzzTarget) throws {
        for input in inputs {
            let bytes = try [UInt8](Data(contentsOf: input))
            var violations: [String] = []
            let elapsed = ThreadProcessorTime.measure { violations = target.run(bytes) }
            let name = input.path.replacingOccurrences(of: Self.repository.path + "/", with: "")
            #expect(violations.isEmpty, "\(target) on \(name): \(violations.joined(separator: "; "))")
            #expect(elapsed < Self.timeLimit, "\(target) on \(name) took \(elapsed) of processor time")
        }
    }
}
