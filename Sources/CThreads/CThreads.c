// Threads for work that the calling thread shares out (SharedWork.swift) and runs itself too.
//
// On Linux a new thread is queued on the processor of the thread that starts it, which is busy
// running that thread: on the two-processor machines of CI and bench/run it waited there 0.8 to
// 3 ms (up to half of a whole lint of the 128 KB catalog) before the scheduler moved it to the idle
// one, and libdispatch's workers, woken the same way, waited as long. Started on the set of the
// caller's processors without the caller's own, it runs within about 0.1 ms; it then allows every
// processor again, so that the system can still move it. Elsewhere (macOS, musl) threads start
// as pthread_create starts them.

#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CThreads.h"
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

struct start {
    void (*body)(void *context);
    void *context;
#if defined(__GLIBC__)
    int placed;
    cpu_set_t allowed;
#endif
};

static void *run(void *raw) {
    struct start start = *(struct start *)raw;
    free(raw);
#if defined(__GLIBC__)
    if (start.placed) sched_setaffinity(0, sizeof start.allowed, &start.allowed);
#endif
    start.body(start.context);
    return NULL;
}

int aasalint_start_thread(void (*body)(void *context), void *context) {
    struct start *start = malloc(sizeof *start);
    if (start == NULL) return -1;
    start->body = body;
    start->context = context;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
#if defined(__GLIBC__)
    start->placed = 0;
    int current = sched_getcpu();
    if (current >= 0 && sched_getaffinity(0, sizeof start->allowed, &start->allowed) == 0
        && CPU_ISSET(current, &start->allowed) && CPU_COUNT(&start->allowed) > 1) {
        cpu_set_t elsewhere = start->allowed;
        CPU_CLR(current, &elsewhere);
        start->placed = pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0;
    }
#endif
    pthread_t thread;
    int status = pthread_create(&thread, &attributes, run, start);
    pthread_attr_destroy(&attributes);
    if (status != 0) free(start);
    return status;
}

int aasalint_processor_count(void) {
#if defined(__GLIBC__)
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) return CPU_COUNT(&allowed);
#endif
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (int)online : 1;
}
