#if canImport(CAllocator) && canImport(Glibc)
import CAllocator
import Glibc
import Testing

/// CAllocator has pages made present ahead of use (a helper does it for the main heap as it
/// starts, `HelperThreads`): whole pages only, each present afterwards, what they held kept.
@Suite struct HeapPagesTests {
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Which of `count` pages from `start` are present, as `mincore` tells.
    private func present(_ start: UnsafeMutableRawPointer, pages count: Int) -> [Bool] {
        var states = [UInt8](repeating: 0, count: count)
        #expect(mincore(start, count * pageSize, &states) == 0)
        return states.map { $0 & 1 == 1 }
    }

    @Test func wholePagesOfAFreshMappingBecomePresentKeepingWhatTheyHold() throws {
        let count = 64
        let mapping = try #require(mmap(nil, count * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(mapping != MAP_FAILED)
        defer { munmap(mapping, count * pageSize) }
        mapping.storeBytes(of: 0x5A, toByteOffset: 3 * pageSize + 7, as: UInt8.self)
        #expect(present(mapping, pages: count) == (0..<count).map { $0 == 3 })

        // From one byte into the first page to one byte into the last: those two are partial.
        let start = UInt(bitPattern: mapping) + 1
        let pages = aasalint_make_present(start, UInt((count - 1) * pageSize))
        #expect(pages.start == UInt(bitPattern: mapping) + UInt(pageSize))
        #expect(pages.length == UInt((count - 2) * pageSize))
        #expect(present(mapping, pages: count) == (0..<count).map { $0 != 0 && $0 != count - 1 })
        #expect(mapping.load(fromByteOffset: 3 * pageSize + 7, as: UInt8.self) == 0x5A)
        #expect((0..<count * pageSize).allSatisfy { mapping.load(fromByteOffset: $0, as: UInt8.self) == ($0 == 3 * pageSize + 7 ? 0x5A : 0) })
    }

    @Test func lessThanAWholePageIsLeftAsItIs() throws {
        let mapping = try #require(mmap(nil, 2 * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(mapping != MAP_FAILED)
        defer { munmap(mapping, 2 * pageSize) }
        let pages = aasalint_make_present(UInt(bitPattern: mapping) + 8, UInt(pageSize))
        #expect(pages.length == 0)
        #expect(present(mapping, pages: 2) == [false, false])
    }

    /// What the main heap holds past its last block (glibc keeps 128 KB there by default, and
    /// only the idle main thread of a test process allocates from it) ends at the program break,
    /// and is present.
    @Test func theMainHeapsReserveEndsAtTheBreakAndIsPresent() throws {
        let pages = aasalint_populate_heap(.max)
        let programBreak = UInt(bitPattern: sbrk(0))
        try #require(pages.length > 0)
        #expect(pages.start + pages.length <= programBreak)
        #expect(programBreak - (pages.start + pages.length) < UInt(pageSize))
        let start = try #require(UnsafeMutableRawPointer(bitPattern: pages.start))
        #expect(present(start, pages: Int(pages.length) / pageSize).allSatisfy { $0 })
    }

    /// A block of the calling thread's heap is made present and given back to the heap, whose
    /// next blocks take it: under the allocator's settings (which aasalint sets as it starts,
    /// and which keep a freed block of this size in the heap) its pages stay present.
    @Test func aBlockOfTheThreadsOwnHeapIsMadePresentAndGivenBack() throws {
        aasalint_tune_allocator()
        let pages = aasalint_populate_own_heap(UInt(64 * pageSize))
        #expect(pages.length >= UInt(63 * pageSize))
        let start = try #require(UnsafeMutableRawPointer(bitPattern: pages.start))
        #expect(present(start, pages: Int(pages.length) / pageSize).allSatisfy { $0 })
    }

    /// A block over 3 MB would be mapped on its own and unmapped when freed: 3 MB are made present.
    @Test func noMoreOfTheThreadsOwnHeapThanThreeMegabytes() {
        aasalint_tune_allocator()
        let pages = aasalint_populate_own_heap(UInt(8 << 20))
        #expect(pages.length > UInt(3 << 20) - UInt(2 * pageSize) && pages.length <= UInt(3 << 20))
    }

    /// Asked for less, it makes present no more, from the reserve's start.
    @Test func noMoreOfTheReserveThanAskedFor() throws {
        let whole = aasalint_populate_heap(.max)
        let part = aasalint_populate_heap(UInt(pageSize) + 1)
        try #require(whole.length > UInt(pageSize))
        #expect(part.length <= UInt(pageSize))
        #expect(part.length == 0 || part.start == whole.start)
    }
}
#endif
