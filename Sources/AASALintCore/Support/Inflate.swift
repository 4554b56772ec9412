import CZlib

/// Decompression through the system's zlib, bounded: a compressed stream never yields more
/// than the caller allows, so a zip bomb or a gzip bomb stops at the limit instead of filling memory.
enum Inflate {
    /// How the compressed bytes are framed.
    enum Framing: Sendable {
        /// Raw deflate, as inside a zip entry.
        case raw
        /// A gzip member (`.gz` files).
        case gzip

        fileprivate var windowBits: Int32 {
            switch self {
            case .raw: -MAX_WBITS
            case .gzip: MAX_WBITS + 16
            }
        }
    }

    enum Failure: Error, Equatable, Sendable {
        /// The output would exceed `limit` bytes.
        case tooLarge(limit: Int)
        /// The stream is not valid deflate data, or it ends before its end marker.
        case corrupt(String)
    }

    /// The decompressed bytes of `input`, at most `limit` of them.
    static func decompress(_ input: [UInt8], framing: Framing, limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, framing.windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw .corrupt("zlib could not start") }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        var input = input
        try input.withUnsafeMutableBufferPointer { (source) throws(Failure) in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { target -> Int in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return target.count - Int(stream.avail_out)
                }
                switch status {
                case Z_OK, Z_STREAM_END, Z_BUF_ERROR: break
                default: throw .corrupt(zlibMessage(stream))
                }
                guard output.count + produced <= limit else { throw .tooLarge(limit: limit) }
                output.append(contentsOf: chunk[0..<produced])
                // zlib makes no progress when the input runs out before the end marker.
                if status != Z_STREAM_END, produced == 0, stream.avail_in == 0 || status == Z_BUF_ERROR {
                    throw .corrupt("the compressed data ends early")
                }
            } while status != Z_STREAM_END
        }
        return output
    }

    private static func zlibMessage(_ stream: z_stream) -> String {
        stream.msg.map { String(cString: $0) } ?? "the compressed data is corrupt"
    }
}
