// Counts heap allocations for `keytrace bench`: the allocations one thread makes while it
// dispatches are a counter `compare` gates on, so the count must be the same on every run of the
// same binary and trace. Linked into every executable that links the Bench module.
//
// Two things make a plain count of malloc calls vary between identical runs, and both are
// handled here:
//
// - Other threads. The count is per thread (`__thread`): allocations a runtime or library
//   thread makes meanwhile are not the dispatching thread's.
// - Heap layout. Swift sizes a growing array or string by `malloc_usable_size`, so a block glibc
//   happens to cut 16 bytes larger (it keeps a remainder too small to split) holds one more
//   element, and the next append reallocates later or not at all. Which block a request gets
//   depends on the heap's history (hash seeds, address order), not on the program. Every request
//   is therefore rounded up so that glibc's chunk for it is a multiple of 32 bytes, and
//   `malloc_usable_size` reports the 32-byte multiple below the chunk's size: the chunk is that
//   multiple or 16 bytes more, so the answer is a function of the request alone, and never less
//   than it. Blocks glibc maps whole (large ones) are whole pages and reported as they are.
#include "CAllocationCounter.h"
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__linux__) && defined(__GLIBC__) && (defined(__x86_64__) || defined(__aarch64__))

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread unsigned long long allocations = 0;

static inline void count_one(void) { allocations += 1; }

// glibc's chunk header word before the block: the chunk's size, flags in the low 3 bits.
#define CHUNK_FLAGS 7u
#define CHUNK_IS_MMAPPED 2u
#define SIZE_WORD 8u
#define PAGE_ROUNDING 4096u

// The request that makes glibc's chunk a multiple of 32: a chunk is the request plus the size
// word, rounded up to 16 bytes.
static inline size_t rounded(size_t size) {
    if (size > SIZE_MAX - 64) return size;  // fails in glibc anyway
    return ((size + SIZE_WORD + 31) & ~(size_t)31) - SIZE_WORD;
}

void *malloc(size_t size) { count_one(); return __libc_malloc(rounded(size)); }

void *calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    count_one();
    return __libc_calloc(1, rounded(total));
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) count_one();
    if (pointer != NULL && size == 0) {
        __libc_free(pointer);
        return NULL;
    }
    return __libc_realloc(pointer, rounded(size));
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, rounded(size)); }
void *aligned_alloc(size_t alignment, size_t size) { count_one(); return __libc_memalign(alignment, rounded(size)); }
void *valloc(size_t size) { count_one(); return __libc_memalign(PAGE_ROUNDING, rounded(size)); }

void *pvalloc(size_t size) {
    count_one();
    size_t pages = (size + PAGE_ROUNDING - 1) & ~(size_t)(PAGE_ROUNDING - 1);
    return __libc_memalign(PAGE_ROUNDING, rounded(pages == 0 ? PAGE_ROUNDING : pages));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_one();
    void *pointer = __libc_memalign(alignment, rounded(size));
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

size_t malloc_usable_size(void *pointer) {
    if (pointer == NULL) return 0;
    size_t word;
    memcpy(&word, (const char *)pointer - SIZE_WORD, sizeof word);
    size_t chunk = word & ~(size_t)CHUNK_FLAGS;
    if (word & CHUNK_IS_MMAPPED) return chunk - 2 * SIZE_WORD;
    return (chunk & ~(size_t)31) - SIZE_WORD;
}

unsigned long long keytrace_allocation_count(void) { return allocations; }
int keytrace_allocation_counting_available(void) { return 1; }
#else
unsigned long long keytrace_allocation_count(void) { return 0; }
int keytrace_allocation_counting_available(void) { return 0; }
#endif
