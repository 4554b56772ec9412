@testable import AASALintCore
import Foundation
import Testing

/// Signed artifacts built to break the readers: truncated and absurd Mach-O load commands,
/// code signatures that point past the end, count 2^32 blobs or overlap, zip entries that
/// declare 4 GB or expand 10,000 times, symbolic links, names that climb out of the archive,
/// and archives inside archives. Each run ends by itself with exit status 0 or 2 (never a
/// signal) and says what is wrong; nothing outside the entries needed is read.
@Suite struct HostileArtifactTests {
    static let macho = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/artifacts/macho")

    static func signedExecutable() throws -> [UInt8] {
        try [UInt8](Data(contentsOf: macho.appendingPathComponent("thin-arm64")))
    }

    static func infoPlist(executable: String = "Shop") -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>CFBundleExecutable</key><string>\(executable)</string>"
            + "<key>CFBundleIdentifier</key><string>com.example.shop</string></dict></plist>").utf8)
    }

    /// `Payload/Shop.app` with `executable` as its executable, and `more` entries after it.
    static func app(_ executable: TestZipWriter.Entry, _ more: [TestZipWriter.Entry] = []) -> [TestZipWriter.Entry] {
        [TestZipWriter.Entry("Payload/Shop.app/Info.plist", infoPlist()), executable] + more
    }

    static func lint(_ entries: [TestZipWriter.Entry], arguments: [String] = []) throws -> BinaryRun {
        let folder = try TemporaryFolder("hostile-artifact")
        try TestZipWriter.write(entries, to: folder.place("Hostile.ipa"))
        return try BinaryRunner.run(["lint", "--no-config"] + arguments + ["Hostile.ipa"], workingDirectory: folder.url)
    }

    static func expectRefused(_ run: BinaryRun, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.endedBySignal, "\(run)", sourceLocation: sourceLocation)
        #expect(run.status == 2, "\(run)", sourceLocation: sourceLocation)
        #expect(run.standardError.contains(message), "stderr lacks \"\(message)\": \(run.standardError)", sourceLocation: sourceLocation)
    }

    static func executableEntry(_ bytes: [UInt8]) -> TestZipWriter.Entry {
        TestZipWriter.Entry("Payload/Shop.app/Shop", bytes)
    }

    // MARK: Mach-O

    static func le32(_ value: Int) -> [UInt8] { TestZipWriter.le32(value) }

    static func be32(_ value: Int) -> [UInt8] { le32(value).reversed() }

    /// A 64-bit little-endian arm64 MH_EXECUTE whose header declares `commandCount` commands in
    /// `commandsSize` bytes, followed by `body`.
    static func machO(commandCount: Int, commandsSize: Int, _ body: [UInt8]) -> [UInt8] {
        le32(0xFEED_FACF) + le32(0x0100_000C) + le32(0) + le32(2) + le32(commandCount) + le32(commandsSize) + le32(0) + le32(0) + body
    }

    /// An executable whose one load command is LC_CODE_SIGNATURE, pointing at `signature` right after it.
    static func signed(_ signature: [UInt8]) -> [UInt8] {
        machO(commandCount: 1, commandsSize: 16, le32(0x1D) + le32(16) + le32(48) + le32(signature.count) + signature)
    }

    static func superBlob(count: Int, index: [(type: Int, offset: Int)], _ blobs: [UInt8]) -> [UInt8] {
        let indexBytes = index.flatMap { be32($0.type) + be32($0.offset) }
        return be32(0xFADE_0CC0) + be32(12 + indexBytes.count + blobs.count) + be32(count) + indexBytes + blobs
    }

    static func entitlementsBlob() -> [UInt8] {
        let plist = infoPlist()
        return be32(0xFADE_7171) + be32(8 + plist.count) + plist
    }

    @Test func truncatedLoadCommandsAreRefused() throws {
        Self.expectRefused(try Self.lint(Self.app(Self.executableEntry(Self.machO(commandCount: 3, commandsSize: 48, [])))),
                           "Hostile.ipa!Payload/Shop.app/Shop: the load commands: 48 bytes at offset 32, past the end of the 32 there are")
    }

    @Test func aLoadCommandLongerThanTheCommandsIsRefused() throws {
        let executable = Self.machO(commandCount: 1, commandsSize: 16, Self.le32(0x1D) + Self.le32(4096) + Self.le32(0) + Self.le32(0))
        Self.expectRefused(try Self.lint(Self.app(Self.executableEntry(executable))), "load command 1 declares 4096 bytes, past the end of the load commands")
    }

    @Test func anAbsurdCommandCountIsRefusedBeforeAnythingIsRead() throws {
        let executable = Self.machO(commandCount: 0xFFFF_FFFF, commandsSize: 0xFFFF_FFFF, [])
        Self.expectRefused(try Self.lint(Self.app(Self.executableEntry(executable))), "declares 4294967295 load commands in 4294967295 bytes, which cannot be real")
    }

    @Test func aSignatureOffsetPastTheEndIsRefused() throws {
        let executable = Self.machO(commandCount: 1, commandsSize: 16, Self.le32(0x1D) + Self.le32(16) + Self.le32(1 << 30) + Self.le32(100))
        Self.expectRefused(try Self.lint(Self.app(Self.executableEntry(executable))), "arm64: the code signature: 100 bytes at offset 1073741824, past the end")
    }

    @Test func aBlobCountOf2To32IsRefused() throws {
        let executable = Self.signed(Self.superBlob(count: 0xFFFF_FFFF, index: [(5, 20)], Self.entitlementsBlob()))
        Self.expectRefused(try Self.lint(Self.app(Self.executableEntry(executable))), "SuperBlob declares 4294967295 blobs, more than its")
    }

    @Test func overlappingBlobsAreRefused() throws {
        // The second blob lies inside the first.
        let inner = Self.entitlementsBlob()
        let outer = Self.be32(0xFADE_7171) + Self.be32(8 + inner.count) + inner
        let executable = Self.signed(Self.superBlob(count: 2, index: [(5, 28), (7, 36)], outer))
        Self.expectRefused(try Self.lint(Self.app(Self.executableEntry(executable))), "two blobs of the code signature overlap")
    }

    @Test func aFatHeaderOf2To32ArchitecturesIsRefused() throws {
        let executable = Self.be32(0xCAFE_BABE) + Self.be32(0xFFFF_FFFF)
        Self.expectRefused(try Self.lint(Self.app(Self.executableEntry(executable))), "a fat binary that declares 4294967295 architectures")
    }

    @Test func aSignedExecutableWithoutEntitlementsIsSaidNotFailed() throws {
        let run = try Self.lint(Self.app(Self.executableEntry(Self.signed(Self.superBlob(count: 0, index: [], [])))))
        #expect(run.status == 0, "\(run)")
        #expect(run.standardError.contains("Hostile.ipa!Payload/Shop.app/Shop: signed without entitlements"), "\(run)")
    }

    @Test func anUnsignedExecutableIsRefused() throws {
        Self.expectRefused(try Self.lint(Self.app(Self.executableEntry(Self.machO(commandCount: 0, commandsSize: 0, [])))),
                           "Payload/Shop.app/Shop: not code-signed")
    }

    // MARK: Zip

    @Test func anEntryDeclaring4GigabytesIsRefusedUnread() throws {
        var executable = Self.executableEntry(try Self.signedExecutable())
        executable.declaredUncompressedSize = 4 << 30
        Self.expectRefused(try Self.lint(Self.app(executable)), "Payload/Shop.app/Shop: declares 4294967296 bytes, more than the")
    }

    @Test func anEntryOf10000To1IsAZipBomb() throws {
        var executable = TestZipWriter.Entry("Payload/Shop.app/Shop", [UInt8](repeating: 0, count: 1000), method: 8)
        executable.declaredCompressedSize = 1000
        executable.declaredUncompressedSize = 10_000_000
        Self.expectRefused(try Self.lint(Self.app(executable)), "would expand 10000:1 (1000 to 10000000 bytes)")
    }

    @Test func anEntryThatExpandsPastItsDeclaredSizeIsRefused() throws {
        var executable = TestZipWriter.Entry("Payload/Shop.app/Shop", try Self.signedExecutable(), method: 8)
        executable.declaredUncompressedSize = 100
        Self.expectRefused(try Self.lint(Self.app(executable)), "Payload/Shop.app/Shop: expands past its declared size of 100 bytes")
    }

    @Test func aDeflatedExecutableIsRead() throws {
        let run = try Self.lint(Self.app(TestZipWriter.Entry("Payload/Shop.app/Shop", try Self.signedExecutable(), method: 8)))
        #expect(run.status == 0, "\(run)")
        #expect(run.standardOutput == "no problems in 1 file\n")
    }

    @Test func anIpaInsideAnIpaIsNotOpened() throws {
        let folder = try TemporaryFolder("hostile-artifact")
        let inner = try folder.place("inner.ipa")
        try TestZipWriter.write(Self.app(Self.executableEntry(try Self.signedExecutable())), to: inner)
        let innerBytes = try [UInt8](Data(contentsOf: inner))
        let beside = try Self.lint(Self.app(Self.executableEntry(try Self.signedExecutable()), [TestZipWriter.Entry("Payload/Inner.ipa", innerBytes)]))
        #expect(beside.status == 0, "\(beside)")
        #expect(beside.standardOutput == "no problems in 1 file\n")
        Self.expectRefused(try Self.lint([TestZipWriter.Entry("Payload/Inner.ipa", innerBytes)]), "Hostile.ipa: cannot read this artifact: no Payload/<Name>.app inside")
    }

    @Test func aSymbolicLinkIsNeverFollowed() throws {
        var link = Self.executableEntry(Array("/etc/passwd".utf8))
        link.unixMode = 0o120777
        Self.expectRefused(try Self.lint(Self.app(link)), "Hostile.ipa!Payload/Shop.app/Shop: not read: it is a symbolic link")
    }

    @Test func namesThatLeaveTheArchiveAreNeverRead() throws {
        let folder = try TemporaryFolder("hostile-artifact")
        let names = ["Payload/Shop.app/../../../../tmp/escape", "/etc/passwd", "Payload\\Shop.app\\Shop"]
        try TestZipWriter.write(names.map { TestZipWriter.Entry($0, [1]) }, to: folder.place("names.ipa"))
        let archive = try ZipArchive(source: FileArtifactSource(path: folder.place("names.ipa").path))
        #expect(archive.entries.map(\.refusal) == ["its name leads out of the archive with '..'", "its name is an absolute path", "its name contains a backslash"])
        #expect(throws: ArtifactReaderError.self) { try archive.contents(of: archive.entries[0]) }
        let run = try Self.lint(Self.app(Self.executableEntry(try Self.signedExecutable()), names.map { TestZipWriter.Entry($0, [1]) }))
        #expect(run.status == 0, "\(run)")
    }

    @Test func twoEntriesOfOneNameAreNeitherRead() throws {
        let executable = Self.executableEntry(try Self.signedExecutable())
        Self.expectRefused(try Self.lint(Self.app(executable, [executable])), "Payload/Shop.app/Shop: not read: the archive holds 2 entries of this name")
    }

    @Test func anExecutableNameThatClimbsOutIsRefused() throws {
        let entries = [TestZipWriter.Entry("Payload/Shop.app/Info.plist", Self.infoPlist(executable: "../../Shop"))]
        Self.expectRefused(try Self.lint(entries), "Payload/Shop.app/Info.plist: no CFBundleExecutable naming the executable")
    }

    @Test func notAZipAndAMissingDirectoryAreSaid() throws {
        let folder = try TemporaryFolder("hostile-artifact")
        try folder.write("Text.ipa", "not an archive")
        let text = try BinaryRunner.run(["lint", "--no-config", "Text.ipa"], workingDirectory: folder.url)
        Self.expectRefused(text, "Text.ipa: cannot read this artifact: not a zip archive: too short")
        // An end record that declares 60,000 entries in an empty directory.
        try folder.write("Empty.ipa", TestZipWriter.le32(0x0605_4b50) + [0, 0, 0, 0, 0x60, 0xEA, 0x60, 0xEA] + [UInt8](repeating: 0, count: 10))
        let empty = try BinaryRunner.run(["lint", "--no-config", "Empty.ipa"], workingDirectory: folder.url)
        Self.expectRefused(empty, "Empty.ipa: cannot read this artifact: central directory entry 1 of 60000 is missing or damaged")
    }

    @Test func aSymbolicLinkInsideAnAppFolderIsNotFollowed() throws {
        let folder = try TemporaryFolder("hostile-artifact")
        try folder.write("Shop.app/Info.plist", Self.infoPlist())
        try FileManager.default.createSymbolicLink(atPath: folder.place("Shop.app/Shop").path, withDestinationPath: "/etc/passwd")
        let run = try BinaryRunner.run(["lint", "--no-config", "Shop.app"], workingDirectory: folder.url)
        Self.expectRefused(run, "Shop.app!Shop: not read: it is a symbolic link")
    }

    // MARK: Size

    /// The resource is a sparse run of zeros: 200 MB on paper, no disk space, and never read.
    @Test func anIpaOf200MegabytesIsLintedReadingOnlyTheEntriesNeeded() throws {
        let folder = try TemporaryFolder("large-artifact")
        let executable = try Self.signedExecutable()
        var resource = TestZipWriter.Entry("Payload/Shop.app/Assets.car")
        resource.zeros = 200 * 1024 * 1024
        let ipa = try folder.place("Large.ipa")
        try TestZipWriter.write(Self.app(Self.executableEntry(executable), [resource]), to: ipa)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: ipa.path)[.size] as? Int)
        #expect(size > 200 * 1024 * 1024)

        let source = try FileArtifactSource(path: ipa.path)
        let contents = try ArtifactBundle.read(zip: source, shownAs: "Large.ipa")
        #expect(contents.bundles.map(\.executablePath) == ["Payload/Shop.app/Shop"])
        // The end record's search window, the directory, two local headers and the two entries.
        #expect(source.bytesRead < 64 * 1024 + 2 * executable.count, "read \(source.bytesRead) bytes")

        let run = try BinaryRunner.run(["lint", "--no-config", "Large.ipa"], workingDirectory: folder.url)
        #expect(run.status == 0, "\(run)")
        #expect(run.standardOutput == "no problems in 1 file\n")
    }
}
