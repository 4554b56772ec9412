#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lines of a file or of standard input, read in chunks so that a file of a million URLs
/// never sits in memory whole. A line is split at `\n`, a `\r` before it dropped.
package struct LineStream {
    private let handle: InputDescriptor
    private static let chunkSize = 1 << 16

    /// `-` reads standard input.
    package init(path: String) throws(URLSourceError) {
        guard let handle = InputDescriptor.opening(path) else {
            throw URLSourceError("\(path): cannot read this file (check the path and its permissions)")
        }
        self.handle = handle
    }

    /// Calls `body` with each line and its number, from 1; `consumed` is the bytes read so far.
    package func forEachLine(_ body: (_ line: Substring, _ number: Int, _ consumed: Int) -> Void) {
        var pending: [UInt8] = []
        var number = 0
        var consumed = 0
        func emit(_ bytes: ArraySlice<UInt8>) {
            number += 1
            let trimmed = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
            body(Substring(decoding: trimmed, as: UTF8.self), number, consumed)
        }
        while let data = handle.read(upToCount: Self.chunkSize), !data.isEmpty {
            consumed += data.count
            // Only the new bytes are searched for a line break: the pending ones hold none, and
            // searching them again for each chunk of a long line would be quadratic.
            var searched = pending.count
            pending += data
            var start = pending.startIndex
            while let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                emit(pending[start..<newline])
                start = newline + 1
                searched = start
            }
            pending.removeSubrange(..<start)
        }
        if !pending.isEmpty { emit(pending[...]) }
    }
}
