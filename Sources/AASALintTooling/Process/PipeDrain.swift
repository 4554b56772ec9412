import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a pipe to its end on another thread, so a chatty child never blocks on a full pipe,
/// keeping at most `limit` bytes: a child that writes without end must not fill the memory.
final class PipeDrain: @unchecked Sendable {
    struct Collected {
        let data: Data
        let overflowed: Bool
    }

    private var data = Data()
    private var overflowed = false
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32, limit: Int) {
        DispatchQueue.global().async {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                if self.data.count + count <= limit {
                    self.data.append(contentsOf: chunk[0..<count])
                } else {
                    self.overflowed = true
                }
            }
            close(descriptor)
            self.done.signal()
        }
    }

    /// Nil when the pipe is still open at `deadline`.
    func collected(before deadline: Date) -> Collected? {
        guard done.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success else { return nil }
        return Collected(data: data, overflowed: overflowed)
    }
}
