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
        forEachLineBytes { line, number, consumed in body(Substring(decoding: line, as: UTF8.self), number, consumed) }
    }

    /// `forEachLine` with each line's bytes as read: a list of a million URLs makes no string per line.
    package func forEachLineBytes(_ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ consumed: Int) -> Void) {
        var pending: [UInt8] = []
        var number = 0
        var consumed = 0
        func emit(_ bytes: UnsafeBufferPointer<UInt8>) {
            number += 1
            let trimmed = bytes.last == UInt8(ascii: "\r") ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
            body(trimmed, number, consumed)
        }
        while let data = handle.read(upToCount: Self.chunkSize), !data.isEmpty {
            consumed += data.count
            // Only the new bytes are searched for a line break: the pending ones hold none, and
            // searching them again for each chunk of a long line would be quadratic.
            let searchedFrom = pending.count
            if pending.isEmpty { pending = data } else { pending += data }
            let start = pending.withUnsafeBufferPointer { bytes in
                var start = 0
                var searched = searchedFrom
                while let newline = Self.newline(in: bytes, from: searched) {
                    emit(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                    start = newline + 1
                    searched = start
                }
                return start
            }
            pending.removeSubrange(..<start)
        }
        if !pending.isEmpty { pending.withUnsafeBufferPointer { emit($0) } }
    }

    /// The first `\n` from `start`, looked for eight bytes at a time.
    private static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if WordBytes.equal(to: UInt8(ascii: "\n"), in: word) != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return nil
    }
}
