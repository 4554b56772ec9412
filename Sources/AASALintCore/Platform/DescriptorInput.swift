#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file descriptor, read a chunk at a time, for the servers' message readers
/// (LSP and MCP): `buffer[position...]` is what is read and not yet taken.
package struct DescriptorInput {
    private let descriptor: Int32
    package private(set) var buffer: [UInt8] = []
    package var position = 0
    private var reachedEnd = false

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Replaces the buffer with what the descriptor has; false at its end or on an error.
    package mutating func fill() -> Bool {
        guard !reachedEnd else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                reachedEnd = true
                return false
            }
            buffer = Array(chunk[0..<count])
            position = 0
            return true
        }
    }

    #if canImport(Glibc)
    private let systemRead = Glibc.read
    #elseif canImport(Darwin)
    private let systemRead = Darwin.read
    #endif
}
