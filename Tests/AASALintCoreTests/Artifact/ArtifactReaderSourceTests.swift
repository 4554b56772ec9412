@testable import AASALintCore
import AASALintTestSupport
import Foundation
import Testing

/// The sources the artifact readers read bytes from by range: a file, bytes in memory, and a
/// range of another source. Every record the readers ask for goes through `bytes(at:length:what:)`,
/// whose bounds are all that stands between a declared offset and a read past the end.
@Suite struct ArtifactReaderSourceTests {
    static let source = MemoryArtifactSource(Array("0123456789".utf8))

    @Test func aRangeInsideTheSourceIsRead() throws {
        #expect(try Self.source.bytes(at: 2, length: 3, what: "x") == Array("234".utf8))
        #expect(try Self.source.bytes(at: 10, length: 0, what: "x") == [])
        #expect(try Self.source.bytes(at: 0, length: 10, what: "x") == Array("0123456789".utf8))
    }

    /// Offsets and lengths come from the bytes read: negative, past the end, or so large that
    /// their sum would overflow, each is refused with what was asked for.
    @Test(arguments: [
        (-1, 1, "the header: 1 bytes at offset -1, past the end of the 10 there are"),
        (0, -1, "the header: -1 bytes at offset 0, past the end of the 10 there are"),
        (11, 0, "the header: 0 bytes at offset 11, past the end of the 10 there are"),
        (8, 3, "the header: 3 bytes at offset 8, past the end of the 10 there are"),
        (5, Int.max, "the header: \(Int.max) bytes at offset 5, past the end of the 10 there are"),
    ])
    func aRangePastTheEndIsRefused(offset: Int, length: Int, message: String) {
        #expect(thrownDescription { _ = try Self.source.bytes(at: offset, length: length, what: "the header") } == message)
    }

    /// A range of a range reads from the base at the sum of the offsets, and is bounded by its
    /// own count, not the base's.
    @Test func aSubrangeReadsItsOwnBytesAndNoMore() throws {
        let slice = ArtifactReaderSubrange(Self.source, offset: 3, count: 5)
        #expect(try slice.bytes(at: 0, length: 5, what: "x") == Array("34567".utf8))
        let inner = ArtifactReaderSubrange(slice, offset: 1, count: 2)
        #expect(try inner.bytes(in: 0..<2) == Array("45".utf8))
        #expect(thrownDescription { _ = try slice.bytes(at: 4, length: 2, what: "the slice") } == "the slice: 2 bytes at offset 4, past the end of the 5 there are")
    }

    /// A file is read by range with `pread`, and what was read is counted; a folder is no file.
    @Test func aFileIsReadByRangeAndCounted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("artifact-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data("0123456789".utf8).write(to: file)
        let source = try FileArtifactSource(path: file.path)
        #expect(source.count == 10)
        #expect(try source.bytes(at: 7, length: 3, what: "x") == Array("789".utf8))
        #expect(try source.bytes(in: 0..<2) == Array("01".utf8))
        #expect(source.bytesRead == 5)
        #expect(thrownDescription { _ = try FileArtifactSource(path: folder.path) } == "cannot read \(folder.path): not a regular file")
        #expect(thrownDescription { _ = try FileArtifactSource(path: folder.appendingPathComponent("missing").path) }
            == "cannot read \(folder.appendingPathComponent("missing").path): not a regular file")
    }
}
