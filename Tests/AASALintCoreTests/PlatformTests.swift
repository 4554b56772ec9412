#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import AASALintCore
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
