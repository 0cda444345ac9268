#ifndef KEYTRACE_CCACHEHINT_H
#define KEYTRACE_CCACHEHINT_H

/// Asks the processor to bring the cache line holding `address` into this core's cache, ready
/// to be written (x86-64 PREFETCHW: the line is taken exclusive, so another core's copy is
/// invalidated now rather than when the store comes). Only a hint: it never faults and never
/// changes memory. Processors without the instruction treat it as a no-op.
static inline void keytrace_prefetch_for_write(const void *address) {
#if defined(__x86_64__) || defined(__i386__)
    __asm__ __volatile__("prefetchw %0" : : "m"(*(const char *)address));
#else
    __builtin_prefetch(address, 1, 3);
#endif
}

/// Asks the processor to bring the cache line holding `address` into this core's cache for
/// reading, ahead of the load that needs it. Only a hint: it never faults.
static inline void keytrace_prefetch_for_read(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
