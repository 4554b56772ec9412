import CZlib

/// A zip archive (an `.ipa`) read from its central directory; entries are read one at a time,
/// on request, so a large archive costs only the records and entries asked for. Nested
/// archives are entries like any other: never opened.
struct ZipArchive: Sendable {
    let entries: [ZipEntry]
    /// Where the central directory starts: an APK's signing block ends just before it.
    let centralDirectoryOffset: Int
    private let source: any ArtifactReaderSource
    private let limits: ZipLimits
    private let byName: [String: Int]
    private let inflation = InflationMeter()

    private static let endRecordSignature = 0x0605_4b50
    private static let zip64LocatorSignature = 0x0706_4b50
    private static let zip64EndRecordSignature = 0x0606_4b50
    private static let centralHeaderSignature = 0x0201_4b50
    private static let localHeaderSignature = 0x0403_4b50
    private static let endRecordLength = 22
    private static let longestComment = 0xFFFF

    init(source: any ArtifactReaderSource, limits: ZipLimits = ZipLimits()) throws(ArtifactReaderError) {
        self.source = source
        self.limits = limits
        let directory = try Self.centralDirectory(in: source, limits: limits)
        centralDirectoryOffset = directory.offset
        let declared = try Self.entries(ZipFields(bytes: try source.bytes(at: directory.offset, length: directory.size, what: "the central directory")),
                                        count: directory.count, limits: limits)
        var entries = declared
        // Extractors disagree on which of two entries of one name wins, so neither is read.
        let counts = Dictionary(declared.map { ($0.name, 1) }, uniquingKeysWith: +)
        for index in entries.indices where counts[entries[index].name, default: 0] > 1 {
            entries[index].refusal = entries[index].refusal
                ?? "the archive holds \(counts[entries[index].name, default: 0]) entries of this name, and extractors differ on which one wins"
        }
        Self.placeRegions(&entries, directoryOffset: directory.offset, archiveSize: source.count)
        self.entries = entries
        byName = Dictionary(entries.enumerated().map { ($1.name, $0) }) { first, _ in first }
    }

    /// Gives each entry the bytes up to the next local header (or the central directory), and
    /// refuses entries that name the local header of another: one header named by thousands
    /// of entries would be inflated once for each.
    private static func placeRegions(_ entries: inout [ZipEntry], directoryOffset: Int, archiveSize: Int) {
        let sharing = Dictionary(entries.map { ($0.localHeaderOffset, 1) }, uniquingKeysWith: +)
        let starts = Array(Set(entries.map(\.localHeaderOffset)).union([directoryOffset])).sorted()
        for index in entries.indices {
            let offset = entries[index].localHeaderOffset
            if let count = sharing[offset], count > 1 {
                entries[index].refusal = entries[index].refusal
                    ?? "its local header (offset \(offset)) is also that of \(count - 1) other entries, so they would share its bytes"
            }
            // The first start after the offset, by binary search.
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            entries[index].regionEnd = low < starts.count ? starts[low] : archiveSize
        }
    }

    func entry(named name: String) -> ZipEntry? {
        byName[name].map { entries[$0] }
    }

    /// The entry's bytes, checked against its declared size and CRC.
    func contents(of entry: ZipEntry) throws(ArtifactReaderError) -> [UInt8] {
        let data = try dataSource(of: entry)
        let bytes: [UInt8]
        switch entry.method {
        case .stored:
            bytes = try data.bytes(in: 0..<data.count)
        case .deflated:
            try inflation.charge(entry.uncompressedSize, for: entry, limit: limits.maximumInflatedSize)
            let compressed = try data.bytes(in: 0..<data.count)
            do throws(Inflate.Failure) {
                bytes = try Inflate.decompress(compressed, framing: .raw, limit: entry.uncompressedSize)
            } catch {
                switch error {
                case .tooLarge: throw ArtifactReaderError("\(entry.name): expands past its declared size of \(entry.uncompressedSize) bytes")
                case .corrupt(let reason): throw ArtifactReaderError("\(entry.name): cannot be decompressed (\(reason))")
                }
            }
        case .other(let method):
            throw ArtifactReaderError("\(entry.name): compressed with method \(method), which aasalint does not read (only stored and deflate)")
        }
        guard bytes.count == entry.uncompressedSize else {
            throw ArtifactReaderError("\(entry.name): holds \(bytes.count) bytes, not the \(entry.uncompressedSize) its header declares")
        }
        let checksum = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard checksum == entry.crc32 else { throw ArtifactReaderError("\(entry.name): its CRC does not match its contents (the archive is damaged)") }
        return bytes
    }

