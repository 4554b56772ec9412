// glibc's allocator, set for what aasalint is: a process that lives a few milliseconds and reads a
// file into megabytes of small objects. By default glibc grows its heap 128 KB at a time (a brk
// and mprotect system call each, 111 mprotect and 35 brk calls to lint the 128 KB catalog of
// bench/run) and gives every block of 128 KB or more a fresh mmap, whose pages fault in again
// each time (a million URLs through `match --urls`: 22,739 page faults, 2,907 with the settings
// below). Growing 4 MB at a time reserves address space only: pages are still touched when used.
// (mallopt is glibc's; the toolchain's Glibc module does not declare it, hence this file.)

// Elsewhere (macOS, where Package.swift does not link this target; musl) it does nothing.

#include "CAllocator.h"

// __GLIBC__ comes with the first header of the C library, so Linux is told first.
#if defined(__linux__)
#include <malloc.h>
#endif

void aasalint_tune_allocator(void) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 4 << 20);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
#endif
}
