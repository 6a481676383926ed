/* Allocator settings for a process that renders many photos. */

#include "CImaging.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/*
 * Lets glibc keep up to 64 MB of freed memory for reuse (allocations under 32 MB come
 * from the heap, which is trimmed only past 64 MB free), instead of returning each
 * photo's buffers to the system and faulting them in again for the next. That is kept
 * in each malloc arena, and glibc makes up to eight arenas a core for threads that
 * allocate at once: `arenas` bounds them (the render workers are threads of their own, as
 * many as --jobs). Returns 0 if glibc refused a value; elsewhere it does nothing and
 * returns 1.
 */
int ps_keep_freed_memory(int arenas) {
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, arenas) && mallopt(M_MMAP_THRESHOLD, 32 << 20) && mallopt(M_TRIM_THRESHOLD, 64 << 20);
#else
    (void)arenas;
    return 1;
#endif
}

