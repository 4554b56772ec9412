#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Why a FileManager call failed, in the C library's words (`Permission denied`): FoundationEssentials'
/// errors carry no localized description, and the system call's error is what a user can act on.
enum FileErrorReason {
    static func of(_ error: Error, otherwise fallback: String) -> String {
        let posix = (error as? CocoaError)?.underlying as? POSIXError ?? error as? POSIXError
        return posix.map { String(cString: strerror($0.code.rawValue)) } ?? fallback
    }
}
