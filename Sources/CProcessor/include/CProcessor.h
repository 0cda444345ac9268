#ifndef KEYTRACE_CPROCESSOR_H
#define KEYTRACE_CPROCESSOR_H

#include <stdint.h>

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

/// The processor's free-running tick counter: the time-stamp counter on x86-64 (RDTSC), the
/// virtual counter on ARM64 (CNTVCT_EL0); 0 elsewhere. Ticks run at a constant rate only where
/// the kernel uses this counter as its clock source; callers check that first.
static inline uint64_t keytrace_tick_counter(void) {
#if defined(__x86_64__)
    uint32_t low, high;
    __asm__ __volatile__("rdtsc" : "=a"(low), "=d"(high));
    return ((uint64_t)high << 32) | low;
#elif defined(__aarch64__)
    uint64_t value;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
    return value;
#else
    return 0;
#endif
}

#endif