    /// A stored entry as a range of the archive, read by range like the archive itself (a large
    /// executable need not be read whole); a deflated one decompressed.
    func source(of entry: ZipEntry) throws(ArtifactReaderError) -> any ArtifactReaderSource {
        if entry.method == .stored, entry.compressedSize == entry.uncompressedSize {
            return try dataSource(of: entry)
        }
        return MemoryArtifactSource(try contents(of: entry))
    }

    /// The entry's compressed bytes, after its local header, once its declared sizes pass the limits.
    private func dataSource(of entry: ZipEntry) throws(ArtifactReaderError) -> ArtifactReaderSubrange {
        if let refusal = entry.refusal { throw ArtifactReaderError("\(entry.name): not read: \(refusal)") }
        guard entry.uncompressedSize <= limits.maximumEntrySize else {
            throw ArtifactReaderError("\(entry.name): declares \(entry.uncompressedSize) bytes, more than the \(limits.maximumEntrySize) aasalint reads from one entry")
        }
        if entry.method == .deflated, entry.uncompressedSize > limits.ratioCheckedAbove,
           entry.uncompressedSize / max(entry.compressedSize, 1) > limits.maximumCompressionRatio {
            throw ArtifactReaderError("\(entry.name): would expand \(entry.uncompressedSize / max(entry.compressedSize, 1)):1 "
                + "(\(entry.compressedSize) to \(entry.uncompressedSize) bytes), beyond the \(limits.maximumCompressionRatio):1 of any real app: a zip bomb")
        }
        let header = ZipFields(bytes: try source.bytes(at: entry.localHeaderOffset, length: 30, what: "the local header of \(entry.name)"))
        guard header.uint32(0) == Self.localHeaderSignature else {
            throw ArtifactReaderError("\(entry.name): no local header where the central directory says (offset \(entry.localHeaderOffset))")
        }
        let start = entry.localHeaderOffset + 30 + header.uint16(26) + header.uint16(28)
        guard start <= source.count, entry.compressedSize <= source.count - start else {
            throw ArtifactReaderError("\(entry.name): its \(entry.compressedSize) bytes at offset \(start) lie past the end of the archive (\(source.count) bytes)")
        }
        guard start <= entry.regionEnd, entry.compressedSize <= entry.regionEnd - start else {
            throw ArtifactReaderError("\(entry.name): its \(entry.compressedSize) bytes at offset \(start) run into the next entry's header "
                + "or the central directory at offset \(entry.regionEnd); entries of a zip do not share bytes")
        }
        return ArtifactReaderSubrange(source, offset: start, count: entry.compressedSize)
    }

    private struct DirectoryPlace {
        let offset: Int
        let size: Int
        let count: Int
    }

    /// Where the central directory is, from the end record (searched backwards over the longest
    /// comment) and, when its fields overflow, the zip64 end record.
    private static func centralDirectory(in source: any ArtifactReaderSource, limits: ZipLimits) throws(ArtifactReaderError) -> DirectoryPlace {
        guard source.count >= endRecordLength else { throw ArtifactReaderError("not a zip archive: too short for an end-of-central-directory record") }
        let tailStart = max(0, source.count - endRecordLength - longestComment)
        let tail = try source.bytes(in: tailStart..<source.count)
        let fields = ZipFields(bytes: tail)
        guard let end = stride(from: tail.count - endRecordLength, through: 0, by: -1).first(where: { fields.uint32($0) == endRecordSignature }) else {
            throw ArtifactReaderError("not a zip archive: no end-of-central-directory record")
        }
        var place = DirectoryPlace(offset: fields.uint32(end + 16), size: fields.uint32(end + 12), count: fields.uint16(end + 10))
        if fields.uint16(end + 4) != 0 || fields.uint16(end + 6) != 0 {
            throw ArtifactReaderError("a multi-part zip archive, which aasalint does not read; export the app as one .ipa")
        }
        let locator = tailStart + end - 20
        if place.offset == 0xFFFF_FFFF || place.size == 0xFFFF_FFFF || place.count == 0xFFFF, locator >= 0 {
            let locatorFields = ZipFields(bytes: try source.bytes(at: locator, length: 20, what: "the zip64 locator"))
            if locatorFields.uint32(0) == zip64LocatorSignature {
                let record = ZipFields(bytes: try source.bytes(at: locatorFields.uint64(8), length: 56, what: "the zip64 end record"))
                guard record.uint32(0) == zip64EndRecordSignature else { throw ArtifactReaderError("the zip64 locator points at no zip64 end record") }
                place = DirectoryPlace(offset: record.uint64(48), size: record.uint64(40), count: record.uint64(32))
            }
        }
        guard place.count <= limits.maximumEntryCount else {
            throw ArtifactReaderError("declares \(place.count) entries, more than the \(limits.maximumEntryCount) aasalint reads")
        }
        guard place.size <= limits.maximumCentralDirectorySize else {
            throw ArtifactReaderError("its central directory declares \(place.size) bytes, more than the \(limits.maximumCentralDirectorySize) aasalint reads")
        }
        return place
    }

