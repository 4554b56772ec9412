#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import AASALintCore
import Foundation
import Testing

/// The decisions of `Sources/AASALintCore/Platform` that hold on every system, checked here on
/// each with the other system's values where they differ.
@Suite struct PlatformTests {
    @Test func onlyRegularFilesAreFlushed() {
        #expect(DiskFlush.flushes(fileType: S_IFREG))
        for type in [S_IFIFO, S_IFCHR, S_IFSOCK, S_IFDIR, S_IFBLK] {
            #expect(!DiskFlush.flushes(fileType: type), "type \(type)")
        }
    }

    /// Linux's EINVAL, Darwin's ENOTSUP and a read-only file system keep what was written; an
    /// I/O error or a full disk may not.
    @Test func flushFailuresThatLoseWrites() {
        for kept in [EINVAL, ENOTSUP, EROFS] {
            #expect(!DiskFlush.losesWrites(fsyncError: kept), "errno \(kept)")
        }
        for lost in [EIO, ENOSPC, EDQUOT] {
            #expect(DiskFlush.losesWrites(fsyncError: lost), "errno \(lost)")
        }
    }

    @Test func aPipeIsWrittenWithoutFlushing() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(DiskFlush.flush(ends[1]) == nil)
    }

    /// Darwin's `dev_t` is a signed Int32: a device number with the top bit set is negative.
    @Test func deviceNumbersKeepTheirBits() {
        #expect(DeviceNumber.bits(Int32.min) == UInt64(bitPattern: Int64(Int32.min)))
        #expect(DeviceNumber.bits(Int32(-1)) != DeviceNumber.bits(Int32.max))
        #expect(DeviceNumber.bits(UInt64.max) == UInt64.max)
        #expect(DeviceNumber.bits(UInt64(42)) == 42)
    }
}

/// How a file's path from its configuration's folder is found, with macOS's resolutions
/// played on any system.
@Suite struct CanonicalPathTests {
    /// macOS: `/tmp` is a link to `/private/tmp`, the working directory reads `/private/tmp/x`,
    /// and APFS spells `Web` as the folder was made, `web`.
    static func macOSResolve(_ path: String) -> String? {
        let real = path.hasPrefix("/tmp/") ? "/private" + path : path
        return real.replacingOccurrences(of: "/Web/", with: "/web/")
    }

    @Test func aFileNamedThroughTmpLiesInAFolderFoundFromPrivateTmp() {
        let relative = CanonicalPath.path("/tmp/x/web/apple-app-site-association", from: "/private/tmp/x",
                                          resolve: Self.macOSResolve, absolute: { $0 })
        #expect(relative == "web/apple-app-site-association")
    }

    @Test func bothCasesMakeOneKey() {
        let keys = ["/private/tmp/x/Web/a.json", "/private/tmp/x/web/a.json"].map { file in
            CanonicalPath.path(file, from: "/private/tmp/x", resolve: Self.macOSResolve, absolute: { $0 })
        }
        #expect(keys == ["web/a.json", "web/a.json"])
    }

    /// A file that does not exist (a baseline entry for a deleted file), or one a link inside
    /// the folder leads to from elsewhere, is placed by its spelling.
    @Test func unresolvedOrOutsideFilesArePlacedBySpelling() {
        let missing = CanonicalPath.path("/r/web/gone.json", from: "/r", resolve: { _ in nil }, absolute: { $0 })
        #expect(missing == "web/gone.json")
        let linkedOut = CanonicalPath.path("/r/linked/a.json", from: "/r",
                                           resolve: { $0.replacingOccurrences(of: "/r/linked", with: "/elsewhere") }, absolute: { $0 })
        #expect(linkedOut == "linked/a.json")
        #expect(CanonicalPath.path("/rest/a.json", from: "/r", resolve: { $0 }, absolute: { $0 }) == nil)
        #expect(CanonicalPath.path("/a.json", from: "/", resolve: { $0 }, absolute: { $0 }) == "a.json")
    }

    /// On the disk: links in the folders are followed, a linked file keeps its name.
    @Test func resolvesFoldersAndKeepsALinkedFilesName() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("canonical-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base.appendingPathComponent("real/web"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: base.appendingPathComponent("real/web/file.json"))
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("linked").path, withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("real/web/alias.json").path, withDestinationPath: "file.json")
        let root = try #require(CanonicalPath.of(base.path))
        #expect(CanonicalPath.of(base.appendingPathComponent("linked").path) == root + "/real")
        #expect(CanonicalPath.of(base.path + "/linked/web/../web//file.json") == root + "/real/web/file.json")
        #expect(CanonicalPath.of(base.path + "/linked/web/alias.json") == root + "/real/web/alias.json")
        #expect(CanonicalPath.of(base.path + "/linked/web/none.json") == nil)
    }

    /// Darwin's `realpath` spells each component as stored on a case-insensitive volume.
    @Test(.enabled(if: CanonicalPathTests.temporaryFolderIgnoresCase(), "the volume tells case apart"))
    func spellsEachComponentAsOnDisk() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("canonical-case-\(getpid())")
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base.appendingPathComponent("web"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: base.appendingPathComponent("web/file.json"))
        let root = try #require(CanonicalPath.of(base.path))
        #expect(CanonicalPath.of(base.path + "/WEB/FILE.json") == root + "/web/file.json")
    }

    static func temporaryFolderIgnoresCase() -> Bool {
        #if canImport(Darwin)
        pathconf(FileManager.default.temporaryDirectory.path, _PC_CASE_SENSITIVE) == 0
        #else
        false
        #endif
    }
}
