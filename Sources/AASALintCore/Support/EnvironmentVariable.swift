#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// One variable of the process's environment. `ProcessInfo.environment` makes a dictionary of
/// all of them, some 400,000 instructions that every run would pay for one lookup.
package enum EnvironmentVariable {
    package static func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