    private static func entries(_ directory: ZipFields, count: Int, limits: ZipLimits) throws(ArtifactReaderError) -> [ZipEntry] {
        var entries: [ZipEntry] = []
        var offset = 0
        for index in 0..<count {
            guard offset + 46 <= directory.bytes.count, directory.uint32(offset) == centralHeaderSignature else {
                throw ArtifactReaderError("central directory entry \(index + 1) of \(count) is missing or damaged")
            }
            let nameLength = directory.uint16(offset + 28)
            let extraLength = directory.uint16(offset + 30)
            let recordEnd = offset + 46 + nameLength + extraLength + directory.uint16(offset + 32)
            guard recordEnd <= directory.bytes.count else { throw ArtifactReaderError("central directory entry \(index + 1) runs past the directory's end") }
            guard nameLength <= limits.maximumNameLength else {
                throw ArtifactReaderError("central directory entry \(index + 1) has a name of \(nameLength) bytes, more than the \(limits.maximumNameLength) aasalint reads")
            }
            let nameBytes = Array(directory.bytes[(offset + 46)..<(offset + 46 + nameLength)])
            let name = String(decoding: nameBytes, as: UTF8.self)
            var sizes = (compressed: directory.uint32(offset + 20), uncompressed: directory.uint32(offset + 24), local: directory.uint32(offset + 42))
            readZip64Extra(ZipFields(bytes: Array(directory.bytes[(offset + 46 + nameLength)..<(offset + 46 + nameLength + extraLength)])), into: &sizes)
            let method = switch directory.uint16(offset + 10) {
            case 0: ZipEntry.Method.stored
            case 8: ZipEntry.Method.deflated
            case let other: ZipEntry.Method.other(other)
            }
            entries.append(ZipEntry(
                name: name, method: method, compressedSize: sizes.compressed, uncompressedSize: sizes.uncompressed,
                crc32: UInt32(directory.uint32(offset + 16)), localHeaderOffset: sizes.local,
                refusal: refusal(name: name, nameBytes: nameBytes, flags: directory.uint16(offset + 8),
                                 madeBy: directory.uint16(offset + 4), externalAttributes: directory.uint32(offset + 38))))
            offset = recordEnd
        }
        return entries
    }

    /// Zip64 extra field (ID 1): 8-byte values for each of the sizes and offset that overflowed, in this order.
    private static func readZip64Extra(_ extra: ZipFields, into sizes: inout (compressed: Int, uncompressed: Int, local: Int)) {
        var offset = 0
        while offset + 4 <= extra.bytes.count {
            let id = extra.uint16(offset)
            let length = extra.uint16(offset + 2)
            let end = offset + 4 + length
            guard end <= extra.bytes.count else { return }
            if id == 1 {
                var field = offset + 4
                func next() -> Int? {
                    guard field + 8 <= end else { return nil }
                    defer { field += 8 }
                    return extra.uint64(field)
                }
                if sizes.uncompressed == 0xFFFF_FFFF { sizes.uncompressed = next() ?? Int.max }
                if sizes.compressed == 0xFFFF_FFFF { sizes.compressed = next() ?? Int.max }
                if sizes.local == 0xFFFF_FFFF { sizes.local = next() ?? Int.max }
                return
            }
            offset = end
        }
    }

    private static let symbolicLinkMode = 0o120000
    private static let fileTypeMask = 0o170000
    private static let unixHost = 3

    /// Entries that a careless extractor would write outside its folder, or through a link, are never read.
    private static func refusal(name: String, nameBytes: [UInt8], flags: Int, madeBy: Int, externalAttributes: Int) -> String? {
        if nameBytes.contains(0) { return "its name contains a NUL byte" }
        if name.hasPrefix("/") { return "its name is an absolute path" }
        if name.contains("\\") { return "its name contains a backslash" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") { return "its name leads out of the archive with '..'" }
        if madeBy >> 8 == unixHost, (externalAttributes >> 16) & fileTypeMask == symbolicLinkMode { return "it is a symbolic link" }
        if flags & 1 != 0 { return "it is encrypted" }
        return nil
    }
}

/// The bytes inflated from one archive so far, charged before each entry is inflated.
private final class InflationMeter: @unchecked Sendable {
    private let lock = Lock()
    private var total = 0

    func charge(_ size: Int, for entry: ZipEntry, limit: Int) throws(ArtifactReaderError) {
        let allowed = lock.withLock {
            guard size <= limit - total else { return false }
            total += size
            return true
        }
        guard allowed else {
            throw ArtifactReaderError("\(entry.name): not inflated: with its \(size) bytes, the entries read from this archive would expand "
                + "past \(limit) bytes together, more than aasalint inflates from one archive")
        }
    }
}
