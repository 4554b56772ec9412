/// The embedded signature of a Mach-O slice: a SuperBlob (`0xfade0cc0`, big-endian) indexing
/// blobs by type. aasalint keeps the entitlements, as XML (`0xfade7171`) and as DER (`0xfade7172`).
struct CodeSignature: Sendable, Equatable {
    /// The XML property list the slice was signed with; nil when it carries none.
    let entitlements: [UInt8]?
    /// The same entitlements in DER, which iOS 15 and later read; nil when absent.
    let derEntitlements: [UInt8]?
    let hasCodeDirectory: Bool

    static let superBlobMagic = 0xFADE_0CC0
    static let codeDirectoryMagic = 0xFADE_0C02
    static let entitlementsMagic = 0xFADE_7171
    static let derEntitlementsMagic = 0xFADE_7172
    static let maximumEntitlementsSize = 4 * 1024 * 1024

    init(_ bytes: [UInt8]) throws(ArtifactReaderError) {
        guard bytes.count >= 12 else { throw ArtifactReaderError("the code signature is too short for a SuperBlob") }
        let fields = MachOFields(bytes: bytes, bigEndian: true)
        guard fields.uint32(0) == Self.superBlobMagic else { throw ArtifactReaderError("the code signature is not an embedded-signature SuperBlob") }
        let length = fields.uint32(4)
        let count = fields.uint32(8)
        guard length >= 12, length <= bytes.count else {
            throw ArtifactReaderError("the code signature's SuperBlob declares \(length) bytes, but \(bytes.count) are there")
        }
        guard count <= (length - 12) / 8 else {
            throw ArtifactReaderError("the code signature's SuperBlob declares \(count) blobs, more than its \(length) bytes can index")
        }
        var blobs: [(type: Int, range: Range<Int>, magic: Int)] = []
        for index in 0..<count {
            let offset = fields.uint32(12 + index * 8 + 4)
            guard offset >= 12 + count * 8, offset <= length - 8 else {
                throw ArtifactReaderError("blob \(index + 1) of the code signature lies outside its SuperBlob (offset \(offset) of \(length))")
            }
            let blobLength = fields.uint32(offset + 4)
            guard blobLength >= 8, blobLength <= length - offset else {
                throw ArtifactReaderError("blob \(index + 1) of the code signature declares \(blobLength) bytes, past the end of its SuperBlob")
            }
            blobs.append((fields.uint32(12 + index * 8), offset..<(offset + blobLength), fields.uint32(offset)))
        }
        let ordered = blobs.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
        for (first, second) in zip(ordered, ordered.dropFirst()) where first.overlaps(second) {
            throw ArtifactReaderError("two blobs of the code signature overlap (bytes \(first) and \(second)), which no signer writes")
        }
        // The entitlements are kept for each slice of each executable: their size is bounded
        // as the Info.plist's and the profile's are (real ones are a few kilobytes).
        func payload(_ magic: Int, _ what: String) throws(ArtifactReaderError) -> [UInt8]? {
            guard let blob = blobs.first(where: { $0.magic == magic }) else { return nil }
            guard blob.range.count - 8 <= Self.maximumEntitlementsSize else {
                throw ArtifactReaderError("the \(what) of the code signature are \(blob.range.count - 8) bytes, "
                    + "more than the \(Self.maximumEntitlementsSize) aasalint keeps (real ones are a few kilobytes)")
            }
            return Array(bytes[(blob.range.lowerBound + 8)..<blob.range.upperBound])
        }
        entitlements = try payload(Self.entitlementsMagic, "entitlements")
        derEntitlements = try payload(Self.derEntitlementsMagic, "DER entitlements")
        hasCodeDirectory = blobs.contains { $0.magic == Self.codeDirectoryMagic }
    }
}
