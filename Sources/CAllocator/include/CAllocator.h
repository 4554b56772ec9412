#ifndef AASALINT_CALLOCATOR_H
#define AASALINT_CALLOCATOR_H

#include <stdint.h>

/// Sets glibc's allocator for a short run that allocates a few megabytes: see CAllocator.c.
void aasalint_tune_allocator(void);

/// Whole pages of memory, from `start`; none when `length` is 0.
struct aasalint_pages {
    uintptr_t start;
    uintptr_t length;
};

/// Has the kernel make present, as if written, the whole pages of the mapped memory from `start`
/// for `length` bytes, without changing what they hold; returns them, or none where the system
/// cannot (before Linux 5.14, not glibc).
struct aasalint_pages aasalint_make_present(uintptr_t start, uintptr_t length);

/// Makes present the pages of the first `most` bytes that the main heap holds past its last
/// block, which its next blocks will take, so that the thread allocating them does not fault on
/// each (see CAllocator.c); returns them.
struct aasalint_pages aasalint_populate_heap(uintptr_t most);

/// Makes present the pages of `bytes` (at most 3 MB) of the calling thread's heap that its next
/// blocks will take (see CAllocator.c); returns them.
struct aasalint_pages aasalint_populate_own_heap(uintptr_t bytes);

#endif
