@testable import AASALintCore
import Foundation
import Testing

/// The artifact reader's small parts, each on its own rather than only through whole archives:
/// the code signature's SuperBlob, the fixed-width fields of Mach-O and zip records, and the
/// two kinds of bundle folder.
@Suite struct CodeSignatureTests {
    private static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A SuperBlob of `blobs` (type, magic, payload), laid out as codesign lays them: the index,
    /// then each blob (magic, length, payload) in order.
    private static func superBlob(_ blobs: [(type: Int, magic: Int, payload: [UInt8])]) -> [UInt8] {
        var offset = 12 + blobs.count * 8
        var index: [UInt8] = []
        var body: [UInt8] = []
        for blob in blobs {
            index += bigEndian(blob.type) + bigEndian(offset)
            let encoded = bigEndian(blob.magic) + bigEndian(8 + blob.payload.count) + blob.payload
            body += encoded
            offset += encoded.count
        }
        return bigEndian(CodeSignature.superBlobMagic) + bigEndian(offset) + bigEndian(blobs.count) + index + body
    }

    @Test func keepsBothFormsOfTheEntitlements() throws {
        let xml = Array("<plist><dict/></plist>".utf8)
        let der: [UInt8] = [0x70, 0x00]
        let signature = try CodeSignature(Self.superBlob([
            (0, CodeSignature.codeDirectoryMagic, [1, 2, 3, 4]),
            (5, CodeSignature.entitlementsMagic, xml),
            (7, CodeSignature.derEntitlementsMagic, der),
        ]))
        #expect(signature.entitlements == xml)
        #expect(signature.derEntitlements == der)
        #expect(signature.hasCodeDirectory)
    }

    @Test func aSignatureWithoutEntitlementsHasNone() throws {
        let signature = try CodeSignature(Self.superBlob([(0, CodeSignature.codeDirectoryMagic, [])]))
        #expect(signature.entitlements == nil && signature.derEntitlements == nil && signature.hasCodeDirectory)
    }

    /// Every declared size and offset is checked against the bytes before it is used.
    @Test(arguments: [
        ([UInt8](repeating: 0, count: 11), "too short for a SuperBlob"),
        ([UInt8](repeating: 0, count: 12), "not an embedded-signature SuperBlob"),
        (bigEndian(CodeSignature.superBlobMagic) + bigEndian(64) + bigEndian(0), "declares 64 bytes, but 12 are there"),
        (bigEndian(CodeSignature.superBlobMagic) + bigEndian(12) + bigEndian(1), "declares 1 blobs, more than its 12 bytes can index"),
        (bigEndian(CodeSignature.superBlobMagic) + bigEndian(28) + bigEndian(1) + bigEndian(0) + bigEndian(4) + [UInt8](repeating: 0, count: 8),
         "blob 1 of the code signature lies outside its SuperBlob"),
        (bigEndian(CodeSignature.superBlobMagic) + bigEndian(28) + bigEndian(1) + bigEndian(0) + bigEndian(20)
            + bigEndian(CodeSignature.entitlementsMagic) + bigEndian(100),
         "blob 1 of the code signature declares 100 bytes, past the end of its SuperBlob"),
    ])
    func refusesWhatNoSignerWrites(bytes: [UInt8], reason: String) {
        do {
            _ = try CodeSignature(bytes)
            Issue.record("read a signature that should be refused because it is \(reason)")
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test func overlappingBlobsAreRefused() {
        // Two index entries point at the same blob.
        var bytes = Self.superBlob([(5, CodeSignature.entitlementsMagic, [1, 2]), (7, CodeSignature.derEntitlementsMagic, [3])])
        bytes.replaceSubrange(24..<28, with: bytes[16..<20])
        do {
            _ = try CodeSignature(bytes)
            Issue.record("two blobs at the same bytes were read")
        } catch {
            #expect(error.message.contains("two blobs of the code signature overlap"), "\(error.message)")
        }
    }
}

@Suite struct RecordFieldTests {
    @Test func machOFieldsFollowTheHeadersByteOrder() {
        let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]
        #expect(MachOFields(bytes: bytes, bigEndian: true).uint32(0) == 0x0102_0304)
        #expect(MachOFields(bytes: bytes, bigEndian: false).uint32(0) == 0x0403_0201)
        #expect(MachOFields(bytes: bytes, bigEndian: true).uint64(0) == 0x0102_0304_0506_0708)
        #expect(MachOFields(bytes: bytes, bigEndian: false).uint64(0) == 0x0807_0605_0403_0201)
    }

    /// A size no file can have comes back as `Int.max`, which every bound refuses, not as a
    /// negative number that would pass them.
    @Test func sizesPastIntMaxAreIntMax() {
        let high: [UInt8] = [0xFF, 0, 0, 0, 0, 0, 0, 0x80]
        #expect(MachOFields(bytes: high, bigEndian: false).uint64(0) == Int.max)
        #expect(MachOFields(bytes: high.reversed(), bigEndian: true).uint64(0) == Int.max)
        #expect(ZipFields(bytes: high).uint64(0) == Int.max)
    }

    @Test func zipFieldsAreLittleEndian() {
        let fields = ZipFields(bytes: [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x01])
        #expect(fields.uint16(0) == 0x4B50)
        #expect(fields.uint32(0) == 0x0403_4B50)
        #expect(fields.uint64(1) == 0x01_0000_0014_0403_4B)
    }
}

@Suite struct BundleFolderTests {
    /// A `.app` on disk: children are listed in order, links are never followed or read.
    @Test func aBundleOnDiskListsItsChildrenAndRefusesLinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("Shop.app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("PlugIns/Share.appex"), withIntermediateDirectories: true)
        try Data("info".utf8).write(to: app.appendingPathComponent("Info.plist"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("outside"))
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("embedded.mobileprovision").path, withDestinationPath: "../outside")
        let folder = DiskBundleFolder(root: app.path)
        #expect(folder.children(of: "") == ["Info.plist", "PlugIns", "embedded.mobileprovision"])
        #expect(folder.children(of: "PlugIns") == ["Share.appex"])
        #expect(folder.children(of: "Info.plist") == [], "a file has no children")
        #expect(try folder.contents(of: "Info.plist", limit: 100) == Array("info".utf8))
        #expect(folder.contains("embedded.mobileprovision") && !folder.contains("missing"))
        #expect(throws: ArtifactReaderError("embedded.mobileprovision: not read: it is a symbolic link")) {
            try folder.source(of: "embedded.mobileprovision")
        }
        #expect(throws: ArtifactReaderError("PlugIns: not a regular file")) { try folder.source(of: "PlugIns") }
        #expect(throws: ArtifactReaderError("Info.plist: 4 bytes, more than the 3 aasalint reads for it")) {
            try folder.contents(of: "Info.plist", limit: 3)
        }
    }
}
