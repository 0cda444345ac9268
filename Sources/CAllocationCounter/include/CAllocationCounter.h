#ifndef KEYTRACE_ALLOCATION_COUNTER_H
#define KEYTRACE_ALLOCATION_COUNTER_H

/// The number of heap allocations (malloc, calloc, realloc to a new block, aligned variants)
/// the calling thread has made since it started. Only counted in executables that link this
/// target: it interposes the allocator, forwarding to glibc's __libc_* entry points, and makes
/// malloc_usable_size a function of the request alone (counter.c says why).
unsigned long long keytrace_allocation_count(void);

/// Whether allocations are being counted (false where the allocator cannot be interposed).
int keytrace_allocation_counting_available(void);

#endif
