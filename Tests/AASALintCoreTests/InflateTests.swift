import Foundation
import Testing
import CZlib
@testable import AASALintCore

@Suite struct InflateTests {
    /// `printf 'hello hello hello hello\n' | gzip -9n`
    let gzipHello: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x57,
        0xc8, 0x40, 0x27, 0xb9, 0x00, 0x00, 0x88, 0x59, 0x0b, 0x18, 0x00, 0x00, 0x00,
    ]

    @Test func decompressesAGzipMember() throws {
        let bytes = try Inflate.decompress(gzipHello, framing: .gzip, limit: 1000)
        #expect(String(decoding: bytes, as: UTF8.self) == "hello hello hello hello\n")
    }

    @Test func decompressesRawDeflate() throws {
        // The gzip member without its 10-byte header and 8-byte trailer is the raw deflate stream.
        let raw = Array(gzipHello[10..<(gzipHello.count - 8)])
        let bytes = try Inflate.decompress(raw, framing: .raw, limit: 1000)
        #expect(bytes.count == 24)
    }

    @Test func stopsAtTheLimit() {
        #expect(throws: Inflate.Failure.tooLarge(limit: 10)) {
            try Inflate.decompress(gzipHello, framing: .gzip, limit: 10)
        }
    }

    @Test func refusesTruncatedAndCorruptStreams() {
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress(Array(gzipHello.prefix(15)), framing: .gzip, limit: 1000) }
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress([0xff, 0xff, 0xff, 0xff], framing: .raw, limit: 1000) }
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress([], framing: .gzip, limit: 1000) }
    }

    @Test func aMegabyteOfZerosStaysBounded() throws {
        // A 1 MB run of zeros compresses about 1000:1; a small limit must stop it early.
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let compressed = try #require(gzip(zeros))
        #expect(compressed.count < 2000)
        #expect(throws: Inflate.Failure.tooLarge(limit: 4096)) {
            try Inflate.decompress(compressed, framing: .gzip, limit: 4096)
        }
        #expect(try Inflate.decompress(compressed, framing: .gzip, limit: 1 << 20) == zeros)
    }

    /// Compresses with zlib's own deflate, in gzip framing.
    private func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, 9, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
