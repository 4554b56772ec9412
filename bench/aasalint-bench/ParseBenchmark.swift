import AASALintCore
import Foundation

/// `aasalint-bench parse --input FILE [--parser aasalint|foundation|both] [--repeat N]`: the
/// median time to parse FILE with aasalint's parser (which keeps a byte span for every key
/// and value) and with Foundation's JSONSerialization, measured in one process so that their
/// ratio compares like with like; then this process's peak memory.
enum ParseBenchmark {
    static func run(_ options: BenchOptions) -> Int32 {
        guard let path = options.text("input"), FileManager.default.isReadableFile(atPath: path) else {
            FileHandle.standardError.write(Data("usage: aasalint-bench parse --input FILE [--parser aasalint|foundation|both] [--repeat N]\n".utf8))
            return 2
        }
        let parser = options.text("parser") ?? "both"
        let repeats = options.number("repeat") ?? 10
        // Each parser holds only the form of the input it reads, so that peak memory is its own.
        if parser != "foundation" {
            let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
            let seconds = medianSeconds(repeats) { (try? JSONParser.parse(bytes).members?.count) ?? 0 }
            print("parse aasalint \(seconds)")
        }
        if parser != "aasalint" {
            let data = FileManager.default.contents(atPath: path) ?? Data()
            let seconds = medianSeconds(repeats) { ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?.count ?? 0 }
            print("parse foundation \(seconds)")
        }
        print("peak-kilobytes \(ProcessMeasurement.ownPeakKilobytes())")
        return 0
    }

    /// The median of `repeats` timed runs after one untimed run; `work` returns something
    /// derived from its result so that the work cannot be optimised away.
    static func medianSeconds(_ repeats: Int, _ work: () -> Int) -> Double {
        var checksum = work()
        let clock = ContinuousClock()
        let times = (0..<max(1, repeats)).map { _ in
            clock.measure { checksum &+= work() }
        }
        if checksum == Int.min { print("unreachable checksum") }
        return ProcessMeasurement.seconds(times.sorted()[times.count / 2])
    }
}
