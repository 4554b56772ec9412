#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor time the calling thread spends on some work. Tests bound work with it rather
/// than with wall time: on a busy machine a thread waits for a processor, and its wall time grows
/// with the load while its processor time does not.
public enum ThreadProcessorTime {
    /// Runs `work` on the calling thread and returns the processor time it used.
    public static func measure(_ work: () throws -> Void) rethrows -> Duration {
        let start = now()
        try work()
        return now() - start
    }

    private static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
