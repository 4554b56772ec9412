#if canImport(CAllocator)
import CAllocator
#endif

/// The main heap's next pages, made present by another thread before the main thread allocates
/// from them (glibc: CAllocator.c; elsewhere nothing is done). Reading a large file into its
/// tree, model and matcher, the main thread wrote megabytes of fresh pages, each a page fault of
/// 1.2-1.6 us on bench/run's machines: about 1,000 for the 128 KB catalog.
enum HeapPages {
    /// Has up to `bytes` of what the main heap holds past its last block made present.
    static func prepare(_ bytes: Int) {
        #if canImport(CAllocator)
        _ = aasalint_populate_heap(UInt(max(0, bytes)))
        #endif
    }

    /// Has `bytes` of the calling thread's own heap, which its next blocks will take, made present.
    static func prepareOwn(_ bytes: Int) {
        #if canImport(CAllocator)
        _ = aasalint_populate_own_heap(UInt(max(0, bytes)))
        #endif
    }
}
