import Foundation

/// Writes zip archives for tests, including ones no real tool writes: lying sizes, symbolic
/// links, names that climb out, zip64 fields, and entries of hundreds of megabytes that take no
/// disk space (a sparse run of zeros, stored).
struct TestZipWriter {
    struct Entry {
        var name: String
        var data: [UInt8] = []
        /// 8 wraps `data` in deflate stored blocks, which inflate to `data` itself.
        var method: UInt16 = 0
        /// Stored zeros this long, written as a hole instead of `data`.
        var zeros: Int?
        var declaredUncompressedSize: Int?
        var declaredCompressedSize: Int?
        var unixMode: UInt32 = 0o100644
        /// The index of an earlier entry whose local header (and data) this one's directory
        /// record names: nothing of its own is written.
        var sharesLocalHeaderOf: Int?

        init(_ name: String, _ data: [UInt8] = [], method: UInt16 = 0) {
            self.name = name
            self.data = method == 8 ? Self.deflateStoredBlocks(data) : data
            self.method = method
            self.declaredUncompressedSize = method == 8 ? data.count : nil
            self.crc = TestZipWriter.crc32(data)
        }

        fileprivate var crc: UInt32

        /// Raw deflate made of stored blocks (BTYPE 00): valid input for any inflater.
        static func deflateStoredBlocks(_ data: [UInt8]) -> [UInt8] {
            var output: [UInt8] = []
            var chunks = stride(from: 0, to: max(data.count, 1), by: 0xFFFF).map { Array(data[$0..<min($0 + 0xFFFF, data.count)]) }
            if chunks.isEmpty { chunks = [[]] }
            for (index, chunk) in chunks.enumerated() {
                let length = UInt16(chunk.count)
                output.append(index == chunks.count - 1 ? 1 : 0)
                output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
                output += chunk
            }
            return output
        }
    }

    static func write(_ entries: [Entry], to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var offset = 0
        var central: [UInt8] = []
        var localHeaders: [Int] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let compressed = entry.zeros ?? entry.data.count
            let uncompressed = entry.declaredUncompressedSize ?? compressed
            let declaredCompressed = entry.declaredCompressedSize ?? compressed
            let needsZip64 = uncompressed >= 0xFFFF_FFFF || declaredCompressed >= 0xFFFF_FFFF
            let extra = needsZip64 ? le16(1) + le16(16) + le64(uncompressed) + le64(declaredCompressed) : []
            let sizes = needsZip64 ? le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) : le32(declaredCompressed) + le32(uncompressed)
            let local = le32(0x0403_4b50) + le16(20) + le16(0) + le16(Int(entry.method)) + le32(0) + le32(Int(entry.crc)) + sizes
                + le16(name.count) + le16(extra.count) + name + extra
            localHeaders.append(entry.sharesLocalHeaderOf.map { localHeaders[$0] } ?? offset)
            central += le32(0x0201_4b50) + le16(3 << 8 | 20) + le16(20) + le16(0) + le16(Int(entry.method)) + le32(0) + le32(Int(entry.crc))
                + sizes + le16(name.count) + le16(extra.count) + le16(0) + le16(0) + le16(0)
                + le32(Int(entry.unixMode) << 16) + le32(localHeaders.last!) + name + extra
            guard entry.sharesLocalHeaderOf == nil else { continue }
            try handle.write(contentsOf: Data(local))
            if let zeros = entry.zeros {
                try handle.seek(toOffset: UInt64(offset + local.count + zeros))
            } else {
                try handle.write(contentsOf: Data(entry.data))
            }
            offset += local.count + compressed
        }
        let end = le32(0x0605_4b50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
            + le32(central.count) + le32(offset) + le16(0)
        try handle.write(contentsOf: Data(central + end))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
    static func le64(_ value: Int) -> [UInt8] { le32(value & 0xFFFF_FFFF) + le32(value >> 32) }
}
