@testable import AASALintCore
import AASALintTestSupport
import Foundation
import Testing

/// `ZipArchive` and its `ZipEntry` records on small archives written by `TestZipWriter` and then
/// patched byte by byte: what the central directory declares, what reading an entry checks,
/// and the records it refuses. (`HostileArtifactTests` and `HostileReadTests` lint whole
/// archives built to break the reader.)
@Suite struct ZipArchiveTests {
    /// The bytes of an archive of `entries`.
    static func archive(_ entries: [TestZipWriter.Entry]) throws -> [UInt8] {
        let folder = try TemporaryFolder("zip-archive")
        let url = try folder.place("test.zip")
        try TestZipWriter.write(entries, to: url)
        return [UInt8](try Data(contentsOf: url))
    }

    static func read(_ bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ArtifactReaderError) -> ZipArchive {
        try ZipArchive(source: MemoryArtifactSource(bytes), limits: limits)
    }

    /// The offset of the central directory, from the end record (no comment: the last 22 bytes).
    static func directoryOffset(_ bytes: [UInt8]) -> Int {
        ZipFields(bytes: Array(bytes.suffix(22))).uint32(16)
    }

    static func patch(_ bytes: inout [UInt8], at offset: Int, _ values: [UInt8]) {
        bytes.replaceSubrange(offset..<(offset + values.count), with: values)
    }

    /// Each entry as the central directory declares it, with the bytes it may use: up to the
    /// next local header, or the central directory for the last.
    @Test func theCentralDirectoryDeclaresEachEntry() throws {
        let bytes = try Self.archive([TestZipWriter.Entry("Payload/", []), TestZipWriter.Entry("Payload/a", Array("hello".utf8)),
                                      TestZipWriter.Entry("Payload/b", Array("deflated".utf8), method: 8)])
        let archive = try Self.read(bytes)
        #expect(archive.entries.map(\.name) == ["Payload/", "Payload/a", "Payload/b"])
        #expect(archive.entries.map(\.isFolder) == [true, false, false])
        #expect(archive.entries.map(\.method) == [.stored, .stored, .deflated])
        #expect(archive.entries.map(\.uncompressedSize) == [0, 5, 8])
        #expect(archive.entries[1].crc32 == TestZipWriter.crc32(Array("hello".utf8)))
        // Local headers are 30 bytes and the name: 38, then 39 + 5 bytes of data, then 39 + 13 (8 in one stored deflate block).
        #expect(archive.entries.map(\.localHeaderOffset) == [0, 38, 82])
        #expect(archive.entries.map(\.regionEnd) == [38, 82, Self.directoryOffset(bytes)])
        #expect(archive.entries.allSatisfy { $0.refusal == nil })
        #expect(archive.entry(named: "Payload/a") == archive.entries[1])
        #expect(archive.entry(named: "Payload/c") == nil)
        #expect(try archive.contents(of: archive.entries[1]) == Array("hello".utf8))
        #expect(try archive.contents(of: archive.entries[2]) == Array("deflated".utf8))
    }

    /// A stored entry is a range of the archive, read where it lies, not a copy.
    @Test func aStoredEntryIsReadAsARangeOfTheArchive() throws {
        let archive = try Self.read(try Self.archive([TestZipWriter.Entry("a", Array("hello".utf8))]))
        let source = try archive.source(of: archive.entries[0])
        #expect(source is ArtifactReaderSubrange)
        #expect(source.count == 5)
        #expect(try source.bytes(in: 1..<4) == Array("ell".utf8))
    }

    /// What reading an entry checks: its CRC, its size, its method, and its local header.
    @Test func readingAnEntryChecksWhatItsRecordsDeclare() throws {
        let original = try Self.archive([TestZipWriter.Entry("a", Array("hello".utf8))])
        let directory = Self.directoryOffset(original)

        var damaged = original
        damaged[31] ^= 0xFF  // the first byte of the data, after the 30-byte header and the name
        #expect(thrownDescription { _ = try Self.read(damaged).contents(of: Self.read(damaged).entries[0]) }
            == "a: its CRC does not match its contents (the archive is damaged)")

