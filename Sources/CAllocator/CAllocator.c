// glibc's allocator, set for what aasalint is: a process that lives a few milliseconds and reads a
// file into megabytes of small objects. By default glibc grows its heap 128 KB at a time (a brk
// and mprotect system call each, 111 mprotect and 35 brk calls to lint the 128 KB catalog of
// bench/run) and gives every block of 128 KB or more a fresh mmap, whose pages fault in again
// each time (a million URLs through `match --urls`: 22,739 page faults, 2,907 with the settings
// below). Growing 4 MB at a time reserves address space only: pages are still touched when used.
// (mallopt is glibc's; the toolchain's Glibc module does not declare it, hence this file.)

// Elsewhere (macOS, where Package.swift does not link this target; musl) it does nothing.

// __GLIBC__ comes with the first header of the C library, so Linux is told first.
#if defined(__linux__)
#define _GNU_SOURCE
#include <malloc.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#endif
#include "CAllocator.h"

// Linux 5.14's value; the headers of older C libraries (glibc before 2.35) do not name it. A
// kernel that does not know it refuses it (EINVAL), and the pages fault in as before.
#if defined(__GLIBC__) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23
#endif

void aasalint_tune_allocator(void) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 4 << 20);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
#endif
}

struct aasalint_pages aasalint_make_present(uintptr_t start, uintptr_t length) {
    struct aasalint_pages pages = {0, 0};
#if defined(__GLIBC__)
    uintptr_t size = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = (start + size - 1) & ~(size - 1);
    uintptr_t end = (start + length) & ~(size - 1);
    if (end > first && madvise((void *)first, end - first, MADV_POPULATE_WRITE) == 0) {
        pages.start = first;
        pages.length = end - first;
    }
#else
    (void)start;
    (void)length;
#endif
    return pages;
}

// The main heap's top chunk is the memory past the last block handed out, up to the program
// break: mallinfo2's keepcost is its size (glibc 2.33 and later). Its pages are written for the
// first time as blocks are carved from it, in address order, so its first bytes are those the
// next blocks take; the kernel makes a page present in a fraction of what a fault on it costs,
// and pages already present are passed over.
struct aasalint_pages aasalint_populate_heap(uintptr_t most) {
#if defined(__GLIBC__)
    struct mallinfo2 info = mallinfo2();
    uintptr_t end = (uintptr_t)sbrk(0);
    if (info.keepcost > 0 && info.keepcost <= end) {
        uintptr_t length = info.keepcost < most ? info.keepcost : most;
        return aasalint_make_present(end - info.keepcost, length);
    }
#else
    (void)most;
#endif
    struct aasalint_pages none = {0, 0};
    return none;
}

// A block of the calling thread's heap, made present and given back: freed, it joins the free
// space it was carved from, which the thread's next blocks take. Under the settings above it
// stays in the heap: it is kept under the 4 MB from which a block is mapped on its own (and
// unmapped when freed), and glibc trims a heap only past the 4 MB it keeps at its top.
struct aasalint_pages aasalint_populate_own_heap(uintptr_t bytes) {
    struct aasalint_pages pages = {0, 0};
#if defined(__GLIBC__)
    if (bytes > (3 << 20)) bytes = 3 << 20;
    void *block = malloc(bytes);
    if (block == NULL) return pages;
    pages = aasalint_make_present((uintptr_t)block, bytes);
    free(block);
#else
    (void)bytes;
#endif
    return pages;
}
