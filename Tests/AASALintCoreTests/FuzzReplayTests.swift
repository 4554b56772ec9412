import Foundation
import Testing

/// Replays every fuzzing seed and every saved fuzzing finding through every fuzz target, on
/// every test run and on every platform, whether or not libFuzzer is available: a finding
/// fixed once stays fixed (`scripts/fuzz.sh` explains where findings are saved).
@Suite struct FuzzReplayTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Debug builds are several times slower than the fuzzer's optimised build; an input that
    /// takes longer than this has found a slow path, which is a finding too.
    static let timeLimit = Duration.seconds(5)

    /// The seeds of every target (documents, configurations, patterns), then the findings.
    static func inputs() -> [URL] {
        let seedFolders = ["Fixtures", "../shared/corpus", "Fuzz/seeds", "Fuzz/regressions"]
        let seedNames = [".json", ".entitlements", ".yml", "apple-app-site-association"]
        return seedFolders.flatMap { folder -> [URL] in
            let files = FileManager.default.enumerator(at: repository.appendingPathComponent(folder), includingPropertiesForKeys: [.isRegularFileKey])
            return (files?.allObjects as? [URL] ?? []).filter { file in
                guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { return false }
                return folder.hasPrefix("Fuzz/")
                    || folder.hasSuffix("corpus") && !file.lastPathComponent.hasSuffix(".tsv")
                    || seedNames.contains { file.lastPathComponent.hasSuffix($0) }
            }
        }
        .sorted { $0.path < $1.path }
    }

    @Test func seedsAndFindingsAreThere() {
        let inputs = Self.inputs()
        #expect(inputs.count > 200, "found only \(inputs.count) inputs under \(Self.repository.path)")
        #expect(inputs.contains { $0.path.contains("/Fuzz/regressions/") }, "no saved finding is replayed")
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyInputKeepsTheInvariants(of target: FuzzTarget) throws {
        let clock = ContinuousClock()
        for input in Self.inputs() {
            let bytes = try [UInt8](Data(contentsOf: input))
            var violations: [String] = []
            let elapsed = clock.measure { violations = target.run(bytes) }
            let name = input.path.replacingOccurrences(of: Self.repository.path + "/", with: "")
            #expect(violations.isEmpty, "\(target) on \(name): \(violations.joined(separator: "; "))")
            #expect(elapsed < Self.timeLimit, "\(target) on \(name) took \(elapsed)")
        }
    }
}
