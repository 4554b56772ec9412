import Foundation

/// Reads a pipe to its end on another thread, so a chatty child never blocks on a full pipe,
/// keeping at most `limit` bytes: a child that writes without end must not fill the memory.
final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private var overflowed = false
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe, limit: Int) {
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async {
            while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                if self.data.count + chunk.count <= limit {
                    self.data += chunk
                } else {
                    self.overflowed = true
                }
            }
            self.done.signal()
        }
    }

    /// Nil when the pipe is still open at `deadline`; `overflowed` when it held more than the limit.
    func collected(before deadline: Date) -> (data: Data, overflowed: Bool)? {
        let remaining = max(0.05, deadline.timeIntervalSinceNow)
        guard done.wait(timeout: .now() + remaining) == .success else { return nil }
        return (data, overflowed)
    }
}