        var method = original
        Self.patch(&method, at: directory + 10, [12, 0])  // bzip2
        #expect(thrownDescription { _ = try Self.read(method).contents(of: Self.read(method).entries[0]) }
            == "a: compressed with method 12, which aasalint does not read (only stored and deflate)")

        var noHeader = original
        Self.patch(&noHeader, at: 0, [0, 0, 0, 0])
        #expect(thrownDescription { _ = try Self.read(noHeader).contents(of: Self.read(noHeader).entries[0]) }
            == "a: no local header where the central directory says (offset 0)")

        var lying = TestZipWriter.Entry("a", Array("hello".utf8))
        lying.declaredUncompressedSize = 4
        let short = try Self.archive([lying])
        #expect(thrownDescription { _ = try Self.read(short).contents(of: Self.read(short).entries[0]) }
            == "a: holds 5 bytes, not the 4 its header declares")
    }

    /// Entries a careless extractor would write somewhere else, or could not read, are declared
    /// with the reason they are never read, and reading them says it.
    @Test func entriesThatAreNeverReadSayWhy() throws {
        var link = TestZipWriter.Entry("link", Array("/etc/passwd".utf8))
        link.unixMode = 0o120777
        var bytes = try Self.archive([TestZipWriter.Entry("a\u{0}b", [1]), link, TestZipWriter.Entry("secret", [2]),
                                      TestZipWriter.Entry("twice", [3]), TestZipWriter.Entry("twice", [4])])
        // The third record's flags (bit 0: encrypted): records are 46 bytes and the name.
        Self.patch(&bytes, at: Self.directoryOffset(bytes) + (46 + 3) + (46 + 4) + 8, [1, 0])
        let archive = try Self.read(bytes)
        #expect(archive.entries.map(\.refusal) == [
            "its name contains a NUL byte", "it is a symbolic link", "it is encrypted",
            "the archive holds 2 entries of this name, and extractors differ on which one wins",
            "the archive holds 2 entries of this name, and extractors differ on which one wins",
        ])
        #expect(thrownDescription { _ = try archive.contents(of: archive.entries[2]) } == "secret: not read: it is encrypted")
    }

    /// Entries whose records name one local header would share its bytes: each is refused.
    @Test func entriesThatShareALocalHeaderAreRefused() throws {
        var second = TestZipWriter.Entry("b", [1])
        second.sharesLocalHeaderOf = 0
        let archive = try Self.read(try Self.archive([TestZipWriter.Entry("a", [1]), second]))
        #expect(archive.entries.map(\.refusal) == Array(repeating: "its local header (offset 0) is also that of 1 other entries, so they would share its bytes", count: 2))
    }

    /// What an entry declares is held to `ZipLimits` before a byte of it is read or inflated.
    @Test func anEntryOverTheLimitsIsRefusedUnread() throws {
        // 105 bytes (100 in one stored deflate block) that declare they inflate to 1,000.
        var entry = TestZipWriter.Entry("big", [UInt8](repeating: 7, count: 100), method: 8)
        entry.declaredUncompressedSize = 1_000
        let bytes = try Self.archive([entry])
        var limits = ZipLimits()
        limits.maximumEntrySize = 999
        let sized = try Self.read(bytes, limits: limits)
        #expect(thrownDescription { _ = try sized.contents(of: sized.entries[0]) } == "big: declares 1000 bytes, more than the 999 aasalint reads from one entry")
        limits = ZipLimits()
        limits.ratioCheckedAbove = 0
        limits.maximumCompressionRatio = 5
        let bomb = try Self.read(bytes, limits: limits)
        #expect(thrownDescription { _ = try bomb.contents(of: bomb.entries[0]) }
            == "big: would expand 9:1 (105 to 1000 bytes), beyond the 5:1 of any real app: a zip bomb")
    }

    /// Archives the reader refuses whole, each with what is wrong.
    @Test func archivesThatCannotBeReadAreRefusedWithTheReason() throws {
        let original = try Self.archive([TestZipWriter.Entry("a", [1])])
        let end = original.count - 22

        #expect(thrownDescription { _ = try Self.read(Array("PK".utf8)) } == "not a zip archive: too short for an end-of-central-directory record")
        #expect(thrownDescription { _ = try Self.read([UInt8](repeating: 0, count: 100)) } == "not a zip archive: no end-of-central-directory record")

        var parts = original
        Self.patch(&parts, at: end + 4, [1, 0])  // the number of this disk
        #expect(thrownDescription { _ = try Self.read(parts) } == "a multi-part zip archive, which aasalint does not read; export the app as one .ipa")

        var missing = original
        Self.patch(&missing, at: end + 10, [2, 0])  // two entries declared, one written
        #expect(thrownDescription { _ = try Self.read(missing) } == "central directory entry 2 of 2 is missing or damaged")

        var longName = original
        Self.patch(&longName, at: Self.directoryOffset(original) + 28, [0xFF, 0])
        #expect(thrownDescription { _ = try Self.read(longName) } == "central directory entry 1 runs past the directory's end")

        var limits = ZipLimits()
        limits.maximumNameLength = 0
        #expect(thrownDescription { _ = try Self.read(original, limits: limits) }
            == "central directory entry 1 has a name of 1 bytes, more than the 0 aasalint reads")
        limits = ZipLimits()
        limits.maximumEntryCount = 0
        #expect(thrownDescription { _ = try Self.read(original, limits: limits) } == "declares 1 entries, more than the 0 aasalint reads")
    }
}
