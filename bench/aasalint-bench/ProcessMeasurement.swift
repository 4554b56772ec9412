import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `aasalint-bench spawn --runs N -- COMMAND [ARGUMENTS ...]`: runs the command N times, its
/// output discarded, and prints the median wall time of a run (process start included) and
/// the largest peak resident memory of a run, as `median-seconds S` and `peak-kilobytes K`.
/// Each child is reaped with `wait4`, whose resource usage is that child's alone.
enum ProcessMeasurement {
    static func run(_ options: BenchOptions) -> Int32 {
        let runs = options.number("runs") ?? 10
        guard let command = options.afterSeparator, !command.isEmpty else {
            FileHandle.standardError.write(Data("usage: aasalint-bench spawn --runs N -- COMMAND [ARGUMENTS ...]\n".utf8))
            return 2
        }
        var times: [Duration] = []
        var peak = 0
        let clock = ContinuousClock()
        for _ in 0..<max(1, runs) {
            let start = clock.now
            guard let usage = spawnAndWait(command) else {
                FileHandle.standardError.write(Data("cannot run \(command[0])\n".utf8))
                return 2
            }
            times.append(clock.now - start)
            peak = max(peak, kilobytes(usage.ru_maxrss))
        }
        print("median-seconds \(seconds(times.sorted()[times.count / 2]))")
        print("peak-kilobytes \(peak)")
        return 0
    }

    /// `aasalint-bench pair --runs N -- COMMAND ... --versus BASELINE ...`: runs the two commands
    /// one after the other N times, so that both meet the same load, and prints each one's median
    /// wall time (`median-seconds`, `baseline-median-seconds`) and the median of the N ratios of a
    /// run's time to its baseline's (`median-ratio`): a ratio holds on a noisy machine where two
    /// medians taken minutes apart do not.
    static func pair(_ options: BenchOptions) -> Int32 {
        let runs = options.number("runs") ?? 30
        guard let both = options.afterSeparator, let split = both.firstIndex(of: "--versus"),
              split > 0, split + 1 < both.count else {
            FileHandle.standardError.write(Data("usage: aasalint-bench pair --runs N -- COMMAND ... --versus BASELINE ...\n".utf8))
            return 2
        }
        let commands = [Array(both[..<split]), Array(both[(split + 1)...])]
        var times: [[Double]] = [[], []]
        let clock = ContinuousClock()
        for run in 0..<max(1, runs) {
            // Alternating which goes first keeps either from always running on a warmer cache.
            for index in run.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                let start = clock.now
                guard spawnAndWait(commands[index]) != nil else {
                    FileHandle.standardError.write(Data("cannot run \(commands[index][0])\n".utf8))
                    return 2
                }
                times[index].append(seconds(clock.now - start))
            }
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        print("median-seconds \(median(times[0]))")
        print("baseline-median-seconds \(median(times[1]))")
        print("median-ratio \(median(zip(times[0], times[1]).map { $0 / $1 }))")
        return 0
    }

    /// This process's peak resident memory so far.
    static func ownPeakKilobytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        return kilobytes(usage.ru_maxrss)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Linux counts `ru_maxrss` in kilobytes, macOS in bytes.
    private static func kilobytes(_ maxrss: Int) -> Int {
        #if canImport(Darwin)
        maxrss / 1024
        #else
        maxrss
        #endif
    }

    private static func spawnAndWait(_ command: [String]) -> rusage? {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, command[0], &actions, nil, arguments, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        return usage
    }
}

/// `--name value` options and what follows `--`.
struct BenchOptions {
    let arguments: [String]

    init(_ arguments: some Sequence<String>) {
        self.arguments = Array(arguments)
    }

    func text(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count,
              index < (arguments.firstIndex(of: "--") ?? arguments.count) else { return nil }
        return arguments[index + 1]
    }

    func number(_ name: String) -> Int? {
        text(name).flatMap { Int($0) }
    }

    var afterSeparator: [String]? {
        arguments.firstIndex(of: "--").map { Array(arguments[($0 + 1)...]) }
    }
}
