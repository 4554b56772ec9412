#ifndef AASALINT_CTHREADS_H
#define AASALINT_CTHREADS_H

/// Starts `body(context)` on a new detached thread, placed first on another processor than the
/// caller's where the system allows it (see CThreads.c). Returns 0, or the error of pthread_create.
int aasalint_start_thread(void (*body)(void *context), void *context);

/// How many processors this process may run on.
int aasalint_processor_count(void);

#endif
