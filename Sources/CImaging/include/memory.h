#ifndef PROOFSHEET_CIMAGING_MEMORY_H
#define PROOFSHEET_CIMAGING_MEMORY_H

/* How much freed memory glibc keeps between photos. */

/* MARK: Memory (memory.c) */

/* Lets glibc keep up to 64 MB of freed memory for reuse between photos, in at most
   `arenas` malloc arenas. Returns 0 if glibc refused a value; elsewhere it does nothing
   and returns 1. */
int ps_keep_freed_memory(int arenas);

#endif
