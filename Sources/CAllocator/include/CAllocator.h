#ifndef AASALINT_CALLOCATOR_H
#define AASALINT_CALLOCATOR_H

/// Sets glibc's allocator for a short run that allocates a few megabytes: see CAllocator.c.
void aasalint_tune_allocator(void);

#endif
