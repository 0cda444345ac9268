// Counts heap allocations for `keytrace bench` (allocations per press is a deterministic
// counter that `compare` gates on). Linked into every executable that links the Bench module.
#include "CAllocationCounter.h"
#include <errno.h>
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static unsigned long long allocations = 0;

static inline void count_one(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count_one(); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { count_one(); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) count_one();
    return __libc_realloc(pointer, size);
}
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, size); }
void *valloc(size_t size) { count_one(); return __libc_valloc(size); }
void *pvalloc(size_t size) { count_one(); return __libc_pvalloc(size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

unsigned long long keytrace_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
int keytrace_allocation_counting_available(void) { return 1; }
#else
unsigned long long keytrace_allocation_count(void) { return 0; }
int keytrace_allocation_counting_available(void) { return 0; }
#endif
