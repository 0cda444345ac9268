#include "CCRC32C.h"
#include <pthread.h>
#include <string.h>

// The instruction is a dependent chain (each step needs the last step's result), so long
// buffers are cut into three equal blocks whose CRCs run side by side and are then combined:
// for the raw (not inverted) register, crc(s, A B) = shift_|B|(crc(s, A)) ^ crc(0, B), where
// shift_n appends n zero bytes. shift_n is linear, so it is a 32x32 matrix over GF(2), applied
// through four 256-entry tables made once per process.

#define KEYTRACE_CRC_LONG 8192
#define KEYTRACE_CRC_SHORT 256

static uint32_t long_shift[4][256];
static uint32_t short_shift[4][256];
static pthread_once_t shift_tables_once = PTHREAD_ONCE_INIT;

// A 32x32 matrix over GF(2): column i is the image of bit i.
static uint32_t gf2_apply(const uint32_t *matrix, uint32_t vector) {
    uint32_t result = 0;
    for (int i = 0; vector != 0; i++, vector >>= 1) {
        if (vector & 1) result ^= matrix[i];
    }
    return result;
}

// Fills `table` with shift_bytes (bytes a power of two) applied to each byte of a register.
static void make_shift_table(uint32_t table[4][256], size_t bytes) {
    uint32_t a[32], b[32];
    // One zero bit through the reflected register: x >> 1, and the polynomial when bit 0 was set.
    a[0] = 0x82F63B78u;
    for (int i = 1; i < 32; i++) a[i] = 1u << (i - 1);
    uint32_t *current = a, *next = b;
    for (size_t bits = 1; bits < 8 * bytes; bits <<= 1) {
        for (int i = 0; i < 32; i++) next[i] = gf2_apply(current, current[i]);
        uint32_t *t = current;
        current = next;
        next = t;
    }
    for (int k = 0; k < 4; k++) {
        for (uint32_t v = 0; v < 256; v++) table[k][v] = gf2_apply(current, v << (8 * k));
    }
}

static void make_shift_tables(void) {
    make_shift_table(long_shift, KEYTRACE_CRC_LONG);
    make_shift_table(short_shift, KEYTRACE_CRC_SHORT);
}

static inline uint32_t shift(uint32_t table[4][256], uint32_t crc) {
    return table[0][crc & 0xFF] ^ table[1][(crc >> 8) & 0xFF] ^ table[2][(crc >> 16) & 0xFF] ^ table[3][crc >> 24];
}

static inline uint64_t load64(const unsigned char *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

// Whole blocks of BLOCK bytes, three side by side, while three fit; TABLE shifts by BLOCK bytes.
#define KEYTRACE_CRC_BLOCKS(STEP64, BLOCK, TABLE)                                             \
    while (count >= 3 * (BLOCK)) {                                                            \
        uint64_t crc1 = 0, crc2 = 0;                                                          \
        const unsigned char *end = p + (BLOCK);                                               \
        do {                                                                                  \
            crc0 = STEP64(crc0, load64(p));                                                   \
            crc1 = STEP64(crc1, load64(p + (BLOCK)));                                         \
            crc2 = STEP64(crc2, load64(p + 2 * (BLOCK)));                                     \
            p += 8;                                                                           \
        } while (p < end);                                                                    \
        crc0 = shift(TABLE, (uint32_t)crc0) ^ (uint32_t)crc1;                                 \
        crc0 = shift(TABLE, (uint32_t)crc0) ^ (uint32_t)crc2;                                 \
        p += 2 * (BLOCK);                                                                     \
        count -= 3 * (BLOCK);                                                                 \
    }

// The whole update over one processor's instructions: STEP64(crc, word) and STEP8(crc, byte).
#define KEYTRACE_CRC_BODY(STEP64, STEP8)                                                      \
    const unsigned char *p = (const unsigned char *)bytes;                                    \
    uint64_t crc0 = state;                                                                    \
    if (count >= 3 * KEYTRACE_CRC_SHORT) {                                                    \
        pthread_once(&shift_tables_once, make_shift_tables);                                  \
        KEYTRACE_CRC_BLOCKS(STEP64, KEYTRACE_CRC_LONG, long_shift)                            \
        KEYTRACE_CRC_BLOCKS(STEP64, KEYTRACE_CRC_SHORT, short_shift)                          \
    }                                                                                         \
    while (count >= 8) {                                                                      \
        crc0 = STEP64(crc0, load64(p));                                                       \
        p += 8;                                                                               \
        count -= 8;                                                                           \
    }                                                                                         \
    uint32_t c = (uint32_t)crc0;                                                              \
    while (count > 0) {                                                                       \
        c = STEP8(c, *p);                                                                     \
        p += 1;                                                                               \
        count -= 1;                                                                           \
    }                                                                                         \
    return c;

#if defined(__x86_64__)

int keytrace_crc32c_hardware_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

__attribute__((target("sse4.2")))
uint32_t keytrace_crc32c_update(uint32_t state, const void *bytes, size_t count) {
    KEYTRACE_CRC_BODY(__builtin_ia32_crc32di, __builtin_ia32_crc32qi)
}

#elif defined(__aarch64__) && defined(__linux__)

#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif

int keytrace_crc32c_hardware_available(void) {
    return (getauxval(AT_HWCAP) & HWCAP_CRC32) ? 1 : 0;
}

__attribute__((target("crc")))
uint32_t keytrace_crc32c_update(uint32_t state, const void *bytes, size_t count) {
    KEYTRACE_CRC_BODY(__builtin_arm_crc32cd, __builtin_arm_crc32cb)
}

#else

int keytrace_crc32c_hardware_available(void) { return 0; }

uint32_t keytrace_crc32c_update(uint32_t state, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return state;
}

#endif
