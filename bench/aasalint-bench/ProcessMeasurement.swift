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
