#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a finished child process used, as `wait4` reports it when it reaps the child: the same
/// call and the same meaning on Linux and Darwin, where /proc does not exist. The tests hold
/// hostile runs to bounds of processor time and memory with it.
package struct ChildResourceUsage: Sendable {
    /// User plus system time.
    package let processorTime: Duration
    /// The high-water mark of resident memory, in bytes; nil on Linux, whose `ru_maxrss` (in
    /// kilobytes there) starts from the parent's resident memory at the spawn, so only a sample
    /// of /proc/PID/status (VmHWM) while the child runs tells its own. Darwin's counts bytes.
    package let peakMemory: Int?

    package init(_ usage: rusage) {
        processorTime = Self.duration(usage.ru_utime) + Self.duration(usage.ru_stime)
        #if os(Linux)
        peakMemory = nil
        #else
        peakMemory = Int(usage.ru_maxrss)
        #endif
    }

    private static func duration(_ time: timeval) -> Duration {
        .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
    }
}
