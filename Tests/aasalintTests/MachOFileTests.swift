@testable import AASALintCore
import AASALintTestSupport
import Testing

/// `MachOFile.slices` and its `MachOSlice`s on executables built byte by byte (with the helpers
/// of `HostileArtifactTests`, which lint the same kinds of bytes inside whole archives): the
/// headers it reads, and the records it refuses, each with what is wrong.
@Suite struct MachOFileTests {
    typealias Bytes = HostileArtifactTests

    static func slices(_ bytes: [UInt8]) throws(ArtifactReaderError) -> [MachOSlice] {
        try MachOFile.slices(of: MemoryArtifactSource(bytes))
    }

    static func message(_ bytes: [UInt8]) -> String? {
        thrownDescription { _ = try slices(bytes) }
    }

    static let signed = Bytes.signed(Bytes.superBlob(count: 1, index: [(5, 20)], Bytes.entitlementsBlob()))

    /// A thin executable without LC_CODE_SIGNATURE is a slice without a signature, not an error
    /// (the lint says it is not signed); with one, the signature is read where it points.
    @Test func aThinExecutableIsOneSliceWithItsSignatureIfAny() throws {
        let unsigned = try Self.slices(Bytes.machO(commandCount: 1, commandsSize: 8, Bytes.le32(0x19) + Bytes.le32(8)))
        #expect(unsigned.map(\.architecture) == ["arm64"])
        #expect(unsigned.first?.signature == nil)
        let signed = try Self.slices(Self.signed)
        #expect(signed.map(\.architecture) == ["arm64"])
        #expect(signed.first?.signature?.entitlements == HostileArtifactTests.infoPlist())
    }

    /// A fat header's slices are read each in its own range, in the table's order.
    @Test func aFatExecutableIsASliceOfEachArchitecture() throws {
        var armv7 = Self.signed
        armv7.replaceSubrange(4..<8, with: Bytes.le32(12))
        let table: [UInt8] = Bytes.be32(0xCAFE_BABE) + Bytes.be32(2)
            + Bytes.be32(0x0100_000C) + Bytes.be32(0) + Bytes.be32(48) + Bytes.be32(Self.signed.count) + Bytes.be32(0)
            + Bytes.be32(12) + Bytes.be32(0) + Bytes.be32(48 + Self.signed.count) + Bytes.be32(armv7.count) + Bytes.be32(0)
        let fat: [UInt8] = table + [UInt8](repeating: 0, count: 48 - table.count) + Self.signed + armv7
        let slices = try Self.slices(fat)
        #expect(slices.map(\.architecture) == ["arm64", "armv7"])
        #expect(slices.allSatisfy { $0.signature?.entitlements == HostileArtifactTests.infoPlist() })
    }

    @Test(arguments: [(7, "i386"), (0x0100_0007, "x86_64"), (12, "armv7"), (0x0100_000C, "arm64"), (0x0200_000C, "arm64_32"), (18, "CPU type 18")])
    func architecturesAreNamedAsApplesToolsNameThem(cpuType: Int, name: String) {
        #expect(MachOFile.architectureName(cpuType: cpuType) == name)
    }

    static let malformed: [([UInt8], String)] = [
        (Array("\u{7F}ELF\u{2}\u{1}\u{1}\u{0}".utf8), "not a Mach-O executable (it starts with 7f454c46)"),
        (Bytes.be32(0xCAFE_BABE) + Bytes.be32(0), "a fat binary that declares 0 architectures (a real one has 1 to 32)"),
        (Bytes.be32(0xCAFE_BABE) + Bytes.be32(1) + Bytes.be32(0x0100_000C) + Bytes.be32(0) + Bytes.be32(4096) + Bytes.be32(100) + Bytes.be32(0),
         "fat architecture 1 (100 bytes at offset 4096) lies past the end of the file (28 bytes)"),
        (Bytes.machO(commandCount: 1, commandsSize: 8, Bytes.le32(0x19) + Bytes.le32(4)),
         "arm64: load command 1 declares 4 bytes, past the end of the load commands"),
        (Bytes.machO(commandCount: 2, commandsSize: 12, Bytes.le32(0x19) + Bytes.le32(12) + Bytes.le32(0)),
         "arm64: declares 2 load commands in 12 bytes, which cannot be real"),
        (Bytes.machO(commandCount: 2, commandsSize: 16, Bytes.le32(0x19) + Bytes.le32(16) + Bytes.le32(0) + Bytes.le32(0)),
         "arm64: load command 2 of 2 is truncated"),
        (Bytes.machO(commandCount: 1, commandsSize: 8, Bytes.le32(0x1D) + Bytes.le32(8)), "arm64: LC_CODE_SIGNATURE is truncated"),
        (Bytes.machO(commandCount: 1, commandsSize: 16, Bytes.le32(0x1D) + Bytes.le32(16) + Bytes.le32(48) + Bytes.le32(MachOFile.maximumSignatureSize + 1)),
         "arm64: the code signature declares \(MachOFile.maximumSignatureSize + 1) bytes, more than the \(MachOFile.maximumSignatureSize) aasalint reads"),
    ]

    /// Headers and load commands that no linker writes are refused before anything they
    /// point at is read.
    @Test(arguments: Self.malformed)
    func malformedHeadersAreRefused(bytes: [UInt8], message: String) {
        #expect(Self.message(bytes) == message)
    }

    /// A signature that cannot be read is refused with the slice's architecture before what is
    /// wrong with it.
    @Test func aSignatureThatCannotBeReadNamesItsSlice() {
        #expect(Self.message(Bytes.signed(Bytes.be32(0x1234_5678) + Bytes.be32(12) + Bytes.be32(0)))
            == "arm64: the code signature is not an embedded-signature SuperBlob")
    }
}
